"""RULES.md §1: tile kinds, the grid edge, bases and the game mode they imply."""

import copy
import pickle

import pytest

from laser_flag.engine import Game
from laser_flag.engine.game_map import (
    MODE_ASSAULT,
    MODE_CTF,
    MODE_ELIMINATION,
    WALL,
    base_serves,
    other_team,
)
from laser_flag.engine.mapfile import parse_map
from tests.engine.conftest import make_map

GLYPHS = {".": "level", "#": "wall", "^": "elevated", "1": "base_1", "2": "base_2", "u": "base_u"}


def board(*rows: str):
    return parse_map({"tiles": [[GLYPHS[c] for c in row] for row in rows], "units": []}, "t")


@pytest.mark.parametrize(
    ("kind", "team", "serves"),
    [("base_1", "1", True), ("base_1", "2", False), ("base_2", "2", True),
     ("base_2", "1", False), ("base_u", "1", True), ("base_u", "2", True),
     ("level", "1", False), ("elevated", "2", False), ("wall", "1", False)],
)
def test_bases_serve_their_team_and_universal_bases_serve_both(kind, team, serves):
    assert base_serves(kind, team) is serves


def test_row_0_is_the_top_and_col_0_the_left():
    gm = board("#....", ".....", ".....", ".....", "....^")
    assert gm.tile(0, 0) == "wall" and gm.tile(4, 4) == "elevated"
    assert (gm.rows, gm.cols) == (5, 5)


def test_outside_the_grid_is_impassable_like_a_wall():
    gm = board(".....", ".....", ".....", ".....", ".....")
    assert gm.kind((-1, 0)) == WALL and gm.kind((0, 5)) == WALL
    assert not gm.in_bounds((5, 0)) and gm.in_bounds((4, 4))
    assert not gm.is_cover((-1, -1))


def test_usable_bases_are_listed_in_reading_order():
    gm = board("1...2", ".....", "..u..", ".....", "2...1")
    assert gm.usable_bases("1") == ((0, 0), (2, 2), (4, 4))
    assert gm.usable_bases("2") == ((0, 4), (2, 2), (4, 0))


def test_a_tile_serves_a_team_as_its_kind_does_and_off_the_grid_none():
    gm = board("1.^.2", "#....", "..u..", ".....", "2...1")
    for team in ("1", "2"):
        for r in range(-1, 6):
            for c in range(-1, 6):
                serves = gm.in_bounds((r, c)) and base_serves(gm.kind((r, c)), team)
                assert gm.base_serves((r, c), team) is serves, (r, c, team)
    assert not gm.base_serves((0, 0), "3")


@pytest.mark.parametrize(
    ("rows", "mode"),
    [
        (("1...2", ".....", ".....", ".....", "....."), MODE_CTF),
        (("u....", ".....", ".....", ".....", "....."), MODE_CTF),
        (("2....", ".....", ".....", ".....", "....."), MODE_ASSAULT),
        ((".....", ".....", ".....", ".....", "....."), MODE_ELIMINATION),
    ],
)
def test_the_mode_follows_from_which_teams_have_a_usable_base(rows, mode):
    assert board(*rows).mode == mode


def test_other_team():
    assert other_team("1") == "2" and other_team("2") == "1"


def test_the_map_shares_one_visibility_cache():
    gm = board(".....", ".....", ".....", ".....", ".....")
    assert gm.visibility is gm.visibility
    assert gm.visibility.sees((0, 0), (4, 4))


def test_a_map_in_use_pickles_and_copies_without_its_tables():
    """Its tables (move searches, LOS answers) and their lock stay behind: made again."""
    gm = make_map(["1...2"] * 5, [("1", "basic", 0, 0), ("2", "basic", 0, 4)])
    Game(gm, seed=1)  # builds the map's tables
    for other in (pickle.loads(pickle.dumps(gm)), copy.deepcopy(gm)):
        assert other.units == gm.units and other.tiles == gm.tiles
        assert Game(other, seed=1).legal_actions() == Game(gm, seed=1).legal_actions()
