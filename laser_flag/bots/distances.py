"""Walking distances in steps over the board, ignoring units: how far a base or an enemy is."""

from __future__ import annotations

from collections import deque
from collections.abc import Container, Iterable
from typing import Protocol

from laser_flag.engine import NEIGHBOURS, GameMap, Pos

UNREACHABLE = 99


class Walls(Protocol):
    """A board as a walk reads it (a GameMap, or a layout the map generator is drawing)."""

    def is_wall(self, pos: Pos) -> bool: ...


def walking_distance(gm: Walls, sources: Iterable[Pos], corners: bool = True,
                     within: Container[Pos] | None = None) -> dict[Pos, int]:
    """Steps from the nearest source to every walkable tile (walls block, units do not).

    `corners=False` forbids a diagonal step that cuts a wall's corner, as moves do (RULES §3);
    the default, which allows it, is the estimate greedy's and planner's weights assume.
    `within`, when given, holds the only tiles a walk may step onto.
    """
    dist = {p: 0 for p in sources}
    queue = deque(dist)
    while queue:
        pos = queue.popleft()
        d = dist[pos] + 1
        for dr, dc in NEIGHBOURS:
            nxt = (pos[0] + dr, pos[1] + dc)
            if nxt in dist or gm.is_wall(nxt) or within is not None and nxt not in within:
                continue
            if not corners and dr and dc and (gm.is_wall((pos[0] + dr, pos[1]))
                                              or gm.is_wall((pos[0], pos[1] + dc))):
                continue
            dist[nxt] = d
            queue.append(nxt)
    return dist


def base_distance(gm: GameMap, team: str, corners: bool = True) -> dict[Pos, int]:
    """Steps to the nearest base usable by `team`; empty when it has none (kept on the map).
    `corners` as `walking_distance` takes it."""
    return gm.memo(_base_distance, team, corners)


def _base_distance(gm: GameMap, team: str, corners: bool) -> dict[Pos, int]:
    return walking_distance(gm, gm.usable_bases(team), corners)
