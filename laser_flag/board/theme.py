"""Board themes as data: which set of tile art a board is drawn with.

Each theme names a prefix of the tile PNGs in images/ (`arena_floor.png`, `daylight_wall.png`);
the class symbols and status icons are shared. images/make_art.py draws every theme's files.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_
from .palette import RGBA

UNSEEN = (0, 0, 12, 175)  # under fog of war, over a tile none of the viewing team's units sees


@dataclass(frozen=True)
class Theme:
    """A look for the board's tiles; hashable, so tile layers cache by it."""

    name: str
    art: str  # the prefix of this theme's tile art files
    # Under fog of war, laid over each tile the viewing team sees: where dimming the unseen
    # tiles alone leaves too little between them (a dark floor cannot get much darker), the
    # seen ones are lit instead. tests/ui/test_fog_contrast.py measures the difference.
    seen: RGBA | None = None


# A dark laser-tag hall: lit walls, glowing pads; under fog, a cool light where the team sees.
ARENA = Theme(N_("Arena"), "arena", seen=(190, 205, 240, 60))
DAYLIGHT = Theme(N_("Daylight"), "daylight")  # a light board, for a bright room
THEMES: dict[str, Theme] = {theme.name: theme for theme in (ARENA, DAYLIGHT)}
DEFAULT_THEME = ARENA
