"""What happened when an action was applied: small frozen values, in the order they happened."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .game_map import Pos


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
    def along(cls, unit: int, read_path: Callable[[], tuple[Pos, ...]]) -> Moved:
        """Moved(unit, read_path()), read_path called when the path is first read: a search
        or random play applies many moves and reads few of their events' paths."""
        event = object.__new__(cls)  # filled in one step: object.__setattr__ a field is slow
        vars(event).update(unit=unit, blocked_by=None, _read_path=read_path)
        return event

    def __getattr__(self, name: str) -> Any:
        """Called only for an attribute not set: the path of an event made by along()."""
        read_path = self.__dict__.get("_read_path")
        if name != "path" or read_path is None:
            raise AttributeError(f"'Moved' object has no attribute {name!r}")
        path = self.__dict__["path"] = read_path()  # from now on an event like any other
        self.__dict__.pop("_read_path", None)  # (None: another thread read it at the same time)
        return path


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

    team: str
    score: int


@dataclass(frozen=True)
class LaserChanged:
    """A unit's laser became 'charged', 'charging' or 'deactivated'."""

    unit: int
    laser: str


@dataclass(frozen=True)
class Disqualified:
    """A hit unit whose team has no usable base left the board."""

    unit: int


@dataclass(frozen=True)
class TurnEnded:
    """`team` ended its turn; `next_team` acts in turn `turn` of round `round`."""

    team: str
    next_team: str
    turn: int
    round: int


@dataclass(frozen=True)
class GameOver:
    """The game ended: winner '1', '2' or 'draw', and why."""

    winner: str
    victory: str


Event = Moved | Shot | Scored | LaserChanged | Disqualified | TurnEnded | GameOver
