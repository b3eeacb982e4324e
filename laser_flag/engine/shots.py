"""A shot and its hit (RULES.md §5): the dice against the needed roll, a point, a laser off."""

from __future__ import annotations

from .draft import Draft
from .events import Disqualified, Scored, Shot
from .game_map import GameMap, Pos
from .index import MapIndex
from .rolls import ToHit
from .terms import Laser, Team
from .units import CHARGING, DEACTIVATED, Unit


def to_hit(index: MapIndex, shooter: Unit, target: Unit, at: Pos, elevated: bool, snap: bool
           ) -> ToHit:
    """The to-hit of a shot at `target` standing on `at` (elevated or not), from the few
    distinct answers the map's index keeps."""
    return index.to_hit(shooter.unit_class, shooter.elevated, target.unit_class, elevated,
                        index.in_cover(at, elevated, shooter.pos), snap)


def shoot(d: Draft, shooter: Unit, target: Unit, snap: bool, order: tuple[int, ...] = ()
          ) -> bool:
    """Fire: roll the dice; a hit scores. Whether it hit."""
    odds = to_hit(d.index, shooter, target, target.pos, target.elevated, snap)
    dice = d.chance.roll()
    d.rolls += 1
    hit = sum(dice) >= odds.needed
    d.count(shooter.team, "shots")
    d.emit(Shot(shooter.id, target.id, dice, odds.needed, hit, snap, at=shooter.pos,
                modifiers=odds.modifiers, probability=odds.probability, order=order))
    if hit:
        _hit(d, shooter, target)
    return hit


def _hit(d: Draft, shooter: Unit, target: Unit) -> None:
    """A point, and the target's laser off (or the target out)."""
    score = d.score(shooter.team)
    d.count(shooter.team, "hits")
    target = d.put(target.changed(snap_shots=0))
    d.emit(Scored(shooter.team, score))
    laser = laser_after_hit(d.index.map, target.team, target.pos)
    if laser is None:
        facts, bit = d.facts, d.index.bit[target.pos]
        del d.units[target.id]
        facts.occupied &= ~bit
        facts.targets = None
        facts.forget_reach(bit)
        d.emit(Disqualified(target.id))
        return
    d.set_laser(target, laser)


def laser_after_hit(gm: GameMap, team: Team, at: Pos) -> Laser | None:
    """The laser of a unit of `team` hit on `at`; None: it is disqualified (its team has no
    usable base). On a usable base it "starts charging at once": one change, straight to
    charging."""
    if not gm.usable_bases(team):
        return None
    return CHARGING if gm.base_serves(at, team) else DEACTIVATED
