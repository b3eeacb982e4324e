"""Designer overlays from the engine's LOS: what one tile sees, and how exposed every tile is."""

from __future__ import annotations

from functools import lru_cache

from laser_flag.engine.game_map import WALL, Pos
from laser_flag.engine.los import Visibility

Tiles = tuple[tuple[str, ...], ...]


@lru_cache(maxsize=4)
def _visibility(tiles: Tiles) -> Visibility:
    return Visibility(tiles)


def frozen(tiles: list[list[str]]) -> Tiles:
    """Tiles as a hashable key for the caches here."""
    return tuple(map(tuple, tiles))


def sight(tiles: Tiles, origin: Pos) -> frozenset[Pos]:
    """The tiles `origin` has line of sight to (RULES.md §4)."""
    return _visibility(tiles).visible_from(origin)


@lru_cache(maxsize=4)
def exposure(tiles: Tiles) -> dict[Pos, int]:
    """For each non-wall tile, how many non-wall tiles see it: high means a kill zone."""
    vis = _visibility(tiles)
    open_tiles = [
        (r, c) for r, row in enumerate(tiles) for c, kind in enumerate(row) if kind != WALL
    ]
    counts = dict.fromkeys(open_tiles, 0)
    for viewer in open_tiles:
        for seen in vis.visible_from(viewer):
            if seen in counts:
                counts[seen] += 1
    return counts
