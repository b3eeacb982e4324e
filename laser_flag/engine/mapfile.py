"""Read, validate and write the JSON map format of MAP_FORMAT.md.

Every refusal is a MapError whose message names the file, the place in it and
the problem, e.g. ``maps/x.json: units[3]: (4, 7) is a wall``; `map_problems` lists
every problem of a map, the first being the one `parse_map` raises. Reading never
modifies a file; writing goes through a temporary file renamed into place.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from ..i18n import _
from . import balance_key, json_reader
from .atomic_file import write_atomic
from .game_map import (
    DEFAULT_ALT_TEAM_COLOR,
    DEFAULT_B_W_TEAM_COLOR,
    DEFAULT_SCORE_LIMIT,
    DEFAULT_TEAM_COLOR,
    DEFAULT_TEAM_NAMES,
    FORMAT_VERSION,
    MAX_SIDE,
    MIN_SIDE,
    TEAMS,
    TILE_KINDS,
    WALL,
    GameMap,
    Pos,
    TeamLook,
    UnitSpec,
)
from .ruleset import CLASSES, DEFAULT_RULESET, RulesError, Ruleset
from .shown_text import why_unshowable

MAX_BYTES = 1024 * 1024  # MAP_FORMAT.md: a file over 1 MiB is refused
MAX_TEAM_NAME_CHARS = 40  # MAP_FORMAT.md, and the players' names in a save (save_schema)
MAX_TEXT_CHARS = {"name": 200, "author": 200, "description": 4000}
MULTILINE_TEXTS = frozenset({"description"})
OUTLINES = ("black", "white")
T = TypeVar("T")


class MapError(ValueError):
    """A map that breaks MAP_FORMAT.md; the message names file, place and problem.

    `cells` are the board tiles (row, col) the problem is about, so an editor can mark them;
    `detail` is the message without the file's name; `unit` is the index of a well-formed unit
    entry standing where no unit may (outside the grid, on a wall, on another unit's tile), so
    an editor can select it and move it away.
    """

    def __init__(self, message: str, cells: tuple[Pos, ...] = (), detail: str = "",
                 unit: int | None = None) -> None:
        super().__init__(message)
        self.cells = cells
        self.detail = detail or message
        self.unit = unit


def _error(source: str, place: str, problem: str, cells: tuple[Pos, ...] = (),
           unit: int | None = None) -> MapError:
    return MapError(f"{source}: {place}: {problem}", cells, f"{place}: {problem}", unit)


class _Problems:
    """The problems found so far: a refused part is noted and the reading goes on."""

    def __init__(self) -> None:
        self.found: list[MapError] = []

    def attempt(self, check: Callable[..., T], *args: Any, fallback: T) -> T:
        """`check(*args)`, or `fallback` once its MapError is noted."""
        try:
            return check(*args)
        except MapError as e:
            self.found.append(e)
            return fallback


def _show(value: Any) -> str:
    """A short JSON rendering of a bad value for an error message."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(value: Any) -> bool:
    """JSON integers only: bools are not numbers here."""
    return isinstance(value, int) and not isinstance(value, bool)


def _is_list(value: Any) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str | bytes)


# --- reading ---------------------------------------------------------------


def load_map(path: str | os.PathLike[str]) -> GameMap:
    """Read a map file (a regular file of at most 1 MiB of UTF-8 JSON) and validate it."""
    return parse_map(read_map_json(path), os.fspath(path))


def read_map_json(path: str | os.PathLike[str]) -> Any:
    """A map file's decoded JSON, read as `load_map` reads it but not yet validated."""
    try:
        return json_reader.read_json(path, MAX_BYTES)
    except json_reader.ReadError as e:
        raise _error(os.fspath(path), e.place, e.problem) from None


def load_map_text(text: str, source: str) -> GameMap:
    """Decode JSON text and validate it as a map; `source` names it in errors."""
    try:
        data = json_reader.parse(text)
    except json_reader.ReadError as e:
        raise _error(source, e.place, e.problem) from None
    return parse_map(data, source)


def parse_map(data: Any, source: str = "<map>") -> GameMap:
    """Validate a decoded JSON value as a map; the GameMap keeps a copy of it for saving.

    A refused map raises its first problem, the first of `map_problems`."""
    problems, gm = _read(data, source)
    if gm is None:
        raise problems[0]
    return gm


