"""What happened when an action was applied: small frozen values, in the order they happened.

`EVENTS` declares every event type once, under the name its JSON form carries
(`event_to_json`: {"event": "shot", "shooter": 3, ...}, tuples as arrays, a probability as
[numerator, denominator]); a team's view of the game and the golden tests read them so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any, Protocol

from .game_map import Pos
from .terms import Laser, Team, Victory, Winner, winner_of


@dataclass(frozen=True)
class Moved:
    """A unit walked `path` (start first, destination last) and spent 1 AP.

    With fog, `blocked_by` is the hidden enemy the unit bumped into, which ended its walk
    early (RULES §9); the path then ends on the tile before it (or is the start alone).
    """

    unit: int
    path: tuple[Pos, ...]
    blocked_by: int | None = None

    @classmethod
    def along(cls, unit: int, search: Walk, to: Pos) -> Moved:
        """Moved(unit, search.path(to)), the path read back when it is first read: a search or
        random play applies many moves and reads few of their events' paths."""
        event = object.__new__(cls)  # filled in one step: object.__setattr__ a field is slow
        vars(event).update(unit=unit, blocked_by=None, _search=search, _to=to)
        return event

    def __getattr__(self, name: str) -> Any:
        """Called only for an attribute not set: the path of an event made by along()."""
        made = self.__dict__
        search, to = made.get("_search"), made.get("_to")
        if name != "path" or search is None:
            raise AttributeError(f"'Moved' object has no attribute {name!r}")
        if to is None:  # another thread read it in between (the path is set before the pops)
            return made["path"]
        path = made["path"] = search.path(to)  # from now on an event like any other
        made.pop("_search", None)  # (None: another thread read it at the same time)
        made.pop("_to", None)
        return path


class Walk(Protocol):
    """A move search, as a lazy Moved reads its path back."""

    def path(self, to: Pos) -> tuple[Pos, ...]: ...


@dataclass(frozen=True, kw_only=True)
class SeenMove(Moved):
    """An enemy's move as a team under fog saw it: setting out from `seen_from`, then at its
    `path`'s one tile. The tiles walked between are never seen (RULES.md §9), so the move is
    neither drawn nor told as a walk (fog.as_seen)."""

    seen_from: Pos


@dataclass(frozen=True)
class Shot:
    """A laser was fired; `dice` are listed highest first.

    The last fields only explain the shot (they never change its result, so two shots
    compare equal without them): the shooter's tile, the named modifiers that make up
    `needed`, the exact chance to hit, and for a snap shot every eligible watcher in the
    order they were to fire.
    """

    shooter: int
    target: int
    dice: tuple[int, ...]
    needed: int
    hit: bool
    snap: bool
    at: Pos | None = field(default=None, compare=False)
    modifiers: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    probability: Fraction | None = field(default=None, compare=False)
    order: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Scored:
    """`team` scored a point and now has `score`."""

    team: Team
    score: int


@dataclass(frozen=True)
class LaserChanged:
    """A unit's laser became charged, charging or deactivated."""

    unit: int
    laser: Laser


@dataclass(frozen=True)
class Disqualified:
    """A hit unit whose team has no usable base left the board."""

    unit: int


@dataclass(frozen=True)
class TurnEnded:
    """`team` ended its turn; `next_team` acts in turn `turn` of round `round`."""

    team: Team
    next_team: Team
    turn: int
    round: int


@dataclass(frozen=True)
class GameOver:
    """The game ended: winner '1', '2' or 'draw', and why."""

    winner: Winner
    victory: Victory


Event = Moved | Shot | Scored | LaserChanged | Disqualified | TurnEnded | GameOver

# Every event type by the name its JSON form carries; nothing else is an event.
EVENTS: dict[str, type[Event]] = {
    "moved": Moved, "shot": Shot, "scored": Scored, "laser_changed": LaserChanged,
    "disqualified": Disqualified, "turn_ended": TurnEnded, "game_over": GameOver,
    "seen_move": SeenMove,  # only ever in a team's view under fog: an enemy's move as seen
}
_NAMES = {kind: name for name, kind in EVENTS.items()}


def event_to_json(event: Event) -> dict[str, Any]:
    """An event as plain JSON values: {"event": its name, then every field by name}."""
    data: dict[str, Any] = {"event": _NAMES[type(event)]}
    for f in fields(event):
        data[f.name] = _plain(getattr(event, f.name))
    return data


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Fraction):
        return [value.numerator, value.denominator]
    return value


def event_from_json(data: Any) -> Event:
    """The inverse of event_to_json; ValueError says what is wrong with `data`."""
    kind = EVENTS.get(data.get("event")) if isinstance(data, dict) else None
    if kind is None:
        raise ValueError(f"not an event: {_clip(data)}")
    names = [f.name for f in fields(kind)]
    if sorted(data) != sorted(["event", *names]):
        raise ValueError(f"a {data['event']} event has the fields {', '.join(names)}")
    return kind(**{f.name: _read(f.type, data[f.name], f.name) for f in fields(kind)})


def _read(kind: Any, value: Any, name: str) -> Any:
    """A field's value from JSON, checked against its annotation (the few kinds events use)."""
    if isinstance(kind, str) and kind.endswith(" | None"):
        return None if value is None else _read(kind.removesuffix(" | None"), value, name)
    readers: dict[str, Callable[[Any], bool]] = {
        "int": lambda v: type(v) is int, "bool": lambda v: type(v) is bool,
        "str": lambda v: type(v) is str,
        "Pos": lambda v: _ints(v, 2), "tuple[int, ...]": lambda v: _ints(v),
        "tuple[Pos, ...]": lambda v: isinstance(v, list) and all(_ints(p, 2) for p in v),
        "tuple[tuple[str, int], ...]": lambda v: isinstance(v, list) and all(
            isinstance(m, list) and len(m) == 2 and type(m[0]) is str and type(m[1]) is int
            for m in v),
        "Fraction": lambda v: _ints(v, 2) and v[1] > 0,
    }
    named = {"Team": Team, "Laser": Laser, "Victory": Victory, "Winner": winner_of}
    try:
        if kind in named:
            return named[kind](value)
    except (TypeError, ValueError):
        raise ValueError(f"{name}: not a {kind}: {_clip(value)}") from None
    if not readers[kind](value):
        raise ValueError(f"{name}: not a {kind}: {_clip(value)}")
    if kind == "Fraction":
        return Fraction(*value)
    return _tuples(value)


def _ints(value: Any, count: int | None = None) -> bool:
    return (isinstance(value, list) and all(type(v) is int for v in value)
            and (count is None or len(value) == count))


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _clip(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
