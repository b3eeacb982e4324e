"""The whole shape of a save file (versions 1 and 2), checked before anything reads a field.

A save comes from disk and may have been edited by anyone: so every key is checked here for
type, range and size, and the header fields the saves list shows are bounded by the action list
(the load then checks them against the replayed game, and a version 2 save's `digest` against
the rest of the file). The first problem is a SchemaError naming the key path.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

from .bots.levels import LEVELS
from .engine.actions import ACTIONS
from .engine.game_map import MAX_SIDE
from .engine.json_reader import ReadError, clip
from .engine.mapfile import MAX_TEAM_NAME_CHARS
from .engine.shown_text import why_unshowable
from .engine.terms import DRAW, TEAMS, Victory
from .i18n import _

SAVE_FORMAT = "laser-flag-save"
SAVE_VERSION = 2  # 2 added `digest`, a SHA-256 of the rest of the file; 1 is still read
MAX_SAVE_BYTES = 8 * 1024 * 1024  # docs/MAP_FORMAT.md, "Limits of any file the game reads"
MAX_ACTIONS = 200_000
MAX_NAME_CHARS = MAX_TEAM_NAME_CHARS
MAX_MAP_NAME_CHARS = 255  # a map's own name (200 at most) or else its file name's stem
MAX_ID = MAX_SIDE * MAX_SIDE  # no unit id, row or column reaches it
SEED_LIMIT = 2**64
ACTION_ARGS = {name: kind.ARITY for name, kind in ACTIONS.items()}  # record.action_to_json
WINNERS = (*TEAMS, DRAW)
VICTORIES = tuple(Victory)  # the engine's GameOver.victory
_DIGEST = re.compile(r"[0-9a-f]{64}")

Check = Callable[[str, Any], None]


class SchemaError(ReadError):
    """A save that breaks the schema; `place` is the key path, `problem` what is wrong there."""


def _show(value: Any) -> str:
    return clip(repr(value), 40)


def _is_int(value: Any) -> bool:
    return type(value) is int


def _int_from(low: int, high: int) -> Check:
    def check(place: str, value: Any) -> None:
        if not (_is_int(value) and low <= value <= high):
            raise SchemaError(place, _("must be an integer {low} to {high}, not {value}").format(
                low=low, high=high, value=_show(value)))
    return check


def _bool(place: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise SchemaError(place, _("must be true or false, not {value}").format(
            value=_show(value)))


def _text(place: str, value: Any, limit: int = MAX_NAME_CHARS) -> None:
    if not (isinstance(value, str) and len(value) <= limit):
        raise SchemaError(place, _("must be a string of at most {limit} characters").format(
            limit=limit))
    why = why_unshowable(value)
    if why is not None:
        raise SchemaError(place, why)


def _object(place: str, value: Any) -> None:
    if not isinstance(value, dict):
        raise SchemaError(place, _("must be an object, not {value}").format(value=_show(value)))


def _saved_at(place: str, value: Any) -> None:
    _text(place, value)
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise SchemaError(place, _("must be a date and time, not {value}").format(
            value=_show(value))) from None


def _digest(place: str, value: Any) -> None:
    if not (isinstance(value, str) and _DIGEST.fullmatch(value)):
        raise SchemaError(place, _("must be 64 lowercase hex digits (a SHA-256)"))


def _per_team(place: str, value: Any, check: Check, every: bool) -> None:
    """An object keyed by team; `every`: both teams must be there."""
    _object(place, value)
    for team in value:
        if team not in TEAMS:
            raise SchemaError(place, _('unknown team {value} (teams are "1" and "2")').format(
                value=_show(team)))
        check(f"{place}.{team}", value[team])
    if every and set(value) != set(TEAMS):
        raise SchemaError(place, _('must give both teams, "1" and "2"'))


def _one_of(choices: tuple[str, ...]) -> Check:
    def check(place: str, value: Any) -> None:
        if value not in choices:
            raise SchemaError(place, _("must be one of {choices}, not {value}").format(
                choices=", ".join(choices), value=_show(value)))
    return check


def _teams(place: str, value: Any) -> None:
    _object(place, value)
    for key in value:
        if key not in ("names", "levels", "looks"):
            raise SchemaError(place, _('unknown key {value} (keys are "names", "levels", '
                                       '"looks")').format(value=_show(key)))
    if "names" in value:
        _per_team(f"{place}.names", value["names"], _text, every=False)
    if "levels" in value:
        _per_team(f"{place}.levels", value["levels"], _one_of(LEVELS), every=False)
    if "looks" in value:
        _looks(f"{place}.looks", value["looks"])


def _looks(place: str, value: Any) -> None:
    """Whose colours each team wears: both teams, one each (a rematch swaps them)."""
    _per_team(place, value, _one_of(TEAMS), every=True)
    if len(set(value.values())) != len(TEAMS):
        raise SchemaError(place, _("each team must wear different colours"))


def _actions(place: str, value: Any) -> None:
    if not isinstance(value, list) or len(value) > MAX_ACTIONS:
        raise _too_many_actions(place)
    for i, entry in enumerate(value):
        if not _is_action(entry):
            raise SchemaError(f"{place}[{i}]", _("malformed action {value}").format(
                value=_show(entry)))


def _too_many_actions(place: str) -> SchemaError:
    return SchemaError(place, _("must be an array of at most {most:,} actions").format(
        most=MAX_ACTIONS))


def _is_action(entry: Any) -> bool:
    """["move", unit, row, col], ["fire", unit, target] or ["end_turn"], numbers in range."""
    if not (isinstance(entry, list) and entry and isinstance(entry[0], str)):
        return False
    args = entry[1:]
    return len(args) == ACTION_ARGS.get(entry[0], -1) and all(
        _is_int(n) and 0 <= n < MAX_ID for n in args
    )


REQUIRED: dict[str, Check] = {
    "map": _object,
    "seed": _int_from(-SEED_LIMIT, SEED_LIMIT),
    "actions": _actions,
    "teams": _teams,
    "final_digest": _digest,
    "turn": _int_from(1, MAX_ACTIONS + 1),
    "scores": lambda place, value: _per_team(
        place, value, _int_from(0, MAX_ACTIONS), every=True
    ),
}
OPTIONAL: dict[str, Check] = {
    "game_version": lambda place, value: _text(place, value, 40),
    "saved_at": _saved_at,
    "map_name": lambda place, value: _text(place, value, MAX_MAP_NAME_CHARS),
    "round": _int_from(1, MAX_ACTIONS + 1),
    "over": _bool,
    "fog": _bool,  # fog of war (RULES §9); a save from before fog has none: played without
    "winner": _one_of(WINNERS),  # these two only in a finished game's save
    "victory": _one_of(VICTORIES),
    "digest": _digest,  # version 2 on, where it is required: the rest of the file's SHA-256
}
HEADER = ("format", "version")


def check_version(data: Any) -> None:
    """A Laser Flag save of a version this code reads, or SchemaError."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SchemaError(_("top level"), _("not a Laser Flag save"))
    version = data.get("version")
    if not (_is_int(version) and version >= 1):
        raise SchemaError("version", _("the save has no valid version number"))
    if version > SAVE_VERSION:
        raise SchemaError(
            "version",
            _("saved by a newer Laser Flag (save version {version}; this one reads up to "
              "{known})").format(version=version, known=SAVE_VERSION),
        )