def map_problems(data: Any, source: str = "<map>") -> list[MapError]:
    """Every problem of a decoded map in the order `parse_map` meets them; [] when it is valid.

    Each part is read on after a refused entry (a tile, a unit, a team's value), but a part
    that is not there to read (tiles that form no grid, units that are no array) stops there,
    and units are not read against tiles that form no grid."""
    return _read(data, source)[0]


def _read(data: Any, source: str) -> tuple[list[MapError], GameMap | None]:
    """The problems, and the map when there are none."""
    if not isinstance(data, Mapping):
        problem = _("must be a JSON object, not {value}").format(value=_show(data))
        return [_error(source, _("top level"), problem)], None
    p = _Problems()
    tiles = p.attempt(_parse_tiles, data, source, p, fallback=None)
    units = [] if tiles is None else p.attempt(_parse_units, data, source, tiles, p, fallback=[])
    p.attempt(_parse_format, data, source, fallback=None)
    p.attempt(_parse_balance, data, source, fallback=None)
    teams = _parse_teams(data, source, p)
    score_limit = _team_values(data, "score_limit", source, _check_score, DEFAULT_SCORE_LIMIT, p)
    turn_limit = p.attempt(_parse_turn_limit, data, source, fallback=None)
    rules = p.attempt(_parse_rules, data, source, fallback=DEFAULT_RULESET)
    fog_of_war = p.attempt(_parse_fog, data, source, fallback=False)
    texts = {key: p.attempt(_text, data, key, source, fallback="") for key in MAX_TEXT_CHARS}
    if p.found or tiles is None:
        return p.found, None
    gm = GameMap(tiles, units, teams=teams, score_limit=score_limit, turn_limit=turn_limit,
                 rules=rules, fog_of_war=fog_of_war, **texts, source=source, data=data)
    return [], gm


def _required(data: Mapping[str, Any], key: str, source: str) -> list[Any]:
    if key not in data:
        raise _error(source, key, _("missing (required)"))
    value = data[key]
    if not _is_list(value):
        raise _error(source, key, _("must be an array, not {value}").format(value=_show(value)))
    return list(value)


def _check_side(source: str, place: str, count: int, problem: str) -> None:
    """`count` rows or columns within the bounds; `problem` (with {count}, {low} and {high})
    says so otherwise."""
    if not MIN_SIDE <= count <= MAX_SIDE:
        raise _error(source, place, problem.format(count=count, low=MIN_SIDE, high=MAX_SIDE))


def _parse_tiles(data: Mapping[str, Any], source: str, p: _Problems) -> list[list[str]]:
    """The grid (MapError when there is none); each unknown tile is a problem of its own."""
    rows = _required(data, "tiles", source)
    _check_side(source, "tiles", len(rows), _("{count} rows, must be {low} to {high}"))
    for r, row in enumerate(rows):
        if not _is_list(row):
            raise _error(source, f"tiles[{r}]", _("must be an array of tile names, not {value}"
                                                  ).format(value=_show(row)))
        if len(row) != len(rows[0]):
            raise _error(source, f"tiles[{r}]", _("has {count} tiles, row 0 has {first}").format(
                count=len(row), first=len(rows[0])))
    _check_side(source, "tiles[0]", len(rows[0]), _("{count} columns, must be {low} to {high}"))
    for r, row in enumerate(rows):
        for c, kind in enumerate(row):
            if kind not in TILE_KINDS:
                p.found.append(_error(
                    source,
                    _("tiles[{r}][{c}] (row {r}, column {c})").format(r=r, c=c),
                    _("unknown tile {value} (one of {known})").format(
                        value=_show(kind), known=", ".join(TILE_KINDS)),
                    cells=((r, c),),
                ))
    return [list(row) for row in rows]


