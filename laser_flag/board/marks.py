"""Numbers and words on the board, where the eye already is: a chance over an enemy, a risk at a
tile, a shot's result floating off its target, why a tile cannot be reached. Drawing only; the
client, the editor and a replay viewer give them what to say."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from . import icons
from .art import fast
from .palette import RGB
from .text import rendered, wrap

INK: RGB = (18, 19, 24)
MIN_TEXT, MAX_TEXT = 14, 30  # a mark's text size in px, following the tile size between these


def text_px(tile_px: int, share: float = 0.36) -> int:
    """A mark's text size on tiles of `tile_px`: big enough to read, never bigger than a tile."""
    return max(MIN_TEXT, min(MAX_TEXT, round(tile_px * share)))


def pill(surface: pygame.Surface, lines: Sequence[tuple[str, int, RGB, bool]], at: tuple[int, int],
         edge: RGB, *, anchor: str = "midbottom", bounds: pygame.Rect | None = None,
         alpha: int = 255) -> pygame.Rect:
    """A dark rounded box around `lines` (text, size, colour, bold), placed by `anchor` at
    `at` and kept inside `bounds` (the board as seen); `alpha` fades it. Returns its rect."""
    layer = _pill(tuple(lines), edge)
    box = layer.get_rect(**{anchor: at})
    if bounds is not None:
        box.clamp_ip(bounds)
    layer.set_alpha(alpha)  # the layer is shared: every use sets its own
    surface.blit(layer, box)
    return box


@lru_cache(maxsize=256)  # the same few marks are drawn every frame while the picks hold
def _pill(lines: tuple[tuple[str, int, RGB, bool], ...], edge: RGB) -> pygame.Surface:
    images = [rendered(text, size, color, bold) for text, size, color, bold in lines]
    width = max(image.get_width() for image in images) + 12
    height = sum(image.get_height() for image in images) + 6
    layer = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = min(8, height // 2)
    pygame.draw.rect(layer, (*INK, 225), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, edge, layer.get_rect(), 2, border_radius=radius)
    y = 3
    for image in images:
        layer.blit(image, image.get_rect(midtop=(width // 2, y)))
        y += image.get_height()
    return fast(layer)


def chance(surface: pygame.Surface, tile: pygame.Rect, text: str, color: RGB,
           bounds: pygame.Rect | None = None) -> pygame.Rect:
    """A shot's chance ('58%') on the top edge of its target's tile."""
    size = text_px(tile.h, 0.34)
    return pill(surface, [(text, size, color, True)], (tile.centerx, tile.y + size // 2), color,
                anchor="center", bounds=bounds)


def footnote(surface: pygame.Surface, tile: pygame.Rect, text: str, color: RGB,
             bounds: pygame.Rect | None = None) -> pygame.Rect:
    """A short note just under a tile (under a unit: the best shot at it), the unit left clear."""
    size = text_px(tile.h, 0.3)
    return pill(surface, [(text, size, color, True)], (tile.centerx, tile.bottom - 2), color,
                anchor="midtop", bounds=bounds)


def tile_number(surface: pygame.Surface, tile: pygame.Rect, text: str, color: RGB) -> None:
    """A number in the middle of a tile (the chance from a firing position), outlined in ink so
    it reads on any tile and under any tint."""
    image = _outlined(text, text_px(tile.h, 0.34), color)
    surface.blit(image, image.get_rect(center=tile.center))


@lru_cache(maxsize=256)
def _outlined(text: str, size: int, color: RGB) -> pygame.Surface:
    """`text` in `color` over a one-pixel ink outline, on a transparent surface."""
    ink, lit = rendered(text, size, INK, True), rendered(text, size, color, True)
    image = pygame.Surface((lit.get_width() + 2, lit.get_height() + 2), pygame.SRCALPHA)
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2), (2, 2)):
        image.blit(ink, (dx, dy))
    image.blit(lit, (1, 1))
    return fast(image)


def watcher(surface: pygame.Surface, tile: pygame.Rect, text: str, color: RGB,
            bounds: pygame.Rect | None = None) -> None:
    """An eye and its snap shot's chance under a watcher that could fire."""
    size = text_px(tile.h, 0.3)
    eye = pygame.Rect(0, 0, round(size * 1.1), round(size * 0.7))
    pad = " " * max(1, round(eye.w / max(1, rendered(" ", size, color, True).get_width())) + 1)
    box = pill(surface, [(pad + text, size, color, True)], (tile.centerx, tile.bottom - 2),
               color, anchor="midbottom", bounds=bounds)
    eye.midleft = (box.x + 6, box.centery)
    icons.draw_eye(surface, eye)


def note(surface: pygame.Surface, tile: pygame.Rect, verdict: tuple[str, RGB], detail: str,
         strength: float, rise: float, bounds: pygame.Rect | None = None) -> None:
    """A shot's result over its target: the verdict big, the roll and chance under it; it
    drifts up off the tile and fades as `strength` falls to 0."""
    if strength <= 0:
        return
    text, color = verdict
    size = text_px(tile.h, 0.42)
    at = (tile.centerx, tile.y + tile.h // 3 - round(rise * tile.h * 0.5))
    lines = [(text, size + 4, color, True), (detail, max(MIN_TEXT, size * 2 // 3), color, False)]
    pill(surface, lines, at, color, anchor="midbottom", bounds=bounds, alpha=round(255 * strength))


def bubble(surface: pygame.Surface, tile: pygame.Rect, text: str, color: RGB,
           bounds: pygame.Rect) -> None:
    """A short explanation beside a tile (why it cannot be reached), wrapped to a few lines,
    above the tile or under it when the board's top is near."""
    size = text_px(tile.h, 0.3)
    width = max(160, min(bounds.w - 8, 24 * size))
    lines = [(line, size, color, False) for line in wrap(text, size, width)]
    box = pill(surface, lines, (tile.centerx, tile.y - 2), color, bounds=bounds)
    if box.colliderect(tile):  # clamped down over the tile: put it under the tile instead
        pill(surface, lines, (tile.centerx, tile.bottom + 2), color, anchor="midtop",
             bounds=bounds)
