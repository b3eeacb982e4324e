"""Moving (RULES.md §3, Move): a unit walks one move's path, spends an AP, and recharges on
arriving at a base; then enemies on watch may snap-shoot it (§6)."""

from __future__ import annotations

from . import fog as fog_of_war
from . import overwatch
from .actions import Move
from .draft import Draft
from .events import LaserChanged, Moved
from .game_map import GameMap, Pos
from .terms import Laser
from .units import CHARGING, DEACTIVATED, Unit

MOVE_COST = 1  # AP


def move(d: Draft, action: Move) -> None:
    """Apply a legal Move."""
    unit = d.units[action.unit_id]
    # asked of the state moved from, and kept with it: until a unit arrives or leaves, the
    # draft's searches are that state's own (Facts.carried)
    reach, start, to = d.before.facts.search(unit.id), unit.pos, action.to
    if d.fog:  # the planned path may run into a hidden enemy (RULES §9)
        path, blocker = fog_of_war.walk(reach.path(to), {u.pos: u.id for u in d.units.values()})
        to = path[-1]
        event = Moved(unit.id, path, blocked_by=blocker)
    else:  # the path is read back only if someone reads the event's: most are never read
        event = Moved.along(unit.id, reach, to)
    # Recharging is part of ending the move: no victory check may fall between the two,
    # or walking the last deactivated unit onto its base would lose by checkmate.
    arrived = d.units[unit.id] = moved(d.index.map, unit, to)
    facts, bit = d.facts, d.index.bit
    left, came = bit[start], bit[to]  # the same if it stayed (fog)
    facts.occupied = facts.occupied ^ left | came  # (`left` is occupied; `~` is slow)
    if facts.targets is not None and facts.targets.team is not unit.team:
        facts.targets = None  # one of them moved
    facts.forget_reach(left | came)
    d.emit(event)
    if arrived.laser is not unit.laser:
        d.emit(LaserChanged(unit.id, CHARGING))
    overwatch.snap_shots_at(d, unit.id)


def moved(gm: GameMap, unit: Unit, to: Pos) -> Unit:
    """The unit as a Move to `to` leaves it if no shot hits it: place, AP, laser, elevation."""
    return unit.moved(to, unit.ap - MOVE_COST, laser_on_arrival(gm, unit, to), gm.is_cover(to))


def laser_on_arrival(gm: GameMap, unit: Unit, to: Pos) -> Laser:
    """A deactivated laser starts charging when its unit ends a move on a base serving it."""
    if unit.laser is DEACTIVATED and gm.base_serves(to, unit.team):
        return CHARGING
    return unit.laser
