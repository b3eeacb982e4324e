"""Where the board and the side panel go for a window size. The board gets the room first: the
panel is full width while the board's tiles stay comfortable, narrows when that helps them, and
folds into a drawer (a bar along the top, the panel over the board when opened) when even a
narrow one would leave the tiles below a legible size. Text scales with the window (scale.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...board.draw import pos_at
from ...board.viewport import MIN_TILE, BoardView, fit_tile
from ...engine.game_map import GameMap, Pos
from ..scale import scaled, text_scale

PANEL_WIDTH = 380  # the full panel at scale 1
NARROW_WIDTH = 270
MIN_PANEL = (320, 250)  # px: the full and the narrow panel never narrower than these
MARGIN = 16
LABELS = 18  # room left of and above the board for its row and column numbers
COMFORT_TILE = 44  # px: the panel narrows before the board's tiles drop below this...
WORTH = 4  # px: ...when narrowing makes them at least this much bigger
BAR_H = 40  # the drawer's bar along the top, at scale 1
SIDE, NARROW, DRAWER = "side", "narrow", "drawer"


@dataclass(frozen=True)
class Layout:
    """Board origin and tile size; `area`, the part of the window the board is seen in (the
    board may be bigger and pan); the panel's rectangle (in drawer mode where the drawer opens);
    the text scale; the mode (SIDE, NARROW or DRAWER) and the drawer's bar."""

    origin: tuple[int, int]
    tile_px: int
    board: pygame.Rect
    panel: pygame.Rect
    area: pygame.Rect
    scale: float = 1.0
    mode: str = SIDE
    bar: pygame.Rect | None = None
    drawer_open: bool = False

    @property
    def panel_shown(self) -> bool:
        return self.mode != DRAWER or self.drawer_open

    def tile_at(self, gm: GameMap, xy: tuple[int, int]) -> Pos | None:
        """The tile under `xy` where the board is seen (not under the open drawer), if any."""
        if not self.area.collidepoint(xy) or (self.drawer_open and self.panel.collidepoint(xy)):
            return None
        return pos_at(self.origin, self.tile_px, gm, xy)


def board_area(size: tuple[int, int], panel_w: int, top: int, below: int = 0) -> pygame.Rect:
    """The room left for the board beside a panel `panel_w` wide (0: none), under `top` px and
    above `below` px kept free (the lesson's prompt)."""
    width, height = size
    gap = MARGIN if panel_w else 0
    return pygame.Rect(MARGIN + LABELS, top + MARGIN + LABELS,
                       max(1, width - panel_w - gap - 2 * MARGIN - LABELS),
                       max(1, height - top - below - 2 * MARGIN - LABELS))


def game_layout(size: tuple[int, int], rows: int, cols: int, view: BoardView | None = None,
                drawer_open: bool = False, below: int = 0, fold: bool = True) -> Layout:
    """The layout of the game screen in a window of `size` for a board of rows x cols, zoomed
    and panned as `view` says (None: the whole board, as big as fits); `below` px are kept
    free under the board. Without `fold` (a screen that needs its panel: the replay) the panel
    never becomes a drawer; the board then keeps legible tiles and pans only when a `view` is
    given, else it is shown whole, however small its tiles."""
    width, height = size
    scale = text_scale(size)
    full = max(MIN_PANEL[0], scaled(PANEL_WIDTH, scale))
    narrow = max(MIN_PANEL[1], scaled(NARROW_WIDTH, scale))
    tile_full = fit_tile(board_area(size, full, 0, below), rows, cols)
    tile_narrow = fit_tile(board_area(size, narrow, 0, below), rows, cols)
    if tile_full >= MIN_TILE and (tile_full >= COMFORT_TILE or tile_narrow < tile_full + WORTH):
        mode, panel_w, top = SIDE, full, 0
    elif tile_narrow >= MIN_TILE or not fold:
        mode, panel_w, top = NARROW, narrow, 0
    else:
        mode, panel_w, top = DRAWER, 0, scaled(BAR_H, scale)
    area = board_area(size, panel_w, top, below)
    pans = fold or view is not None
    view = view or BoardView()
    tile = view.tile_px(area, rows, cols) if pans else fit_tile(area, rows, cols)
    origin = view.origin(area, rows, cols) if pans else _centred(area, tile, rows, cols)
    board = pygame.Rect(origin, (cols * tile, rows * tile))
    if mode == DRAWER:
        drawer_w = min(width, max(MIN_PANEL[0], scaled(PANEL_WIDTH, scale)))
        panel = pygame.Rect(width - drawer_w, top, drawer_w, height - top)
        bar = pygame.Rect(0, 0, width, top)
        return Layout(origin, tile, board, panel, area, scale, mode, bar, drawer_open)
    panel = pygame.Rect(width - panel_w - MARGIN, MARGIN, panel_w, height - 2 * MARGIN)
    return Layout(origin, tile, board, panel, area, scale, mode)


def _centred(area: pygame.Rect, tile: int, rows: int, cols: int) -> tuple[int, int]:
    return area.x + (area.w - cols * tile) // 2, area.y + (area.h - rows * tile) // 2
