from laser_flag.engine.game_map import WALL
from map_editor.validation import find_problem, places_in

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


def test_places_ignore_unit_references_that_do_not_resolve():
    assert places_in("m.json: units[9]: bad", {"units": []}) == ()
    assert places_in("m.json: score_limit: bad", {"units": []}) == ()
