"""Designer overlays from the engine's LOS: what one tile sees, and how exposed every tile is."""

from __future__ import annotations

from laser_flag.engine.game_map import WALL, GameMap, Pos


def sight(gm: GameMap, origin: Pos) -> frozenset[Pos]:
    """The tiles `origin` has line of sight to (RULES.md §4)."""
    return gm.visibility.visible_from(origin)


def exposure(gm: GameMap) -> dict[Pos, int]:
    """For each non-wall tile, how many non-wall tiles see it: high means a kill zone."""
    open_tiles = [p for p in gm.positions() if gm.kind(p) != WALL]
    counts = dict.fromkeys(open_tiles, 0)
    for viewer in open_tiles:
        for seen in gm.visibility.visible_from(viewer):
            if seen in counts:
                counts[seen] += 1
    return counts
