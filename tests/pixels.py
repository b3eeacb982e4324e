"""The colours on a surface, read at C speed: the screen tests ask which colours an area
holds, and reading a large area one `get_at` at a time took seconds a test."""

from __future__ import annotations

from array import array

import pygame

from laser_flag.board.draw import disc_centre, tile_rect
from laser_flag.engine.game_map import Pos


def colours_in(surface: pygame.Surface, rect: pygame.Rect | None = None
               ) -> set[tuple[int, int, int]]:
    """Every (r, g, b) colour of `surface` inside `rect` (the whole surface by default)."""
    area = surface if rect is None else surface.subsurface(rect.clip(surface.get_rect()))
    words = array("I", pygame.image.tobytes(area, "RGBX"))  # one 32-bit word a pixel
    if array("I", b"\x01\x00\x00\x00")[0] != 1:  # a big-endian machine holds the bytes reversed
        words.byteswap()
    return {(w & 0xFF, (w >> 8) & 0xFF, (w >> 16) & 0xFF) for w in set(words)}


def disc_point(lay, pos: Pos, cover: bool) -> tuple[int, int]:
    """Where the disc a board of layout `lay` draws on tile `pos` (raised on `cover`) shows its
    team's colour: up and left of its symbol, clear of the snap-shot badge at the top right."""
    x, y = disc_centre(tile_rect(lay.origin, lay.tile_px, pos), cover)
    step = round(lay.tile_px * 0.2)
    return x - step, y - step


def disc_colour(surface: pygame.Surface, scene, pos: Pos) -> tuple[int, int, int]:
    """The colour of the disc a game scene draws on tile `pos`: the colour its team wears."""
    xy = disc_point(scene.layout(), pos, scene.game.map.is_cover(pos))
    return tuple(surface.get_at(xy))[:3]
