"""The board drawn by the game's own code (laser_flag.board.draw), handed to Tk as PPM data."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pygame

from laser_flag.board.draw import (
    UnitLook,
    board_size,
    draw_tiles,
    draw_units,
    shade_tiles,
)
from laser_flag.board.palette import HIGHLIGHTS, Palette
from laser_flag.engine.game_map import LEVEL, GameMap, Pos

from .overlays import HeatBand, band_of, heat_bands

UNSEEN = (0, 0, 0, 120)
RGB = tuple[int, int, int]
HEAT_ALPHA = 170  # the terrain still shows through the heatmap's colours


@dataclass(frozen=True)
class Overlays:
    """Tile shading over the board: a sight set, or exposure counts (the heatmap)."""

    sight: frozenset[Pos] | None = None
    heat: Mapping[Pos, int] = field(default_factory=dict)


def _heat(surface: pygame.Surface, tile_px: int, heat: Mapping[Pos, int]) -> None:
    """Each tile in its band's colour, so shading squares stay cached (one per band)."""
    bands = heat_bands(heat)
    cells: dict[HeatBand, list[Pos]] = {}
    for pos, count in heat.items():
        cells.setdefault(band_of(count, bands), []).append(pos)
    for band, tiles in cells.items():
        shade_tiles(surface, (0, 0), tile_px, tiles, (*band.colour, HEAT_ALPHA))


def board_surface(gm: GameMap, tile_px: int, alternate: bool, overlays: Overlays) -> pygame.Surface:
    """Tiles, overlay shading, then the units, exactly as the game draws them."""
    palette = Palette.from_map(gm, alternate)
    surface = pygame.Surface(board_size(gm, tile_px))
    draw_tiles(surface, gm, (0, 0), tile_px, palette)
    if overlays.sight is not None:
        unseen = [p for p in gm.positions() if p not in overlays.sight]
        shade_tiles(surface, (0, 0), tile_px, unseen, UNSEEN)
        shade_tiles(surface, (0, 0), tile_px, overlays.sight, HIGHLIGHTS.sight)
    _heat(surface, tile_px, overlays.heat)
    looks = [UnitLook.from_spec(spec, gm) for spec in gm.units]
    draw_units(surface, looks, (0, 0), tile_px, palette)
    return surface


def ppm_data(surface: pygame.Surface) -> bytes:
    """The surface as binary PPM, which tkinter.PhotoImage reads without extra libraries."""
    width, height = surface.get_size()
    return b"P6 %d %d 255\n" % (width, height) + pygame.image.tobytes(surface, "RGB")


def tile_swatch(gm: GameMap, kind: str, tile_px: int) -> pygame.Surface:
    """One tile of `kind` in the map's colours, for the terrain buttons."""
    one = GameMap([[kind]], [], teams=gm.teams, score_limit=gm.score_limit, turn_limit=None)
    surface = pygame.Surface((tile_px, tile_px))
    draw_tiles(surface, one, (0, 0), tile_px, Palette.from_map(gm))
    return surface


def sight_shades(gm: GameMap) -> tuple[RGB, RGB]:
    """A floor tile's mean colour in sight and out of sight, as the Sight overlay shades it, for
    its legend."""
    shades = []
    for rgba in (HIGHLIGHTS.sight, UNSEEN):
        swatch = tile_swatch(gm, LEVEL, 16)
        shade_tiles(swatch, (0, 0), 16, [(0, 0)], rgba)
        red, green, blue, *__ = pygame.transform.average_color(swatch)
        shades.append((red, green, blue))
    return shades[0], shades[1]
