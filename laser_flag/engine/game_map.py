"""The board of RULES.md §1: grid, tile kinds, bases, neighbours."""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

from ..i18n import N_, _
from . import sight
from .los import Visibility
from .ruleset import COLUMNS, DEFAULT_RULESET, Ruleset
from .terms import TEAMS, Team
from .terms import other_team as other_team  # its old home: modules above still import it here

T = TypeVar("T")
_MISSING = object()

Pos = tuple[int, int]

LEVEL, ELEVATED, WALL = "level", "elevated", "wall"
BASE_1, BASE_2, BASE_U = "base_1", "base_2", "base_u"
TILE_KINDS = (LEVEL, ELEVATED, WALL, BASE_1, BASE_2, BASE_U)
BASES = (BASE_1, BASE_2, BASE_U)
MIN_SIDE, MAX_SIDE = 5, 21

ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))  # north, south, west, east
NEIGHBOURS = ORTHOGONAL + ((-1, -1), (-1, 1), (1, -1), (1, 1))

# Defaults of MAP_FORMAT.md's optional keys.
DEFAULT_TEAM_NAMES = {"1": "Alice", "2": "Bob"}
DEFAULT_TEAM_COLOR = {"1": (30, 30, 30), "2": (180, 40, 180)}
DEFAULT_ALT_TEAM_COLOR = {"1": (180, 20, 20), "2": (0, 200, 200)}
DEFAULT_B_W_TEAM_COLOR = {"1": "white", "2": "black"}
DEFAULT_SCORE_LIMIT = {"1": 21, "2": 21}

# Also the maps' JSON values: N_ marks them for the screens, which translate them as they draw.
MODE_CTF, MODE_ASSAULT, MODE_ELIMINATION = N_("Capture the Flag"), N_("Assault"), N_("Elimination")
FORMAT_VERSION = 1


def possessive(name: str) -> str:
    """The owner form of a team's name in the language spoken: Bob's, but Raiders' for a plural
    (the catalogues say how each language makes it)."""
    # TRANSLATORS: a team's name as its owner ("Raiders'" for a name ending in s, else "Bob's"),
    # as in "It is Bob's turn." ({whose} there).
    return (_("{name}'") if name.endswith("s") else _("{name}'s")).format(name=name)


def base_serves(kind: str, team: str) -> bool:
    """Whether a tile of this kind recharges lasers of `team`."""
    return kind == BASE_U or kind == f"base_{team}"


@dataclass(frozen=True)
class UnitSpec:
    """A starting unit as the map file lists it; its id is its index in the list."""

    team: Team
    unit_class: str
    pos: Pos

    def __post_init__(self) -> None:
        object.__setattr__(self, "team", Team(self.team))  # "1" as read from a file: Team.ONE


@dataclass(frozen=True)
class TeamLook:
    """How a team is drawn: name, colours and outline shade."""

    name: str
    color: tuple[int, int, int]
    alt_color: tuple[int, int, int]
    outline: str


