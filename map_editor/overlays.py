"""Designer overlays from the engine's LOS: what one tile sees, and how exposed every tile is."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from laser_flag.engine.game_map import WALL, Pos
from laser_flag.engine.los import Visibility

Tiles = tuple[tuple[str, ...], ...]
RGB = tuple[int, int, int]

# Blue (hidden) to red (exposed), ColorBrewer's RdYlBu reversed: readable by colour-blind eyes.
HEAT_RAMP: tuple[RGB, ...] = (
    (49, 54, 149), (69, 117, 180), (116, 173, 209), (171, 217, 233),
    (254, 224, 144), (253, 174, 97), (244, 109, 67), (215, 48, 39),
)


@dataclass(frozen=True)
class HeatBand:
    """Tiles seen from `low` to `high` tiles (both included) share one colour of the heatmap."""

    low: int
    high: int
    colour: RGB

    def counts(self) -> str:
        """`12` or `12-20`, as the legend lists the band."""
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"



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


def heat_bands(counts: Mapping[Pos, int]) -> list[HeatBand]:
    """The map's own range of counts, least to most exposed, cut into equal bands, one per
    colour of HEAT_RAMP (fewer when the range is narrower): every map uses the whole ramp."""
    if not counts:
        return []
    low, high = min(counts.values()), max(counts.values())
    span = high - low + 1
    n = min(len(HEAT_RAMP), span)
    colours = [HEAT_RAMP[round(i * (len(HEAT_RAMP) - 1) / max(1, n - 1))] for i in range(n)]
    edges = [low + i * span // n for i in range(n + 1)]
    return [HeatBand(edges[i], edges[i + 1] - 1, colours[i]) for i in range(n)]


def band_of(count: int, bands: list[HeatBand]) -> HeatBand:
    """The band holding `count` (one of the counts the bands were made from)."""
    return next(b for b in bands if b.low <= count <= b.high)
