"""Numbers and words on the board, where the eye already is: a chance over an enemy, a risk at a
tile, a shot's result floating off its target, why a tile cannot be reached. Drawing only; the
client, the editor and a replay viewer give them what to say."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
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


Spot = tuple[str, tuple[int, int]]  # a box's anchor ('midbottom', ...) and where it goes


@dataclass
class Room:
    """Where the board's labels may go this frame: inside `bounds` (the board as seen), clear of
    everything `taken`: the units' discs and status marks, and the labels already placed."""

    bounds: pygame.Rect
    taken: list[pygame.Rect] = field(default_factory=list)

    def place(self, size: tuple[int, int], spots: Sequence[Spot],
              keep: pygame.Rect | None = None) -> pygame.Rect:
        """A box of `size` at the first of `spots` where, kept inside the bounds, it covers
        nothing taken nor `keep` (the tile it is about), else where it covers least; it is
        taken from then on."""
        best: tuple[int, pygame.Rect] | None = None
        clear = self.taken if keep is None else [*self.taken, keep]
        for anchor, at in spots:
            box = pygame.Rect((0, 0), size)
            setattr(box, anchor, at)
            box.clamp_ip(self.bounds)
            covered = sum(_area(box.clip(other)) for other in clear)
            if best is None or covered < best[0]:
                best = (covered, box)
            if covered == 0:
                break
        self.taken.append(best[1])
        return best[1]


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def around(tile: pygame.Rect, gap: int = 1) -> list[Spot]:
    """Spots next to a tile, nearest first: above it, below it, beside it, at its corners, then
    a tile further up and down; a label there leaves the tile itself clear."""
    x, y, right, bottom, h = tile.centerx, tile.y, tile.right, tile.bottom, tile.h
    return [("midbottom", (x, y - gap)), ("midtop", (x, bottom + gap)),
            ("midright", (tile.x - gap, tile.centery)), ("midleft", (right + gap, tile.centery)),
            ("bottomright", (tile.x, y)), ("bottomleft", (right, y)),
            ("topright", (tile.x, bottom)), ("topleft", (right, bottom)),
            ("midbottom", (x, y - h)), ("midtop", (x, bottom + h))]


def pill(surface: pygame.Surface, lines: Sequence[tuple[str, int, RGB, bool]],
         spots: Sequence[Spot], edge: RGB, room: Room | None = None,
         alpha: int = 255, keep: pygame.Rect | None = None) -> pygame.Rect:
    """A dark rounded box around `lines` (text, size, colour, bold) at the first of `spots`
    that `room` leaves clear, `keep` too (without a room: the first); `alpha` fades it.
    Returns its rect."""
    layer = _pill(tuple(lines), edge)
    if room is None:
        box = layer.get_rect(**{spots[0][0]: spots[0][1]})
    else:
        box = room.place(layer.get_size(), spots, keep)
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
           room: Room | None = None, inside: bool = False) -> pygame.Rect:
    """A shot's chance ('58%') next to its target's tile, or in the tile when `inside` (an empty
    tile: a destination's risk)."""
    size = text_px(tile.h, 0.34)
    if inside:
        spots = [("center", tile.center), *around(tile)]
        return pill(surface, [(text, size, color, True)], spots, color, room)
    return pill(surface, [(text, size, color, True)], around(tile), color, room, keep=tile)


def footnote(surface: pygame.Surface, tile: pygame.Rect, text: str, color: RGB,
             room: Room | None = None) -> pygame.Rect:
    """A short note by a tile (by a unit: the best shot at it), under it where there is room."""
    size = text_px(tile.h, 0.3)
    spots = around(tile)
    return pill(surface, [(text, size, color, True)], [spots[1], spots[0], *spots[2:]], color,
                room, keep=tile)


def tile_number(surface: pygame.Surface, tile: pygame.Rect, text: str, color: RGB,
                room: Room | None = None) -> pygame.Rect:
    """A number in the middle of a tile (the chance from a firing position), or beside it when
    a unit stands there; outlined in ink so it reads on any tile and under any tint."""
    image = _outlined(text, text_px(tile.h, 0.34), color)
    spots = [("center", tile.center), *around(tile)]
    box = image.get_rect(center=tile.center) if room is None else room.place(image.get_size(),
                                                                              spots)
    surface.blit(image, box)
    return box


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
            room: Room | None = None) -> pygame.Rect:
    """An eye and its snap shot's chance by a watcher that could fire, under it if there is
    room."""
    size = text_px(tile.h, 0.3)
    eye = pygame.Rect(0, 0, round(size * 1.1), round(size * 0.7))
    pad = " " * max(1, round(eye.w / max(1, rendered(" ", size, color, True).get_width())) + 1)
    spots = around(tile)
    box = pill(surface, [(pad + text, size, color, True)], [spots[1], spots[0], *spots[2:]],
               color, room, keep=tile)
    eye.midleft = (box.x + 6, box.centery)
    icons.draw_eye(surface, eye)
    return box


def note(surface: pygame.Surface, tile: pygame.Rect, verdict: tuple[str, RGB], detail: str,
         strength: float, rise: float, room: Room | None = None) -> pygame.Rect | None:
    """A shot's result by its target: the verdict big, the roll and chance under it; it drifts
    off the tile (up, or down from the board's top row) and fades as `strength` falls to 0."""
    if strength <= 0:
        return None
    text, color = verdict
    size = text_px(tile.h, 0.42)
    drift = round(rise * tile.h * 0.5)
    lines = [(text, size + 4, color, True), (detail, max(MIN_TEXT, size * 2 // 3), color, False)]
    spots = [("midbottom", (tile.centerx, tile.y - drift)),
             ("midtop", (tile.centerx, tile.bottom + drift)), *around(tile)]
    return pill(surface, lines, spots, color, room, alpha=round(255 * strength), keep=tile)


def bubble(surface: pygame.Surface, tile: pygame.Rect, text: str, color: RGB,
           room: Room) -> pygame.Rect:
    """A short explanation beside a tile (why it cannot be reached), wrapped to a few lines,
    above the tile or under it when the board's top is near."""
    size = text_px(tile.h, 0.3)
    width = max(160, min(room.bounds.w - 8, 24 * size))
    lines = [(line, size, color, False) for line in wrap(text, size, width)]
    return pill(surface, lines, around(tile, 2), color, room, keep=tile)
