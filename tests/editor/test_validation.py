from laser_flag.engine.game_map import WALL
from laser_flag.engine.mapfile import MapError
from map_editor import validation
from map_editor.validation import find_problem, preview_map

from .helpers import blank


def test_a_playable_map_has_no_problem():
    doc = blank(units=[["1", "basic", 0, 0], ["2", "basic", 10, 10]])
    assert find_problem(doc.data, "m.json") is None


def test_a_team_without_units_is_a_loadable_draft():
    doc = blank(units=[["1", "basic", 0, 0]])
    problem = find_problem(doc.data, "m.json")
    assert problem is not None and problem.loadable
    assert "team 2 (Bob) has no units" in problem.message


def test_a_unit_on_a_wall_points_at_its_tile():
    doc = blank(units=[["1", "basic", 0, 0], ["2", "basic", 4, 7]])
    doc.tiles[4][7] = WALL
    problem = find_problem(doc.data, "m.json")
    assert problem is not None and not problem.loadable
    assert problem.message == "m.json: units[1]: (4, 7) is a wall"
    assert problem.cells == ((4, 7),)


def test_two_units_on_one_tile_point_at_the_tile():
    doc = blank(units=[["1", "basic", 3, 3], ["2", "basic", 3, 3]])
    problem = find_problem(doc.data, "m.json")
    assert problem is not None and not problem.loadable
    assert problem.cells == ((3, 3),)


def test_an_unknown_tile_points_at_it():
    doc = blank(units=[["1", "basic", 0, 0], ["2", "basic", 1, 1]])
    doc.tiles[2][6] = "lava"
    problem = find_problem(doc.data, "m.json")
    assert problem is not None and problem.cells == ((2, 6),)


def test_the_marked_tiles_are_the_ones_the_engine_error_carries(monkeypatch):
    def refuse(data, source):
        raise MapError(f"{source}: somewhere: made up", cells=((1, 2), (5, 6)))

    monkeypatch.setattr(validation, "parse_map", refuse)
    problem = find_problem(blank().data, "m.json")
    assert problem is not None and problem.cells == ((1, 2), (5, 6))


def test_a_problem_away_from_the_board_marks_no_tile():
    doc = blank(units=[["1", "basic", 0, 0], ["2", "basic", 1, 1]], score_limit={"1": 0})
    problem = find_problem(doc.data, "m.json")
    assert problem is not None and not problem.loadable
    assert problem.cells == ()


def test_the_preview_leaves_out_a_unit_on_a_wall_and_keeps_the_team_colours():
    colors = {"1": [200, 10, 10], "2": [10, 10, 200]}
    doc = blank(units=[["1", "basic", 0, 0], ["2", "basic", 4, 7]], team_color=colors)
    doc.tiles[4][7] = WALL
    gm = preview_map(doc.data, "m.json")
    assert [u.pos for u in gm.units] == [(0, 0)]
    assert gm.teams["1"].color == (200, 10, 10) and gm.teams["2"].color == (10, 10, 200)
