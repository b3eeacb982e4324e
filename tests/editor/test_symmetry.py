import pytest

from laser_flag.engine.game_map import BASE_1, BASE_2, ELEVATED, WALL
from map_editor.symmetry import LEFT_RIGHT, ROTATE, SYMMETRIES, TOP_BOTTOM, mirrored, symmetries

from .helpers import blank


def test_an_empty_map_has_every_symmetry():
    assert symmetries(blank(11, 13)) == list(SYMMETRIES)


def test_mirror_left_right_copies_left_half_with_teams_and_bases_swapped():
    doc = blank(11, 12, units=[["1", "scout", 2, 1], ["2", "grunt", 4, 9]])
    doc.tiles[3][0] = BASE_1
    doc.tiles[5][2] = WALL
    doc.tiles[7][10] = ELEVATED  # right half: overwritten
    doc.history.change("mirror", mirrored(doc, LEFT_RIGHT))
    assert doc.tiles[3][11] == BASE_2 and doc.tiles[3][0] == BASE_1
    assert doc.tiles[5][9] == WALL
    assert doc.tiles[7][10] != ELEVATED
    assert doc.units == [["1", "scout", 2, 1], ["2", "scout", 2, 10]]
    assert LEFT_RIGHT in symmetries(doc)


def test_mirror_keeping_the_second_half():
    doc = blank(11, 11, units=[["1", "scout", 2, 1], ["2", "grunt", 7, 9]])
    doc.tiles[10][10] = BASE_2
    doc.history.change("mirror", mirrored(doc, TOP_BOTTOM, keep_first=False))
    assert doc.units == [["2", "grunt", 7, 9], ["1", "grunt", 3, 9]]
    assert doc.tiles[0][10] == BASE_1 and doc.tiles[10][10] == BASE_2
    assert TOP_BOTTOM in symmetries(doc)


def test_rotation_keeps_the_top_half_and_the_left_of_the_middle_row():
    doc = blank(11, 11, units=[["1", "basic", 5, 2], ["2", "basic", 5, 8], ["1", "sniper", 0, 0]])
    doc.tiles[5][1] = BASE_1
    doc.tiles[5][9] = WALL
    doc.history.change("rotate", mirrored(doc, ROTATE))
    assert doc.tiles[5][9] == BASE_2
    assert sorted(doc.units) == sorted(
        [["1", "basic", 5, 2], ["1", "sniper", 0, 0], ["2", "basic", 5, 8], ["2", "sniper", 10, 10]]
    )
    assert symmetries(doc) == [ROTATE]


@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_indicator_needs_swapped_teams(symmetry):
    doc = blank(11, 11, units=[["1", "basic", 0, 0]])
    doc.history.change("mirror", mirrored(doc, symmetry))
    assert symmetry in symmetries(doc)
    doc.units[1][0] = "1"  # same team on both sides: not fair, not symmetric
    assert symmetry not in symmetries(doc)


def test_indicator_sees_a_single_asymmetric_tile():
    doc = blank(11, 11)
    doc.tiles[2][3] = WALL
    assert symmetries(doc) == []
    doc.tiles[8][7] = WALL
    assert symmetries(doc) == [ROTATE]


def test_a_team_base_on_the_axis_breaks_symmetry():
    doc = blank(11, 11)
    doc.tiles[5][5] = BASE_1
    assert symmetries(doc) == []
