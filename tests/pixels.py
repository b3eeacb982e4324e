"""The colours on a surface, read at C speed: the screen tests ask which colours an area
holds, and reading a large area one `get_at` at a time took seconds a test."""

from __future__ import annotations

from array import array

import pygame


def colours_in(surface: pygame.Surface, rect: pygame.Rect | None = None
               ) -> set[tuple[int, int, int]]:
    """Every (r, g, b) colour of `surface` inside `rect` (the whole surface by default)."""
    area = surface if rect is None else surface.subsurface(rect.clip(surface.get_rect()))
    words = array("I", pygame.image.tobytes(area, "RGBX"))  # one 32-bit word a pixel
    if array("I", b"\x01\x00\x00\x00")[0] != 1:  # a big-endian machine holds the bytes reversed
        words.byteswap()
    return {(w & 0xFF, (w >> 8) & 0xFF, (w >> 16) & 0xFF) for w in set(words)}
