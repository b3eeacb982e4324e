"""The board's zoom and pan: the whole board when it fits at a legible size, never smaller than
that; the wheel keeps the point under the pointer; a pan never shows past an edge."""

from __future__ import annotations

import pygame
import pytest

from laser_flag.board.viewport import MAX_TILE, MIN_TILE, BoardView, fit_tile

AREA = pygame.Rect(100, 50, 500, 400)


def overflows(view: BoardView, rows: int, cols: int) -> bool:
    tile = view.tile_px(AREA, rows, cols)
    return cols * tile > AREA.w or rows * tile > AREA.h


def point_under(view: BoardView, xy, rows=21, cols=21) -> tuple[float, float]:
    tile = view.tile_px(AREA, rows, cols)
    ox, oy = view.origin(AREA, rows, cols)
    return (xy[0] - ox) / tile, (xy[1] - oy) / tile


def test_a_board_that_fits_is_shown_whole_and_centred():
    view = BoardView()
    tile = view.tile_px(AREA, 7, 7)
    assert tile == fit_tile(AREA, 7, 7) == 57
    ox, oy = view.origin(AREA, 7, 7)
    assert abs((ox - AREA.x) - (AREA.right - ox - 7 * tile)) <= 1
    assert abs((oy - AREA.y) - (AREA.bottom - oy - 7 * tile)) <= 1
    assert not overflows(view, 7, 7)


def test_a_board_too_big_keeps_legible_tiles_and_pans():
    view = BoardView()
    assert fit_tile(AREA, 21, 21) < MIN_TILE
    assert view.tile_px(AREA, 21, 21) == MIN_TILE and overflows(view, 21, 21)
    view.zoom_at(AREA, 21, 21, AREA.center, -5)  # the wheel cannot go below legible
    assert view.tile_px(AREA, 21, 21) == MIN_TILE


@pytest.mark.parametrize("xy", [(300, 200), AREA.center, (420, 300)])
def test_the_wheel_zooms_around_the_pointer(xy):
    view = BoardView()
    point = point_under(view, xy, 11, 11)
    view.zoom_at(AREA, 11, 11, xy, 4)
    tile = view.tile_px(AREA, 11, 11)
    assert tile > fit_tile(AREA, 11, 11) and overflows(view, 11, 11)
    ox, oy = view.origin(AREA, 11, 11)
    shown = (ox + point[0] * tile, oy + point[1] * tile)
    assert max(abs(a - b) for a, b in zip(shown, xy, strict=True)) <= 1  # still under it


def test_zoom_stops_at_the_largest_tile():
    view = BoardView()
    view.zoom_at(AREA, 11, 11, AREA.center, 40)
    assert view.tile_px(AREA, 11, 11) == MAX_TILE


def test_a_pan_never_shows_past_the_boards_edges():
    view = BoardView()
    view.pan(AREA, 21, 21, 10_000, 10_000)
    assert view.origin(AREA, 21, 21) == (AREA.x, AREA.y)
    view.pan(AREA, 21, 21, -10_000, -10_000)
    tile = view.tile_px(AREA, 21, 21)
    assert view.origin(AREA, 21, 21) == (AREA.right - 21 * tile, AREA.bottom - 21 * tile)


def test_show_brings_a_tile_into_sight():
    view = BoardView()
    view.show(AREA, 21, 21, (20, 20))
    tile = view.tile_px(AREA, 21, 21)
    ox, oy = view.origin(AREA, 21, 21)
    corner = pygame.Rect(ox + 20 * tile, oy + 20 * tile, tile, tile)
    assert AREA.contains(corner)
    view.show(AREA, 21, 21, (0, 0))
    ox, oy = view.origin(AREA, 21, 21)
    assert AREA.contains(pygame.Rect(ox, oy, tile, tile))
