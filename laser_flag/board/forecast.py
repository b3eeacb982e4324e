"""What the board says before an action is taken, asked of the engine's what-if API (never
worked out again here): the chance of each shot a unit could take now, what a move would bring
(the shots from there, the watchers that could snap-shoot it and its chance to arrive unhit),
where a unit could fire at an enemy from, and why a tile cannot be reached.

Plain values, no pygame: the client draws them, and a replay viewer or the editor can too.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..engine.actions import Move
from ..engine.game import Game
from ..engine.game_map import Pos
from ..engine.rolls import ToHit
from ..engine.units import Unit


@dataclass(frozen=True)
class Chance:
    """One shot that could be taken: at whom, where it stands, its odds."""

    unit: int
    pos: Pos
    odds: ToHit

    @property
    def percent(self) -> str:
        """'58%': the chance as the board shows it (the panel gives the exact count)."""
        return percent(self.odds.probability)


@dataclass(frozen=True)
class Arrival:
    """A move of the selected unit to `dest`, before it is made."""

    dest: Pos
    path: tuple[Pos, ...]
    after: Unit  # the unit there if no snap shot hits it
    shots: tuple[Chance, ...]  # the enemies it could fire at from there
    watchers: tuple[Chance, ...]  # each watcher that could snap-shoot it there, with its odds
    p_unhit: Fraction  # its chance to arrive unhit (all the watchers together)

    @property
    def risk(self) -> Fraction:
        """The chance some snap shot hits it there."""
        return 1 - self.p_unhit


@lru_cache(maxsize=512)  # a few dozen distinct chances a game: drawn every frame
def percent(p: Fraction) -> str:
    """'58%': a chance as the board shows it."""
    return f"{round(p * 100)}%"


def shots_of(game: Game, unit: Unit) -> tuple[Chance, ...]:
    """The enemies `unit` (as it stands, or as a plan leaves it) could fire at, each with its
    odds; none when it could not fire then (no AP left, its laser off)."""
    what_if = game.what_if
    if not what_if.can_fire(unit):
        return ()
    return tuple(
        Chance(e.id, e.pos, what_if.shot_odds(unit.unit_class, unit.pos, e.unit_class, e.pos))
        for e in game.units if e.team != unit.team and what_if.has_los(unit.pos, e.pos))


def arrival(game: Game, uid: int, dest: Pos) -> Arrival:
    """What moving unit `uid` to `dest` (a tile it can reach) would bring."""
    what_if, unit = game.what_if, game.unit(uid)
    after, risk = what_if.after(Move(uid, dest)), what_if.snap_risk(unit, dest)
    watchers = tuple(
        Chance(w, game.unit(w).pos, what_if.shot_odds(game.unit(w).unit_class, game.unit(w).pos,
                                                      unit.unit_class, dest, snap=True))
        for w in risk.shooters)
    return Arrival(dest, what_if.path(unit, dest), after, shots_of(game, after), watchers,
                   risk.p_unhit)


def firing_positions(game: Game, uid: int, enemy: int, reach: frozenset[Pos]) -> dict[Pos, ToHit]:
    """Every tile among `reach` (the unit's destinations, and where it stands) from which unit
    `uid` could fire at `enemy` once there, with the shot's odds."""
    unit, target = game.unit(uid), game.unit(enemy)
    found: dict[Pos, ToHit] = {}
    for pos in {unit.pos, *reach}:
        there = unit if pos == unit.pos else game.what_if.after(Move(uid, pos))
        if game.what_if.has_los(pos, target.pos) and game.what_if.can_fire(there):
            found[pos] = game.what_if.shot_odds(unit.unit_class, pos, target.unit_class, target.pos)
    return found


def why_not_there(game: Game, uid: int, pos: Pos) -> str | None:
    """Why unit `uid` cannot move to `pos` now, in the engine's words; None if it can."""
    return game.why_not(Move(uid, pos))
