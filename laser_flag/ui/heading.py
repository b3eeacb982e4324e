"""A screen's title (the game's name) and a line under it, at the top left of the menu, the
settings and the network forms."""

from __future__ import annotations

import pygame

from ..i18n import _
from .scale import scaled
from .widgets import ACCENT, DIM, draw_text

TOP = 96  # at scale 1: a screen's content starts below the heading


def draw_heading(surface: pygame.Surface, subtitle: str, scale: float,
                 title: str | None = None) -> pygame.Rect:
    """The heading at `scale` (`title` None: the game's name); the rect of its title (room
    right of it is free)."""
    words = _("LASER FLAG") if title is None else title
    drawn = draw_text(surface, words, (scaled(24, scale), scaled(16, scale)), scaled(64, scale),
                      ACCENT, bold=True)
    draw_text(surface, subtitle, (scaled(26, scale), drawn.bottom + scaled(2, scale)),
              scaled(22, scale), DIM)
    return drawn