class GameMap:
    """A validated map. Build one with `mapfile.load_map` or `mapfile.parse_map`."""

    def __init__(
        self,
        tiles: Sequence[Sequence[str]],
        units: Sequence[UnitSpec],
        *,
        teams: Mapping[str, TeamLook],
        score_limit: Mapping[str, int],
        turn_limit: int | None,
        rules: Ruleset = DEFAULT_RULESET,
        fog_of_war: bool = False,
        name: str = "",
        author: str = "",
        description: str = "",
        source: str = "<map>",
        data: Mapping[str, Any] | None = None,
    ) -> None:
        self.tiles: tuple[tuple[str, ...], ...] = tuple(tuple(row) for row in tiles)
        self.rows = len(self.tiles)
        self.cols = len(self.tiles[0]) if self.rows else 0
        # asked on every move and by bots for thousands of tiles a turn: a set answers at once
        self._cover = frozenset((r, c) for r, row in enumerate(self.tiles)
                                for c, kind in enumerate(row) if kind == ELEVATED)
        self.units: tuple[UnitSpec, ...] = tuple(units)
        self.teams = dict(teams)
        self.score_limit = dict(score_limit)
        self.turn_limit = turn_limit
        self.rules = rules
        self.fog_of_war = fog_of_war  # the map's default; a game may switch it (RULES §9)
        self.name = name or Path(source).stem
        self.author = author
        self.description = description
        self.source = source
        self._data = copy.deepcopy(dict(data)) if data is not None else None
        self._memo: dict[tuple[Callable[..., Any], tuple[Hashable, ...]], Any] = {}
        self._memo_lock = threading.RLock()  # threads share a map; a table may build another

    def tile(self, r: int, c: int) -> str:
        return self.tiles[r][c]

    def in_bounds(self, pos: Pos) -> bool:
        return 0 <= pos[0] < self.rows and 0 <= pos[1] < self.cols

    def kind(self, pos: Pos) -> str:
        """The tile kind at `pos`; outside the grid counts as wall (impassable, no LOS)."""
        return self.tiles[pos[0]][pos[1]] if self.in_bounds(pos) else WALL

    def is_wall(self, pos: Pos) -> bool:
        return self.kind(pos) == WALL

    def is_cover(self, pos: Pos) -> bool:
        return pos in self._cover

    def positions(self) -> Iterator[Pos]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield (r, c)

    def base_serves(self, pos: Pos, team: str) -> bool:
        return pos in self._base_tiles.get(team, ())

    @cached_property
    def _base_tiles(self) -> dict[str, frozenset[Pos]]:
        """usable_bases as sets: a move asks it of its tile whenever the unit's laser is off."""
        return {team: frozenset(tiles) for team, tiles in self._usable_bases.items()}

    @cached_property
    def _usable_bases(self) -> dict[str, tuple[Pos, ...]]:
        kinds = {p: self.kind(p) for p in self.positions()}
        return {t: tuple(p for p, k in kinds.items() if base_serves(k, t)) for t in TEAMS}

    def usable_bases(self, team: str) -> tuple[Pos, ...]:
        """Every tile where `team` recharges, in reading order."""
        return self._usable_bases[team]

    @property
    def mode(self) -> str:
        """Capture the Flag, Assault or Elimination, from which teams have a usable base."""
        with_base = sum(1 for t in TEAMS if self.usable_bases(t))
        return (MODE_ELIMINATION, MODE_ASSAULT, MODE_CTF)[with_base]

    @cached_property
    def visibility(self) -> Visibility:
        """The per-map LOS answers (RULES §4), on first use: from the installed sight store
        if they pass its checks, else built (and handed to the store for the next process)."""
        return sight.visibility(self.tiles)

    def memo(self, build: Callable[..., T], *args: Hashable) -> T:
        """`build(self, *args)`, computed once and kept on the map (walls never change): other
        modules' per-map tables live here, so they go when the map goes. Built once however
        many threads ask at the same moment."""
        key = (build, args)
        kept = self._memo.get(key, _MISSING)
        if kept is _MISSING:
            with self._memo_lock:
                kept = self._memo.get(key, _MISSING)
                if kept is _MISSING:
                    kept = self._memo[key] = build(self, *args)
        return kept

    def __getstate__(self) -> dict[str, Any]:
        """A copy or pickle of the map carries no table (nor the lock guarding them): they are
        made again where it is used."""
        state = {k: v for k, v in self.__dict__.items() if k not in ("visibility", "_memo_lock")}
        state["_memo"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._memo_lock = threading.RLock()

    def to_json_dict(self) -> dict[str, Any]:
        """The map as the JSON object it was read from: every key kept, unknown ones included."""
        if self._data is not None:
            return copy.deepcopy(self._data)
        return map_to_dict(self)

    def json_value(self, key: str) -> Any:
        """One key's value in `to_json_dict()` (a copy), or None: without copying the whole
        map, which the chooser and the badges would do for every card they draw."""
        if self._data is not None:
            return copy.deepcopy(self._data.get(key))
        return map_to_dict(self).get(key)


def _rules_overrides(rules: Ruleset) -> dict[str, dict[str, Any]]:
    """The cells of `rules` that differ from the default table, as a `rules` object."""
    overrides: dict[str, dict[str, Any]] = {}
    for unit_class, default in DEFAULT_RULESET.classes.items():
        current = rules[unit_class]
        cells = {
            col: getattr(current, col)
            for col in COLUMNS
            if getattr(current, col) != getattr(default, col)
        }
        if cells:
            overrides[unit_class] = cells
    return overrides


def map_to_dict(gm: GameMap) -> dict[str, Any]:
    """The JSON object for a map built in memory (one not read from a file)."""
    data: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "name": gm.name,
        "author": gm.author,
        "description": gm.description,
        "tiles": [list(row) for row in gm.tiles],
        "units": [[u.team, u.unit_class, u.pos[0], u.pos[1]] for u in gm.units],
        "team_names": {t: gm.teams[t].name for t in TEAMS},
        "team_color": {t: list(gm.teams[t].color) for t in TEAMS},
        "alt_team_color": {t: list(gm.teams[t].alt_color) for t in TEAMS},
        "b_w_team_color": {t: gm.teams[t].outline for t in TEAMS},
        "score_limit": {t: gm.score_limit[t] for t in TEAMS},
        "turn_limit": gm.turn_limit,
    }
    if gm.fog_of_war:
        data["fog_of_war"] = True
    overrides = _rules_overrides(gm.rules)
    if overrides:
        data["rules"] = overrides
    return data
