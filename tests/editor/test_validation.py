import pytest

from laser_flag.engine.game_map import WALL
from laser_flag.engine.mapfile import MapError
from map_editor import validation
from map_editor.validation import check, find_problem, preview_map

from .helpers import blank


def test_a_playable_map_has_no_problem():
    doc = blank(units=[["1", "basic", 0, 0], ["2", "basic", 10, 10]])
    assert find_problem(doc.data, "m.json") is None
    assert check(doc.data, "m.json").problems == []


def test_a_team_without_units_is_a_loadable_draft():
    doc = blank(units=[["1", "basic", 0, 0]])
    problem = find_problem(doc.data, "m.json")
    assert problem is not None and problem.loadable and problem.team == "2"
    assert problem.detail == "Team 2 (Purple) has no units, so no game can start"
    assert problem.message == f"m.json: {problem.detail}"


def test_an_empty_map_names_both_teams():
    assert [p.team for p in check(blank().data, "m.json").problems] == ["1", "2"]


def test_a_unit_on_a_wall_points_at_its_tile_and_names_the_unit():
    doc = blank(units=[["1", "basic", 0, 0], ["2", "basic", 4, 7]])
    doc.tiles[4][7] = WALL
    problem = find_problem(doc.data, "m.json")
    assert problem is not None and not problem.loadable
    assert problem.message == "m.json: units[1]: (4, 7) is a wall"
    assert problem.detail == "units[1]: (4, 7) is a wall"
    assert (problem.cells, problem.unit) == (((4, 7),), 1)


def test_two_units_on_one_tile_point_at_the_tile_and_the_second_unit():
    doc = blank(units=[["1", "basic", 3, 3], ["2", "basic", 3, 3]])
    problem = find_problem(doc.data, "m.json")
    assert problem is not None and not problem.loadable
    assert (problem.cells, problem.unit) == (((3, 3),), 1)


def test_a_unit_outside_the_grid_has_no_tile_but_is_named():
    doc = blank(units=[["1", "basic", 0, 0], ["2", "basic", 14, 2]])
    problem = find_problem(doc.data, "m.json")
    assert problem is not None and (problem.cells, problem.unit) == ((), 1)


def test_every_problem_is_listed_the_refusals_first_then_the_teams_without_units():
    doc = blank(units=[["1", "basic", 0, 0], ["1", "scout", 0, 0], ["1", "grunt", 2, 2]])
    doc.tiles[2][2] = WALL
    checked = check(doc.data, "m.json")
    assert [(p.unit, p.team, p.loadable) for p in checked.problems] == [
        (1, None, False), (2, None, False), (None, "2", True)]
    assert checked.refusal is checked.problems[0]
    assert find_problem(doc.data, "m.json") == checked.problems[0]


def test_a_map_with_nothing_to_draw_is_refused_as_the_engine_refuses_it():
    doc = blank(units=[["1", "basic", 0, 0], ["2", "basic", 1, 1]])
    doc.tiles[2][6] = "lava"
    with pytest.raises(MapError, match=r"tiles\[2\]\[6\]"):
        check(doc.data, "m.json")
    with pytest.raises(MapError, match="score_limit"):
        check({**doc.data, "tiles": blank().tiles, "score_limit": {"1": 0}}, "m.json")


def test_the_marked_tiles_are_the_ones_the_engine_error_carries(monkeypatch):
    made_up = MapError("m.json: somewhere: made up", cells=((1, 2), (5, 6)),
                       detail="somewhere: made up")
    monkeypatch.setattr(validation, "map_problems", lambda data, source: [made_up])
    problem = check(blank(units=[["1", "basic", 0, 0], ["2", "basic", 1, 1]]).data,
                    "m.json").problems[0]
    assert problem.cells == ((1, 2), (5, 6)) and problem.detail == "somewhere: made up"


def test_the_preview_leaves_out_a_unit_on_a_wall_and_keeps_the_team_colours():
    colors = {"1": [200, 10, 10], "2": [10, 10, 200]}
    doc = blank(units=[["1", "basic", 0, 0], ["2", "basic", 4, 7]], team_color=colors)
    doc.tiles[4][7] = WALL
    gm = preview_map(doc.data, "m.json")
    assert [u.pos for u in gm.units] == [(0, 0)]
    assert gm.teams["1"].color == (200, 10, 10) and gm.teams["2"].color == (10, 10, 200)
