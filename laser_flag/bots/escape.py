"""Getting a unit whose laser is off out of the enemy's sight before the turn ends.

A deactivated unit cannot fire or keep snap shots, yet every hit on it scores (RULES §5): left
where an armed enemy sees it, it is a free point to each shot the enemy cares to spend on it.
While its laser is off it triggers no snap shots (RULES §6), so walking it away costs nothing
but its own AP, which it has no other use for. `escape` finds where it should go with the AP
it has, best first:
1. onto a base and on (its laser charging, so now snap shots may fire at it) to a tile no armed
   enemy sees, where no snap shot can reach it either;
2. out of every armed enemy's sight, the nearer a base the better;
3. onto a base in sight, where its laser at least starts charging at once.
`stranded` says which moves would leave such a unit in sight with no AP to walk away.
"""

from __future__ import annotations

from dataclasses import replace

from laser_flag.engine import CHARGING, DEACTIVATED, Game, Move, Pos, Unit

from .distances import UNREACHABLE, base_distance

# A unit's state on its way: where it stands and whether its laser has started charging.
_State = tuple[Pos, bool]


def exposed(game: Game, unit: Unit, at: Pos) -> bool:
    """Whether an enemy whose laser is not deactivated sees `at` (charging lasers are charged
    by the time the enemy acts)."""
    return any(e.team != unit.team and e.laser != DEACTIVATED and game.has_los(e.pos, at)
               for e in game.units)


def in_danger(game: Game, unit: Unit) -> bool:
    """A unit of the active team whose laser is off, standing in an armed enemy's sight, with
    AP to walk away."""
    return (unit.team == game.active_team and unit.laser == DEACTIVATED and unit.ap > 0
            and game.may_move(unit) and exposed(game, unit, unit.pos))


def stranded(game: Game, unit: Unit, to: Pos) -> bool:
    """Whether moving this unit, laser off, to `to` spends its last AP there in an armed
    enemy's sight, off a base: a move to leave out of any plan."""
    return (unit.laser == DEACTIVATED and unit.ap <= 1 and not game.map.base_serves(to, unit.team)
            and exposed(game, unit, to))


def escape(game: Game, unit: Unit) -> Move | None:
    """The first move of the way to the best place the unit's AP can take it (the module's
    order); None: nowhere is better than where it stands."""
    to_base = base_distance(game.map, unit.team, corners=False)
    first: dict[_State, Pos] = {}  # every state reached, with the first move of its way
    frontier: list[_State] = [(unit.pos, False)]
    for _ in range(unit.ap):
        nxt = []
        for at, charging in frontier:
            walker = replace(unit, pos=at, laser=CHARGING if charging else DEACTIVATED)
            for to in sorted(game.reachable_from(walker)):
                state = (to, charging or game.laser_on_arrival(walker, to) == CHARGING)
                if state in first or (charging and exposed(game, unit, to)):
                    continue  # once charging it braves snap shots: only out of sight
                first[state] = first.get((at, charging), to)
                nxt.append(state)
        frontier = nxt

    def rank(state: _State) -> tuple[int, int]:
        at, charging = state
        hidden = not exposed(game, unit, at)
        order = 0 if hidden and charging else 1 if hidden else 2 if charging else 3
        return order, to_base.get(at, UNREACHABLE)

    best = min(first, key=rank, default=None)
    if best is None or rank(best)[0] == 3:
        return None
    return Move(unit.id, first[best])
