"""The board art: a fixed list of PNGs in images/, loaded once, cached scaled and tinted.

Tile art comes once per theme (`arena_floor`, `daylight_floor`); class symbols are shared.
"""

from __future__ import annotations

from functools import cache, lru_cache

import pygame

from ..engine.ruleset import CLASSES
from ..resources import bundled_images
from .palette import RGB
from .theme import THEMES, Theme

IMAGES_DIR = bundled_images()
TILE_PARTS = (
    "floor",
    "cover",
    "wall",
    "wall_cap_n",
    "wall_cap_s",
    "wall_cap_w",
    "wall_cap_e",
    "base_rim",
    "base_mask",
    "base_u",
)
TILE_ART = tuple(f"{theme.art}_{part}" for theme in THEMES.values() for part in TILE_PARTS)
SYMBOL_ART = tuple(f"symbol_{unit_class}" for unit_class in CLASSES)
ART_NAMES = TILE_ART + SYMBOL_ART


def tile_name(theme: Theme, part: str) -> str:
    """The art name of one tile part ('floor', 'wall_cap_n'...) in `theme`."""
    return f"{theme.art}_{part}"


def symbol_name(unit_class: str) -> str:
    """The art name of a class symbol (a white mask)."""
    return f"symbol_{unit_class}"


def fast(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format when there is a display (blits are faster)."""
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


@cache
def raw(name: str) -> pygame.Surface:
    """One art file as drawn by images/make_art.py, loaded on first use."""
    if name not in ART_NAMES:
        raise KeyError(f"no art named {name!r} (one of {', '.join(ART_NAMES)})")
    return pygame.image.load(str(IMAGES_DIR / f"{name}.png"))


@lru_cache(maxsize=1024)
def image(name: str, size: int, tint: RGB | None = None) -> pygame.Surface:
    """Art `name` scaled to size x size px, a white mask multiplied by `tint` if given."""
    art = raw(name)
    scaled = art if art.get_width() == size else pygame.transform.smoothscale(art, (size, size))
    if tint is not None:
        scaled = scaled.copy()
        scaled.fill((*tint, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return fast(scaled)
