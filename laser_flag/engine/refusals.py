"""Why an action is refused (RULES.md §3): one sentence a player reads, or None when it is legal.

`check` raises IllegalAction with it; `apply` checks every action so before anything changes.
"""

from __future__ import annotations

from ..i18n import N_, _
from .actions import Action, EndTurn, Fire, IllegalAction, Move, check_action
from .game_map import Pos, possessive
from .reach import steps_to
from .ruleset import class_label
from .state import GameState
from .terms import laser_word
from .units import CHARGED, Unit

NO_LOS = N_("There is no line of sight to that unit.")


def why_not(state: GameState, action: Action) -> str | None:
    """None when `action` is legal in `state`, else the reason it is refused."""
    try:
        check(state, action)
    except IllegalAction as exc:
        return exc.reason
    return None


def check(state: GameState, action: Action) -> None:
    """IllegalAction, with its reason, unless `action` is legal in `state`."""
    check_action(action)  # the types first: nothing below may trip over a malformed action
    if type(action) is Move:
        reason = why_not_move_to(state, state.facts.units.get(action.unit_id), action.to)
    elif type(action) is Fire:
        reason = why_not_fire_at(state, state.facts.units.get(action.unit_id), action.target_id)
    else:
        assert type(action) is EndTurn  # check_action knows no other
        reason = _("The game is over.") if state.winner is not None else None
    if reason:
        raise IllegalAction(reason)


def why_not_act(state: GameState, unit: Unit | None) -> str | None:
    if state.winner is not None:
        return _("The game is over.")
    if unit is None:
        return _("There is no such unit on the board.")
    if unit.team != state.active_team:
        whose = possessive(state.index.map.teams[state.active_team].name)
        return _("It is {whose} turn.").format(whose=whose)
    if unit.ap < 1:
        return _("This unit has no action points left.")
    return None


def why_not_move(state: GameState, unit: Unit | None) -> str | None:
    """Why this unit (as it stands, or as a plan would leave it) may not move now."""
    reason = why_not_act(state, unit)
    rules = state.index.rules
    if reason is None and unit.fired and not rules[unit.unit_class].moves_after_firing:
        reason = _("A {unit_class} cannot move after firing this turn.").format(
            unit_class=class_label(unit.unit_class))
    return reason


def why_not_fire(state: GameState, unit: Unit | None) -> str | None:
    """Why this unit (as it stands, or as a plan would leave it) may not fire now."""
    reason = why_not_act(state, unit)
    if reason is None and unit.laser != CHARGED:
        reason = _("Its laser is {laser}.").format(laser=laser_word(unit.laser))
    return reason


def why_not_move_to(state: GameState, unit: Unit | None, to: Pos) -> str | None:
    reason = why_not_move(state, unit)
    if reason is None and to not in state.facts.search(unit.id):
        reason = _("That tile cannot be reached in one move: {how_far}.").format(
            how_far=_how_far(state, unit, to))
    return reason


def why_not_fire_at(state: GameState, unit: Unit | None, target_id: int) -> str | None:
    reason = why_not_fire(state, unit)
    target = state.unit(target_id)
    if reason is None and (target is None or target.team == unit.team):
        reason = _("Only an enemy unit on the board can be fired at.")
    if reason is None and not state.index.visibility.sees(unit.pos, target.pos):
        reason = _(NO_LOS)
    return reason


def _how_far(state: GameState, unit: Unit, to: Pos) -> str:
    """How far `to` is against the unit's speed, if it can be walked to at all."""
    gm = state.index.map
    if not gm.in_bounds(to) or gm.is_wall(to):
        return _("it is a wall")
    if any(o.pos == to for o in state.facts.known_to(state.active_team)):
        return _("another unit stands there")
    steps = steps_to(state, unit, to)
    if steps is None:
        return _("no path leads there")
    unit_class, speed = class_label(unit.unit_class), state.index.rules[unit.unit_class].speed
    return _("it needs {steps} steps and a {unit_class} has speed {speed}").format(
        steps=steps, unit_class=unit_class, speed=speed)