def _parse_unit(source: str, i: int, entry: Any, tiles: list[list[str]]) -> UnitSpec:
    place = f"units[{i}]"
    if not _is_list(entry) or len(entry) != 4:
        raise _error(source, place, _("must be [team, class, row, col], not {value}").format(
            value=_show(entry)))
    team, unit_class, r, c = entry
    if team not in TEAMS:
        raise _error(source, place, _('team must be "1" or "2", not {value}').format(
            value=_show(team)))
    if unit_class not in CLASSES:
        raise _error(source, place, _("unknown class {value} (one of {known})").format(
            value=_show(unit_class), known=", ".join(CLASSES)))
    if not (_is_int(r) and _is_int(c)):
        raise _error(source, place, _("row and col must be integers, not {value}").format(
            value=_show([r, c])))
    if not (0 <= r < len(tiles) and 0 <= c < len(tiles[0])):
        problem = _("({r}, {c}) is outside the grid ({rows} rows, {cols} columns)").format(
            r=r, c=c, rows=len(tiles), cols=len(tiles[0]))
        raise _error(source, place, problem, unit=i)
    if tiles[r][c] == WALL:
        raise _error(source, place, _("({r}, {c}) is a wall").format(r=r, c=c),
                     cells=((r, c),), unit=i)
    return UnitSpec(team, unit_class, (r, c))


def _parse_units(data: Mapping[str, Any], source: str, tiles: list[list[str]],
                 p: _Problems) -> list[UnitSpec]:
    """The units (MapError when there is no array of them); each refused entry is a problem."""
    units: list[UnitSpec] = []
    taken: dict[Pos, int] = {}
    for i, entry in enumerate(_required(data, "units", source)):
        unit = p.attempt(_parse_unit, source, i, entry, tiles, fallback=None)
        if unit is None:
            continue
        if unit.pos in taken:
            problem = _("{pos} is also the tile of units[{other}]").format(
                pos=unit.pos, other=taken[unit.pos])
            p.found.append(_error(source, f"units[{i}]", problem, cells=(unit.pos,), unit=i))
            continue
        taken[unit.pos] = i
        units.append(unit)
    return units


def _check_text(source: str, place: str, value: Any, limit: int, lines: bool = False) -> str:
    """A string of at most `limit` characters (every screen that draws it stays bounded), each
    of which can be shown (shown_text.py; `lines`: line breaks allowed)."""
    if not isinstance(value, str):
        raise _error(source, place, _("must be a string, not {value}").format(value=_show(value)))
    if len(value) > limit:
        raise _error(source, place, _("{count:,} characters, at most {limit:,}").format(
            count=len(value), limit=limit))
    why = why_unshowable(value, lines)
    if why is not None:
        raise _error(source, place, why)
    return value


def _check_name(source: str, place: str, value: Any) -> str:
    return _check_text(source, place, value, MAX_TEAM_NAME_CHARS)


def _check_color(source: str, place: str, value: Any) -> tuple[int, int, int]:
    channels_ok = _is_list(value) and all(_is_int(v) and 0 <= v <= 255 for v in value)
    if not (channels_ok and len(value) == 3):
        raise _error(source, place, _("must be three integers 0-255 [r, g, b], not {value}"
                                      ).format(value=_show(value)))
    return (value[0], value[1], value[2])


def _check_outline(source: str, place: str, value: Any) -> str:
    if value not in OUTLINES:
        raise _error(source, place, _('must be "black" or "white", not {value}').format(
            value=_show(value)))
    return value


def _check_score(source: str, place: str, value: Any) -> int:
    if not (_is_int(value) and value > 0):
        raise _error(source, place, _("must be a positive integer, not {value}").format(
            value=_show(value)))
    return value


def _team_values(
    data: Mapping[str, Any],
    key: str,
    source: str,
    check: Callable[[str, str, Any], Any],
    defaults: Mapping[str, Any],
    p: _Problems,
) -> dict[str, Any]:
    """A per-team optional key; a team the file leaves out (or gives a refused value) gets its
    default."""
    values = dict(defaults)
    given = data.get(key, {})
    if not isinstance(given, Mapping):
        problem = _('must be an object with keys "1" and "2", not {value}').format(
            value=_show(given))
        p.found.append(_error(source, key, problem))
        return values
    for team, value in given.items():
        if team not in TEAMS:
            p.found.append(_error(source, f"{key}[{_show(team)}]",
                                  _('unknown team (teams are "1" and "2")')))
            continue
        values[team] = p.attempt(check, source, f'{key}["{team}"]', value, fallback=values[team])
    return values


