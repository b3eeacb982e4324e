"""Where a unit could walk (RULES.md §3, Move), whether or not it may move now: the tiles one
move ends on and the steps to any tile, for a unit of the state or one a plan imagines, the
other units standing where they are (with fog, those the team to play knows of)."""

from __future__ import annotations

from . import movement
from .game_map import Pos
from .movement import Reach
from .state import GameState
from .units import Unit


def reachable_from(state: GameState, unit: Unit) -> Reach:
    """Every tile one move of this unit could end on from where it stands (an enemy's next
    turn, a unit in a plan)."""
    cls = state.index.rules[unit.unit_class]
    return movement.search(state.index.map, unit.pos, cls.speed, cls.climbs_freely,
                           _others(state, unit))


def steps_to(state: GameState, unit: Unit, to: Pos) -> int | None:
    """The fewest steps a walk of this unit to `to` takes with its own diagonal allowance and
    no limit on length; None: no walk gets there."""
    gm, cls = state.index.map, state.index.rules[unit.unit_class]
    walk = movement.search(gm, unit.pos, gm.rows * gm.cols, cls.climbs_freely,
                           _others(state, unit), max_diagonal=cls.speed // 2)
    return len(walk.path(to)) - 1 if to in walk else None


def _others(state: GameState, unit: Unit) -> set[Pos]:
    return {o.pos for o in state.facts.known_to(state.active_team) if o.id != unit.id}
