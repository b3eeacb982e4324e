"""Destinations and paths of one move action (RULES.md §3, Move)."""

from __future__ import annotations

from collections.abc import Collection, Iterator

from .game_map import ELEVATED, NEIGHBOURS, WALL, GameMap, Pos

Step = tuple[Pos, bool, bool]  # (next tile, is the step diagonal, does it climb onto cover)


def _steps_table(gm: GameMap) -> dict[Pos, tuple[Step, ...]]:
    """Every legal single step from every non-wall tile, ignoring units (kept on the map)."""
    table: dict[Pos, tuple[Step, ...]] = {}
    for pos in gm.positions():
        if gm.kind(pos) == WALL:
            continue
        steps = []
        for dr, dc in NEIGHBOURS:
            to = (pos[0] + dr, pos[1] + dc)
            if gm.kind(to) == WALL:  # also refuses leaving the grid
                continue
            diagonal = dr != 0 and dc != 0
            if diagonal and (gm.kind((pos[0] + dr, pos[1])) == WALL
                             or gm.kind((pos[0], pos[1] + dc)) == WALL):
                continue  # a diagonal step may not cut a wall corner
            climbs = gm.kind(to) == ELEVATED and gm.kind(pos) != ELEVATED
            steps.append((to, diagonal, climbs))
        table[pos] = tuple(steps)
    return table


State = tuple[Pos, int]  # a tile and the diagonal steps used to get there


class Reach:
    """The result of one move search: the destinations, and a legal path to each."""

    def __init__(self, arrivals: dict[Pos, State], parents: dict[State, State | None]) -> None:
        self._arrivals = arrivals
        self._parents = parents

    def __contains__(self, pos: object) -> bool:
        return pos in self._arrivals

    def __iter__(self) -> Iterator[Pos]:
        return iter(self._arrivals)

    def __len__(self) -> int:
        return len(self._arrivals)

    def path(self, dest: Pos) -> tuple[Pos, ...]:
        """A shortest legal path to `dest`, start first and `dest` last."""
        path = [dest]
        state: State | None = self._arrivals[dest]
        while state is not None:
            path.append(state[0])
            state = self._parents[state]
        return tuple(reversed(path))


def search(
    gm: GameMap,
    start: Pos,
    speed: int,
    climbs_freely: bool,
    occupied: Collection[Pos],
    max_diagonal: int | None = None,
) -> Reach:
    """Breadth-first search of one move over states (tile, diagonals used).

    A state that may walk on is only worth keeping with fewer diagonals than any earlier
    state on its tile. A step that climbs onto cover ends its path (unless the class climbs
    freely): it makes its tile a destination but walks no further. Diagonals are limited to
    half the speed unless `max_diagonal` says otherwise (how far a tile out of reach is).
    """
    max_diagonal = speed // 2 if max_diagonal is None else max_diagonal
    steps = gm.memo(_steps_table)
    start_state = (start, 0)
    parents: dict[State, State | None] = {start_state: None}
    arrivals: dict[Pos, State] = {}
    best = {start: 0}
    frontier = [start_state]
    for _ in range(speed):
        if not frontier:  # nothing left to explore: a huge speed costs no more than the map
            break
        nxt = []
        for state in frontier:
            for to, diagonal, climbs in steps[state[0]]:
                d = state[1] + diagonal
                if d > max_diagonal or to in occupied:
                    continue
                if to not in arrivals and to != start:
                    arrivals[to] = state
                if (climbs and not climbs_freely) or best.get(to, max_diagonal + 1) <= d:
                    continue
                best[to] = d
                parents[(to, d)] = state
                nxt.append((to, d))
        frontier = nxt
    return Reach(arrivals, parents)