def _parse_teams(data: Mapping[str, Any], source: str, p: _Problems) -> dict[str, TeamLook]:
    names = _team_values(data, "team_names", source, _check_name, DEFAULT_TEAM_NAMES, p)
    colors = _team_values(data, "team_color", source, _check_color, DEFAULT_TEAM_COLOR, p)
    alts = _team_values(data, "alt_team_color", source, _check_color, DEFAULT_ALT_TEAM_COLOR, p)
    outlines = _team_values(data, "b_w_team_color", source, _check_outline,
                            DEFAULT_B_W_TEAM_COLOR, p)
    return {t: TeamLook(names[t], colors[t], alts[t], outlines[t]) for t in TEAMS}


def _parse_turn_limit(data: Mapping[str, Any], source: str) -> int | None:
    value = data.get("turn_limit")
    if value is not None and not (_is_int(value) and value > 0):
        problem = _("must be a positive integer or null, not {value}").format(
            value=_show(value))
        raise _error(source, "turn_limit", problem)
    return value


def _parse_fog(data: Mapping[str, Any], source: str) -> bool:
    value = data.get("fog_of_war", False)
    if not isinstance(value, bool):
        raise _error(source, "fog_of_war", _("must be true or false, not {value}").format(
            value=_show(value)))
    return value


def _parse_format(data: Mapping[str, Any], source: str) -> None:
    value = data.get("format", FORMAT_VERSION)
    if not (_is_int(value) and value > 0):
        raise _error(source, "format", _("must be a positive integer, not {value}").format(
            value=_show(value)))


def _parse_balance(data: Mapping[str, Any], source: str) -> None:
    """The lab's badge, when there is one: checked here, read by laser_flag.lab.badge."""
    if "balance" not in data:
        return
    try:
        balance_key.check(data["balance"])
    except balance_key.BadgeError as e:
        raise _error(source, e.place, e.problem) from None


def _text(data: Mapping[str, Any], key: str, source: str) -> str:
    return _check_text(source, key, data.get(key, ""), MAX_TEXT_CHARS[key],
                       lines=key in MULTILINE_TEXTS)


def _parse_rules(data: Mapping[str, Any], source: str) -> Ruleset:
    if "rules" not in data:
        return DEFAULT_RULESET
    try:
        return DEFAULT_RULESET.with_overrides(data["rules"], where="rules")
    except RulesError as e:
        detail = json_reader.clip(str(e))
        raise MapError(f"{source}: {detail}", detail=detail) from None


def teams_without_units(gm: GameMap) -> tuple[str, ...]:
    """The teams that have no starting unit: no game can start while there is one."""
    teams_present = {unit.team for unit in gm.units}
    return tuple(t for t in TEAMS if t not in teams_present)


def team_without_units(gm: GameMap) -> str | None:
    """The first team that has no starting unit (a game cannot start), or None."""
    return next(iter(teams_without_units(gm)), None)


# --- writing ---------------------------------------------------------------


def _is_flat(obj: Any) -> bool:
    """A container of plain values only: written on one line (a tile row, a unit, a colour)."""
    values = obj.values() if isinstance(obj, dict) else obj
    return not any(isinstance(v, dict | list) for v in values)


def _json_text(obj: Any, indent: int = 0) -> str:
    """Indented JSON in which a container of plain values stays on one line, for short diffs."""
    if not isinstance(obj, dict | list) or _is_flat(obj):
        return json.dumps(obj, ensure_ascii=False)
    pad = "  " * (indent + 1)
    if isinstance(obj, dict):
        items = [
            f"{pad}{json.dumps(k, ensure_ascii=False)}: {_json_text(v, indent + 1)}"
            for k, v in obj.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + "  " * indent + "}"
    items = [pad + _json_text(v, indent + 1) for v in obj]
    return "[\n" + ",\n".join(items) + "\n" + "  " * indent + "]"


def write_json_atomic(path: str | os.PathLike[str], obj: Any) -> None:
    """Write `obj` as UTF-8 JSON so that `path` holds either the old or the new file, never half."""
    # Serialise first (a bad object leaves no temp file); the round trip turns tuples into
    # lists and keys into strings as JSON does, so the layout code sees plain JSON values only.
    data = (_json_text(json.loads(json.dumps(obj, allow_nan=False))) + "\n").encode("utf-8")
    write_atomic(path, lambda f: f.write(data))


def save_map(data: Mapping[str, Any], path: str | os.PathLike[str]) -> None:
    """Validate a map object (MapError: nothing is written), then write it atomically."""
    parse_map(data, os.fspath(path))
    write_json_atomic(path, data)
