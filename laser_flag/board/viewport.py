"""Which part of the board a window shows, at what tile size: the whole board when it fits at a
legible size, else legible tiles and a pan; the wheel zooms around the pointer and a drag pans.
Geometry only (no drawing), so the game, a replay viewer and the editor can share it."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

MIN_TILE = 26  # px: the smallest tile a unit's class, laser and AP still read on
MAX_TILE = 160  # px: the closest the wheel zooms in
ZOOM_STEP = 1.2  # one notch of the wheel


def fit_tile(area: pygame.Rect, rows: int, cols: int) -> int:
    """The largest whole-pixel tile at which the whole board fits in `area`."""
    return max(1, min(area.w // cols, area.h // rows))


@dataclass
class BoardView:
    """The player's zoom and pan. `zoom` None: as big as fits (never below MIN_TILE); `centre`
    None: the board's middle, else the board point (in tiles, x then y) at the area's middle."""

    zoom: int | None = None
    centre: tuple[float, float] | None = None

    def tile_px(self, area: pygame.Rect, rows: int, cols: int) -> int:
        """The tile size shown: the zoom chosen, between the least that reads and MAX_TILE; the
        least is the size that fits the whole board, or MIN_TILE when that is smaller."""
        least = max(MIN_TILE, fit_tile(area, rows, cols))
        return least if self.zoom is None else min(max(self.zoom, least), max(least, MAX_TILE))

    def origin(self, area: pygame.Rect, rows: int, cols: int) -> tuple[int, int]:
        """Where the board's top-left corner goes: centred along a side that fits, else so that
        `centre` is in the middle, the board's edges never pulled inside the area."""
        tile = self.tile_px(area, rows, cols)
        centre = self.centre or (cols / 2, rows / 2)
        return (_axis(area.x, area.w, cols * tile, centre[0] * tile),
                _axis(area.y, area.h, rows * tile, centre[1] * tile))

    def zoom_at(self, area: pygame.Rect, rows: int, cols: int, xy: tuple[int, int],
                notches: int) -> None:
        """The wheel: zoom in (notches > 0) or out, keeping the board point under `xy` there."""
        tile = self.tile_px(area, rows, cols)
        ox, oy = self.origin(area, rows, cols)
        point = ((xy[0] - ox) / tile, (xy[1] - oy) / tile)
        self.zoom = max(1, round(tile * ZOOM_STEP ** notches))
        new = self.tile_px(area, rows, cols)
        self.centre = (point[0] + (area.centerx - xy[0]) / new,
                       point[1] + (area.centery - xy[1]) / new)
        self._keep_inside(area, rows, cols)

    def pan(self, area: pygame.Rect, rows: int, cols: int, dx: int, dy: int) -> None:
        """A drag by (dx, dy) px: the board follows the pointer."""
        tile = self.tile_px(area, rows, cols)
        cx, cy = self.centre or (cols / 2, rows / 2)
        self.centre = (cx - dx / tile, cy - dy / tile)
        self._keep_inside(area, rows, cols)

    def show(self, area: pygame.Rect, rows: int, cols: int, pos: tuple[int, int]) -> None:
        """Pan just enough that tile `pos` (row, column) is in sight (the keyboard cursor)."""
        tile = self.tile_px(area, rows, cols)
        ox, oy = self.origin(area, rows, cols)
        rect = pygame.Rect(ox + pos[1] * tile, oy + pos[0] * tile, tile, tile)
        inside = rect.clamp(area)
        if inside.topleft != rect.topleft:
            self.pan(area, rows, cols, inside.x - rect.x, inside.y - rect.y)

    def _keep_inside(self, area: pygame.Rect, rows: int, cols: int) -> None:
        """Keep `centre` where the board still covers the area (no drifting past an edge)."""
        tile = self.tile_px(area, rows, cols)
        ox, oy = self.origin(area, rows, cols)
        self.centre = ((area.centerx - ox) / tile, (area.centery - oy) / tile)


def _axis(start: int, room: int, size: int, centre_px: float) -> int:
    """One coordinate of the board's origin along an axis `room` px long from `start`."""
    if size <= room:
        return start + (room - size) // 2
    wanted = round(start + room / 2 - centre_px)
    return min(start, max(start + room - size, wanted))
