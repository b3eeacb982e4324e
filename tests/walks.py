"""Walking a map's empty board for tests: which tiles a unit can reach by legal steps."""

from __future__ import annotations

from collections import deque

from laser_flag.engine import NEIGHBOURS, GameMap


def connected(gm: GameMap) -> bool:
    """Whether every non-wall tile reaches every other by legal steps (RULES §3, empty board)."""
    free = {p for p in gm.positions() if not gm.is_wall(p)}
    start = next(iter(free))
    seen, queue = {start}, deque([start])
    while queue:
        r, c = queue.popleft()
        for dr, dc in NEIGHBOURS:
            step = (r + dr, c + dc)
            cuts_corner = dr and dc and (gm.is_wall((r + dr, c)) or gm.is_wall((r, c + dc)))
            if step in free and step not in seen and not cuts_corner:
                seen.add(step)
                queue.append(step)
    return seen == free
