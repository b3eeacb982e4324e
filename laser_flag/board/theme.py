"""Board themes as data: which set of tile art a board is drawn with.

Each theme names a prefix of the tile PNGs in images/ (`arena_floor.png`, `daylight_wall.png`);
the class symbols and status icons are shared. images/make_art.py draws every theme's files.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Theme:
    """A look for the board's tiles; hashable, so tile layers cache by it."""

    name: str
    art: str  # the prefix of this theme's tile art files


ARENA = Theme("Arena", "arena")  # a dark laser-tag hall: lit walls, glowing pads
DAYLIGHT = Theme("Daylight", "daylight")  # the light board of earlier versions
THEMES: dict[str, Theme] = {theme.name: theme for theme in (ARENA, DAYLIGHT)}
DEFAULT_THEME = ARENA
