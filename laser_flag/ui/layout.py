"""Where the board and the side panel go for a window size: the board scales to fit."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

PANEL_WIDTH = 380
MARGIN = 16
MIN_TILE = 12
LABELS = 18  # room left of and above the board for its row and column numbers


@dataclass(frozen=True)
class Layout:
    """Board origin and tile size, and the panel's rectangle."""

    origin: tuple[int, int]
    tile_px: int
    board: pygame.Rect
    panel: pygame.Rect


def game_layout(size: tuple[int, int], rows: int, cols: int) -> Layout:
    """Largest whole-pixel tiles that fit beside the panel and the coordinate labels, board
    centred in its area."""
    width, height = size
    area_w = max(1, width - PANEL_WIDTH - 3 * MARGIN - LABELS)
    area_h = max(1, height - 2 * MARGIN - LABELS)
    tile_px = max(MIN_TILE, min(area_w // cols, area_h // rows))
    board_w, board_h = tile_px * cols, tile_px * rows
    x = MARGIN + LABELS + max(0, (area_w - board_w) // 2)
    y = MARGIN + LABELS + max(0, (area_h - board_h) // 2)
    panel = pygame.Rect(width - PANEL_WIDTH - MARGIN, MARGIN, PANEL_WIDTH, height - 2 * MARGIN)
    return Layout((x, y), tile_px, pygame.Rect(x, y, board_w, board_h), panel)
