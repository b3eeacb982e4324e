"""What happened when an action was applied: small frozen values, in the order they happened."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

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
