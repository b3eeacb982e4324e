"""The beam's segment: the clear sight line nearest the centres, kept only while its map lives."""

from __future__ import annotations

import gc
import weakref

from laser_flag.board.sight_line import sight_line, to_screen
from laser_flag.engine.los import segment_clear
from laser_flag.engine.mapfile import parse_map


def open_map(walls=()):
    tiles = [["level"] * 11 for _ in range(11)]
    for r, c in walls:
        tiles[r][c] = "wall"
    return parse_map({"tiles": tiles, "units": []})


def test_in_the_open_the_beam_joins_the_tile_centres():
    assert sight_line(open_map(), (0, 0), (0, 4)) == ((1, 1), (9, 1))


def test_a_wall_on_the_centre_line_moves_the_beam_to_a_clear_segment():
    gm = open_map(walls=[(1, 3)])
    centre_line = ((1, 1), (9, 5))
    assert not segment_clear(gm.tiles, *centre_line)
    p, q = sight_line(gm, (0, 0), (2, 4))
    assert (p, q) == ((1, 1), (9, 6))  # the beam's far end slides down to the tile's lower edge
    assert segment_clear(gm.tiles, p, q, ignore=((0, 0), (2, 4)))


def test_the_line_is_remembered_for_its_map():
    gm = open_map()
    assert sight_line(gm, (1, 1), (6, 3)) is sight_line(gm, (1, 1), (6, 3))


def test_the_remembered_lines_let_go_of_their_map():
    gm = open_map()
    sight_line(gm, (0, 0), (5, 5))
    gone = weakref.ref(gm)
    del gm
    gc.collect()
    assert gone() is None


def test_to_screen_halves_the_doubled_coordinates():
    assert to_screen((3, 4), (10, 20), 32) == (10 + 48, 20 + 64)
