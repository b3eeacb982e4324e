"""The rules asked about actions not taken (bots price these; the board previews them).

A `unit` argument may be one of the state's units or one a plan imagines (the unit after the
first action of a plan, say): the answers come from the very helpers `apply` uses, so each rule
is written once.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from . import overwatch, shots
from .actions import Action, EndTurn, Fire, IllegalAction, Move
from .cover import sides_facing
from .fire import fire_cost, fired
from .game_map import Pos
from .index import MapIndex
from .move import MOVE_COST, laser_on_arrival, moved
from .refusals import why_not_move, why_not_move_to
from .rolls import ToHit
from .state import GameState
from .units import CHARGED, DEACTIVATED, Unit


@dataclass(frozen=True)
class SnapRisk:
    """Who could snap-shoot a unit ending a move on a tile, and its exact chance to arrive unhit."""

    shooters: tuple[int, ...]
    p_unhit: Fraction


def reachable(state: GameState, uid: int) -> set[Pos]:
    """Every tile one move action of this unit can end on now."""
    unit = state.unit(uid)
    return set(state.facts.search(uid)) if why_not_move(state, unit) is None else set()


def path(state: GameState, uid: int, to: Pos) -> tuple[Pos, ...]:
    """The path a Move of this unit to `to` walks, start first; IllegalAction if it may not."""
    reason = why_not_move_to(state, state.unit(uid), to)
    if reason:
        raise IllegalAction(reason)
    return state.facts.search(uid).path(to)


def visible_enemies(state: GameState, unit: Unit) -> list[int]:
    """Enemies in this unit's line of sight, whether or not it can fire now."""
    sees = state.index.visibility.sees
    return [e.id for e in state.units if e.team != unit.team and sees(unit.pos, e.pos)]


def shots_from(state: GameState, unit: Unit, at: Pos) -> dict[int, ToHit]:
    """The shots this unit would have standing on `at` (elevated as the tile says): each enemy
    it would see there, with the to-hit of a shot at it as it stands now."""
    shooter = unit.moved(at, unit.ap, unit.laser, state.index.map.is_cover(at))
    return {e.id: shots.to_hit(state.index, shooter, e, e.pos, e.elevated, snap=False)
            for e in state.units if e.id in visible_enemies(state, shooter)}


def cover_against(state: GameState, unit: Unit, at: Pos, team: str) -> dict[int, bool]:
    """For each unit of `team` that would see this unit standing on `at`: whether it would be
    IN COVER against that unit's shots there (RULES §5)."""
    elevated = state.index.map.is_cover(at)
    sides = state.index.cover_sides(at, elevated)
    sees = state.index.visibility.sees
    return {e.id: bool(sides & sides_facing(at, e.pos)) for e in state.units
            if e.team == team and e.id != unit.id and sees(e.pos, at)}


def to_hit(state: GameState, shooter: Unit, target: Unit, snap: bool = False) -> ToHit:
    """The needed roll of a shot, its named modifiers and exact chance (RULES §5)."""
    return shots.to_hit(state.index, shooter, target, target.pos, target.elevated, snap)


def shot_odds(index: MapIndex, shooter_class: str, at: Pos, target_class: str, to: Pos,
              snap: bool = False) -> ToHit:
    """The to-hit of a shot by a unit of one class standing on `at` at a unit of another class
    standing on `to`, whoever stands there now. Bots ask this for thousands of tile pairs a
    turn, so the answers are the index's."""
    gm = index.map
    elevated = gm.is_cover(to)
    covered = bool(index.cover_sides(to, elevated) & sides_facing(to, at))
    return index.to_hit(shooter_class, gm.is_cover(at), target_class, elevated, covered, snap)


def snap_risk(state: GameState, unit: Unit, dest: Pos) -> SnapRisk:
    """Who could snap-shoot this unit ending a move on `dest` (of the watchers its team knows
    of); its chance to arrive unhit."""
    gm = state.index.map
    if laser_on_arrival(gm, unit, dest) == DEACTIVATED:
        return SnapRisk((), Fraction(1))  # still deactivated there: nobody may shoot
    elevated = gm.is_cover(dest)
    shooters = overwatch.eligible(gm, state.facts.known_to(unit.team), unit.team, dest)
    p_unhit = Fraction(1)
    for w in shooters:
        odds = shots.to_hit(state.index, w, unit, dest, elevated, snap=True)
        p_unhit *= 1 - odds.probability
    return SnapRisk(tuple(w.id for w in shooters), p_unhit)


def watch_coverage(state: GameState, team: str) -> dict[int, frozenset[Pos]]:
    """For each unit of `team` on watch (snap shots and a charged laser): every tile it sees."""
    vis = state.index.visibility
    return {u.id: vis.visible_from(u.pos) for u in state.units
            if u.team == team and u.snap_shots > 0 and u.laser == CHARGED}


def cost(state: GameState, action: Action, unit: Unit | None = None) -> int:
    """The AP an action spends (RULES §3): 1 to move, the class's fire cost to fire."""
    if type(action) is EndTurn:
        return 0
    if type(action) is Move:
        return MOVE_COST
    unit = unit if unit is not None else state.unit(action.unit_id)
    return fire_cost(state.index.rules, unit)


def after(state: GameState, action: Move | Fire, unit: Unit | None = None) -> Unit:
    """The acting unit as the action leaves it if no shot hits it: place, AP, laser
    (recharging on arrival at a base), elevation, whether it fired."""
    unit = unit if unit is not None else state.unit(action.unit_id)
    if type(action) is Fire:
        return fired(state.index.rules, unit)
    return moved(state.index.map, unit, action.to)