def check_save(data: Any) -> None:
    """Every key of a save read from disk: known, of its type and in its range; the header
    bounded by the actions (a turn needs an end_turn before it, a point needs an action)."""
    _check_fields(data)
    actions = data["actions"]
    _check_bounds(data, len(actions), 1 + sum(1 for a in actions if a[0] == "end_turn"))
    if data["version"] >= 2 and "digest" not in data:
        raise SchemaError("digest", _("missing (required from save version 2)"))


def check_to_write(header: dict[str, Any], actions: int, turns: int) -> None:
    """A save about to be written (after every action of a game), but for its actions and its
    digest: the engine made its `actions`, so only their number and the `turns` they make are
    checked, with work that does not grow with the game."""
    if actions > MAX_ACTIONS:
        raise _too_many_actions("actions")
    _check_fields({**header, "actions": []})
    _check_bounds(header, actions, turns)


def _check_fields(data: Any) -> None:
    check_version(data)
    for key in data:
        if key not in REQUIRED and key not in OPTIONAL and key not in HEADER:
            raise SchemaError(key, _("unknown key in a save"))
    for key, check in REQUIRED.items():
        if key not in data:
            raise SchemaError(key, _("missing (required)"))
        check(key, data[key])
    for key, check in OPTIONAL.items():
        if key in data:
            check(key, data[key])


def _check_bounds(data: dict[str, Any], actions: int, turns: int) -> None:
    """The header against its `actions`, which make `turns` turns."""
    if data["turn"] > turns:
        problem = _("{turn} is more than {turns}, the turns its actions make").format(
            turn=data["turn"], turns=turns)
        raise SchemaError("turn", problem)
    if "round" in data and data["round"] != (data["turn"] + 1) // 2:
        raise SchemaError("round", _("{round} does not go with turn {turn}").format(
            round=data["round"], turn=data["turn"]))
    for team, score in data["scores"].items():
        if score > actions:
            raise SchemaError(f"scores.{team}", _("{score} is more than the {actions} actions"
                                                  ).format(score=score, actions=actions))
    _check_result(data)


def _check_result(data: dict[str, Any]) -> None:
    """A winner and its victory come together, and only in a finished game's save (a save
    from before they were written has neither)."""
    if ("winner" in data) != ("victory" in data):
        raise SchemaError("winner", _("a winner and its victory come together, or neither"))
    if "winner" in data and not data.get("over", False):
        raise SchemaError("winner", _("given, but the save does not say the game is over"))
