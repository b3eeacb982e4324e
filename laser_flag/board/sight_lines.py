"""Where a line between two units is drawn on the board: along the sight line the rules found
between their tiles (`engine.sight_line`), so that no beam or watcher's line crosses a wall.

A clear segment may pass as close to a wall's corner as the grid allows, and a line has width
(a beam its glow): what would spill onto a wall's square is left out (`off_walls`), as if the
wall stood in front of it.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from ..engine.game_map import WALL, GameMap, Pos
from ..engine.sight_line import Segment, sight_line
from .draw import Tiles, tile_rect

ScreenPoint = tuple[float, float]

# Asked every frame a beam or a watcher's line shows; keyed on the tiles' content and bounded.
_lines = lru_cache(maxsize=256)(sight_line)


def line_between(gm: GameMap, a: Pos, b: Pos) -> Segment | None:
    """The sight line drawn from tile a to tile b (doubled coordinates); None if a does not
    see b, and then no line may be drawn."""
    return _lines(gm.tiles, a, b)


def on_screen(origin: tuple[int, int], tile_px: int, point2: tuple[int, int]) -> ScreenPoint:
    """A point in doubled coordinates on a board drawn at `origin`, exact (half pixels kept)."""
    return origin[0] + point2[0] * tile_px / 2, origin[1] + point2[1] * tile_px / 2


def off_walls(layer: pygame.Surface, box: pygame.Rect, tiles: Tiles, tile_px: int) -> None:
    """Clear every pixel of `layer`, to be laid at `box` on a board drawn at (0, 0), that lies
    on a wall's square."""
    top, bottom = max(0, box.y // tile_px), min(len(tiles), box.bottom // tile_px + 1)
    left, right = max(0, box.x // tile_px), min(len(tiles[0]), box.right // tile_px + 1)
    for r in range(top, bottom):
        for c in range(left, right):
            if tiles[r][c] == WALL:
                layer.fill((0, 0, 0, 0), tile_rect((-box.x, -box.y), tile_px, (r, c)))
