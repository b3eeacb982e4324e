"""Walking a map's empty board for tests: which tiles a unit can reach by legal steps."""

from __future__ import annotations

from collections import deque
from collections.abc import Collection

from laser_flag.engine import NEIGHBOURS, GameMap, Pos


def reach(gm: GameMap, start: Pos, tiles: Collection[Pos]) -> set[Pos]:
    """The tiles of `tiles` a unit on `start` reaches by legal steps over them alone (RULES §3,
    empty board)."""
    seen, queue = {start}, deque([start])
    while queue:
        r, c = queue.popleft()
        for dr, dc in NEIGHBOURS:
            step = (r + dr, c + dc)
            cuts_corner = dr and dc and (gm.is_wall((r + dr, c)) or gm.is_wall((r, c + dc)))
            if step in tiles and step not in seen and not cuts_corner:
                seen.add(step)
                queue.append(step)
    return seen


def connected(gm: GameMap) -> bool:
    """Whether every non-wall tile reaches every other by legal steps (RULES §3, empty board)."""
    free = {p for p in gm.positions() if not gm.is_wall(p)}
    return reach(gm, next(iter(free)), free) == free
