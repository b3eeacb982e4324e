"""Getting a unit whose laser is off out of the enemy's sight before the turn ends.

A deactivated unit cannot fire or keep snap shots, yet every hit on it scores (RULES §5): left
where an armed enemy sees it, it is a free point to each shot the enemy cares to spend on it.
While its laser is off it triggers no snap shots (RULES §6), so walking it away costs nothing
but its own AP, which it has no other use for. `escape` finds where it should go with the AP
it has: out of every armed enemy's sight, the nearer a base the better, or failing that onto a
base in sight, where its laser at least starts charging at once. When to recharge from a
hiding place is the search's to weigh. `stranded` says which moves would leave such a unit in
sight with no AP to walk away.
"""

from __future__ import annotations

from dataclasses import replace

from laser_flag.engine import DEACTIVATED, Game, Move, Pos, Unit

from .distances import UNREACHABLE, base_distance


def exposed(game: Game, unit: Unit, at: Pos) -> bool:
    """Whether an enemy whose laser is not deactivated sees `at` (charging lasers are charged
    by the time the enemy acts)."""
    return any(e.team != unit.team and e.laser != DEACTIVATED and game.what_if.has_los(e.pos, at)
               for e in game.units)


def in_danger(game: Game, unit: Unit) -> bool:
    """A unit of the active team whose laser is off, standing in an armed enemy's sight, with
    AP to walk away."""
    return (unit.team == game.active_team and unit.laser == DEACTIVATED and unit.ap > 0
            and game.what_if.can_move(unit) and exposed(game, unit, unit.pos))


def stranded(game: Game, unit: Unit, to: Pos) -> bool:
    """Whether moving this unit, laser off, to `to` leaves it in an armed enemy's sight, off a
    base, with too few AP left to walk out of that sight or onto a base: a move to leave out
    of any plan."""
    if (unit.laser != DEACTIVATED or game.map.base_serves(to, unit.team)
            or not exposed(game, unit, to)):
        return False
    there = replace(unit, pos=to, ap=unit.ap - 1)
    return there.ap == 0 or escape(game, there) is None


def escape(game: Game, unit: Unit) -> Move | None:
    """The first move of the way to the best tile the unit's AP reaches (the module's order);
    None: no tile it reaches is out of sight or a base."""
    to_base = base_distance(game.map, unit.team, corners=False)
    first: dict[Pos, Pos] = {}  # every tile reached, with the first move of its way
    frontier = [unit.pos]
    for _ in range(unit.ap):
        reached = []
        for at in frontier:
            for to in sorted(game.what_if.reachable(replace(unit, pos=at))):
                if to != unit.pos and to not in first:
                    first[to] = first.get(at, to)
                    reached.append(to)
        frontier = reached

    def rank(to: Pos) -> tuple[int, int]:
        if not exposed(game, unit, to):
            return 0, to_base.get(to, UNREACHABLE)
        return (1 if game.map.base_serves(to, unit.team) else 2), 0

    best = min(first, key=rank, default=None)
    if best is None or rank(best)[0] == 2:
        return None
    return Move(unit.id, first[best])
