"""Destinations and paths of one move action (RULES.md §3, Move)."""

from __future__ import annotations

from collections.abc import Collection
from functools import cache

from .game_map import ELEVATED, NEIGHBOURS, WALL, GameMap, Pos

Step = tuple[Pos, bool]  # (next tile, is the step diagonal)


@cache
def _steps_table(gm: GameMap) -> dict[Pos, tuple[Step, ...]]:
    """Every legal single step from every non-wall tile, ignoring units (walls never change)."""
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
            steps.append((to, diagonal))
        table[pos] = tuple(steps)
    return table


def _climbs(gm: GameMap, frm: Pos, to: Pos) -> bool:
    """A step from a non-cover tile onto cover: it ends the path unless the class climbs freely."""
    return gm.kind(to) == ELEVATED and gm.kind(frm) != ELEVATED


def search(
    gm: GameMap, start: Pos, speed: int, climbs_freely: bool, occupied: Collection[Pos]
) -> dict[Pos, Pos]:
    """Breadth-first search of one move: every reachable tile mapped to its predecessor.

    A state is (tile, diagonals used); reaching a tile again is only worth it with fewer
    diagonals, so each tile keeps the fewest diagonals it was reached with.
    """
    max_diagonal = speed // 2
    steps = _steps_table(gm)
    best_diagonals = {start: 0}
    parent: dict[Pos, Pos] = {}
    frontier = [(start, 0)]
    for _ in range(speed):
        nxt = []
        for pos, used in frontier:
            if pos != start and not climbs_freely and _climbs(gm, parent[pos], pos):
                continue  # climbing ended this path
            for to, diagonal in steps[pos]:
                d = used + diagonal
                if d > max_diagonal or to in occupied or best_diagonals.get(to, 99) <= d:
                    continue
                best_diagonals[to] = d
                if to not in parent:
                    parent[to] = pos
                nxt.append((to, d))
        frontier = nxt
    parent.pop(start, None)
    return parent


def path_to(parent: dict[Pos, Pos], start: Pos, dest: Pos) -> tuple[Pos, ...]:
    """The path found by `search`, start first and `dest` last."""
    path = [dest]
    while path[-1] != start:
        path.append(parent[path[-1]])
    return tuple(reversed(path))
