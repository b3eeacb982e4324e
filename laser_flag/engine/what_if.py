"""The rules asked about actions not taken (bots price these; the board previews them).

`WhatIf` answers of one state, reached as `game.what_if.<question>`. A `unit` argument is one
of the state's units or one a plan imagines (the unit after the first action of a plan, say):
the answers come from the very helpers `apply` uses, so each rule is written once.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from . import overwatch, reach, shots
from .actions import Action, EndTurn, Fire, IllegalAction, Move
from .cover import sides_facing
from .end_turn import snap_shots_kept
from .fire import fire_cost, fired
from .game_map import Pos
from .move import MOVE_COST, laser_on_arrival, moved
from .movement import Reach
from .refusals import why_not_fire, why_not_move, why_not_move_to
from .rolls import ToHit
from .state import GameState
from .terms import Laser, Team
from .units import CHARGED, DEACTIVATED, Unit


@dataclass(frozen=True)
class SnapRisk:
    """Who could snap-shoot a unit ending a move on a tile, and its exact chance to arrive unhit."""

    shooters: tuple[int, ...]
    p_unhit: Fraction


class WhatIf:
    """The what-if questions of one state, one spelling each. It never changes: a game hands
    out the one of the state it stands at (`Game.what_if`)."""

    __slots__ = ("state",)

    def __init__(self, state: GameState) -> None:
        self.state = state

    def has_los(self, a: Pos, b: Pos) -> bool:
        """Whether tile `a` sees tile `b` (RULES §4)."""
        return self.state.index.visibility.sees(a, b)

    def cover_sides(self, unit: Unit) -> frozenset[str]:
        """The sides from which this unit is in cover where it stands (RULES §5)."""
        return self.state.index.cover_sides(unit.pos, unit.elevated)

    def can_move(self, unit: Unit) -> bool:
        """Whether this unit (as it stands, or as a plan would leave it) may move now."""
        return why_not_move(self.state, unit) is None

    def can_fire(self, unit: Unit) -> bool:
        """Whether this unit (as it stands, or as a plan would leave it) may fire now."""
        return why_not_fire(self.state, unit) is None

    def reachable(self, unit: Unit) -> Reach:
        """Every tile one move of this unit could end on from where it stands, whether or not
        it may move now (`can_move` says that): an enemy's next turn, a unit in a plan."""
        return reach.reachable_from(self.state, unit)

    def path(self, unit: Unit, to: Pos) -> tuple[Pos, ...]:
        """The path a Move of this unit to `to` walks, start first; IllegalAction if it may not."""
        reason = why_not_move_to(self.state, unit, to)
        if reason:
            raise IllegalAction(reason)
        return self.state.facts.search(unit.id).path(to)

    def steps_to(self, unit: Unit, to: Pos) -> int | None:
        """The fewest steps a walk of this unit to `to` takes, with no limit on length."""
        return reach.steps_to(self.state, unit, to)

    def visible_enemies(self, unit: Unit) -> list[int]:
        """Enemies in this unit's line of sight, whether or not it can fire now."""
        sees = self.state.index.visibility.sees
        return [e.id for e in self.state.units if e.team != unit.team and sees(unit.pos, e.pos)]

    def targets(self, unit: Unit) -> list[int]:
        """Enemies this unit may fire at now."""
        return self.visible_enemies(unit) if self.can_fire(unit) else []

    def shots_from(self, unit: Unit, at: Pos) -> dict[int, ToHit]:
        """The shots this unit would have standing on `at` (elevated as the tile says): each
        enemy it would see there, with the to-hit of a shot at it as it stands now."""
        state = self.state
        shooter = unit.moved(at, unit.ap, unit.laser, state.index.map.is_cover(at))
        seen = self.visible_enemies(shooter)
        return {e.id: shots.to_hit(state.index, shooter, e, e.pos, e.elevated, snap=False)
                for e in state.units if e.id in seen}

    def cover_against(self, unit: Unit, at: Pos, team: str) -> dict[int, bool]:
        """For each unit of `team` that would see this unit standing on `at`: whether it would
        be IN COVER against that unit's shots there (RULES §5)."""
        index = self.state.index
        sides = index.cover_sides(at, index.map.is_cover(at))
        sees = index.visibility.sees
        return {e.id: bool(sides & sides_facing(at, e.pos)) for e in self.state.units
                if e.team == team and e.id != unit.id and sees(e.pos, at)}

    def to_hit(self, shooter: Unit, target: Unit, snap: bool = False) -> ToHit:
        """The needed roll of a shot, its named modifiers and exact chance (RULES §5)."""
        return shots.to_hit(self.state.index, shooter, target, target.pos, target.elevated, snap)

    def shot_odds(self, shooter_class: str, at: Pos, target_class: str, to: Pos,
                  snap: bool = False) -> ToHit:
        """The to-hit of a shot by a unit of one class standing on `at` at a unit of another
        class standing on `to`, whoever stands there now. Bots ask this for thousands of tile
        pairs a turn, so the answers are the index's."""
        index = self.state.index
        gm = index.map
        elevated = gm.is_cover(to)
        return index.to_hit(shooter_class, gm.is_cover(at), target_class, elevated,
                            index.in_cover(to, elevated, at), snap)

    def snap_risk(self, unit: Unit, dest: Pos) -> SnapRisk:
        """Who could snap-shoot this unit ending a move on `dest` (of the watchers its team
        knows of); its chance to arrive unhit."""
        state = self.state
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

    def watch_coverage(self, team: str) -> dict[int, frozenset[Pos]]:
        """For each unit of `team` on watch (snap shots and a charged laser): every tile it sees."""
        vis = self.state.index.visibility
        return {u.id: vis.visible_from(u.pos) for u in self.state.units
                if u.team == team and u.snap_shots > 0 and u.laser == CHARGED}

    def cost(self, action: Action, unit: Unit | None = None) -> int:
        """The AP an action spends (RULES §3): 1 to move, the class's fire cost to fire."""
        if type(action) is EndTurn:
            return 0
        if type(action) is Move:
            return MOVE_COST
        unit = unit if unit is not None else self.state.unit(action.unit_id)
        return fire_cost(self.state.index.rules, unit)

    def after(self, action: Move | Fire, unit: Unit | None = None) -> Unit:
        """The acting unit as the action leaves it if no shot hits it: place, AP, laser
        (recharging on arrival at a base), elevation, whether it fired."""
        unit = unit if unit is not None else self.state.unit(action.unit_id)
        if type(action) is Fire:
            return fired(self.state.index.rules, unit)
        return moved(self.state.index.map, unit, action.to)

    def laser_on_arrival(self, unit: Unit, to: Pos) -> Laser:
        """The unit's laser once a move ends on `to` (recharging on a usable base, RULES §6)."""
        return laser_on_arrival(self.state.index.map, unit, to)

    def laser_after_hit(self, team: Team, at: Pos) -> Laser | None:
        """A unit of `team` hit on `at`: its laser then, or None if it is removed (RULES §5)."""
        return shots.laser_after_hit(self.state.index.map, team, at)

    def snap_shots_kept(self, unit_class: str, ap: int) -> int:
        """The snap shots a unit of this class keeps ending its turn with `ap` (RULES §6)."""
        return snap_shots_kept(self.state.index.rules, unit_class, ap)
