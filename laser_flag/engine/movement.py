"""Destinations and paths of one move action (RULES.md §3, Move)."""

from __future__ import annotations

from collections.abc import Collection, Iterator

from .game_map import ELEVATED, NEIGHBOURS, WALL, GameMap, Pos

Step = tuple[Pos, bool, bool]  # (next tile, is the step diagonal, does it end the walk on cover)


def _steps_table(gm: GameMap, climbs_freely: bool) -> dict[Pos, tuple[Step, ...]]:
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
            steps.append((to, diagonal, climbs and not climbs_freely))
        table[pos] = tuple(steps)
    return table


State = tuple[Pos, int]  # a tile and the diagonal steps used to get there


class Reach:
    """The result of one move search: the destinations, a legal path to each, and which tiles'
    being free or occupied it depends on (so a caller can keep it while those stay as they were).
    """

    def __init__(self, start: Pos, arrivals: dict[Pos, State],
                 parents: dict[State, State | None], blocked: set[Pos]) -> None:
        self.start = start
        self._arrivals = arrivals
        self._parents = parents
        self._blocked = blocked  # occupied tiles the search tried to step on

    def __contains__(self, pos: object) -> bool:
        return pos in self._arrivals

    def __iter__(self) -> Iterator[Pos]:
        return iter(self._arrivals)

    def __len__(self) -> int:
        return len(self._arrivals)

    def depends_on(self, pos: Pos) -> bool:
        """Whether the search asked if `pos` is free: a unit arriving at or leaving any other tile
        leaves this result exactly as it is."""
        return pos == self.start or pos in self._arrivals or pos in self._blocked

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
    """Breadth-first search of one move over states (tile, diagonals used); `occupied` holds the
    tiles the caller counts as blocked by units.

    Diagonals are limited to half the speed unless `max_diagonal` says otherwise (how far a tile
    out of reach is). The search with no unit on the board is kept on the map: when no blocked
    tile is among its destinations, the units change nothing and it is the answer.
    """
    max_diagonal = speed // 2 if max_diagonal is None else max_diagonal
    open_floor = gm.memo(_search, start, speed, climbs_freely, max_diagonal, frozenset())
    if open_floor._arrivals.keys().isdisjoint(occupied):
        return open_floor
    return _search(gm, start, speed, climbs_freely, max_diagonal, occupied)


def _search(gm: GameMap, start: Pos, speed: int, climbs_freely: bool, max_diagonal: int,
            occupied: Collection[Pos]) -> Reach:
    """The search itself. A state that may walk on is only worth keeping with fewer diagonals
    than any earlier state on its tile. A step that climbs onto cover ends its path (unless the
    class climbs freely): it makes its tile a destination but walks no further."""
    steps = gm.memo(_steps_table, climbs_freely)
    start_state = (start, 0)
    parents: dict[State, State | None] = {start_state: None}
    arrivals: dict[Pos, State] = {}
    blocked: set[Pos] = set()
    best = {start: 0}
    frontier = [start_state]
    for _ in range(speed):
        if not frontier:  # nothing left to explore: a huge speed costs no more than the map
            break
        nxt = []
        for state in frontier:
            pos, used = state
            for to, diagonal, stops in steps[pos]:
                d = used + diagonal
                if d > max_diagonal:
                    continue
                if to in occupied:
                    blocked.add(to)
                    continue
                if to not in arrivals and to != start:
                    arrivals[to] = state
                if stops or best.get(to, max_diagonal + 1) <= d:
                    continue
                best[to] = d
                parents[to, d] = state
                nxt.append((to, d))
        frontier = nxt
    return Reach(start, arrivals, parents, blocked)
