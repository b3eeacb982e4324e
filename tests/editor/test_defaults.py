"""Defaults proposed from the map: team names from the colours, score limits from the units,
kept in step with the map while the designer leaves them unchosen."""

from __future__ import annotations

import pytest

from laser_flag.engine.game_map import BASE_1, BASE_2, BASE_U, DEFAULT_TEAM_COLOR
from map_editor.defaults import (
    colour_name,
    follow,
    proposals,
    scaled_score_limit,
    shown,
    team_names_for,
)
from map_editor.edits import with_unit_placed
from map_editor.storage import new_map_data

from .helpers import blank


@pytest.mark.parametrize(("rgb", "name"), [
    ((30, 30, 30), "Black"), ((180, 40, 180), "Purple"), ((214, 48, 48), "Red"),
    ((40, 96, 224), "Blue"), ((0, 200, 200), "Cyan"), ((255, 255, 255), "White"),
    ((0, 128, 0), "Green"), ((255, 165, 0), "Orange"), ((255, 0, 255), "Magenta"),
])
def test_a_colour_is_named_by_the_nearest_plain_word(rgb, name):
    assert colour_name(rgb) == name


def test_teams_of_one_colour_word_are_told_apart():
    assert team_names_for({"1": (40, 90, 220), "2": (70, 120, 250)}) == {
        "1": "Dark Blue", "2": "Light Blue"}
    assert team_names_for({"1": (40, 90, 220), "2": (40, 90, 220)}) == {
        "1": "Blue 1", "2": "Blue 2"}


def test_a_new_map_names_its_teams_after_the_default_colours_not_alice_and_bob():
    data = new_map_data(11, 11)
    assert data["team_names"] == team_names_for(DEFAULT_TEAM_COLOR) == {
        "1": "Black", "2": "Purple"}
    assert "score_limit" not in data  # it follows the units from the first one placed


@pytest.mark.parametrize(("units", "recharges", "limit"), [
    (4, True, 6), (5, True, 8), (14, True, 21), (1, True, 2), (0, True, 1),
    (4, False, 4), (0, False, 1),
])
def test_the_score_limit_scales_with_the_units_shot_at(units, recharges, limit):
    assert scaled_score_limit(units, recharges) == limit


def _units(n1: int, n2: int) -> list[list]:
    return [["1", "basic", 0, c] for c in range(n1)] + [["2", "basic", 10, c] for c in range(n2)]


def test_proposals_read_each_enemy_team_and_whether_it_can_recharge():
    doc = blank(units=_units(4, 3))
    assert proposals(doc.data)["score_limit"] == {"1": 3, "2": 4}  # no bases: hits remove
    doc.tiles[5][5] = BASE_2  # team 2 recharges: team 1 needs 1.5 hits per unit of it
    assert proposals(doc.data)["score_limit"] == {"1": 5, "2": 4}
    doc.tiles[5][6] = BASE_U
    assert proposals(doc.data)["score_limit"] == {"1": 5, "2": 6}


def test_placing_units_makes_the_limits_follow_and_one_undo_takes_both_back():
    doc = blank()
    for team, pos in [("1", (0, 0)), ("2", (9, 9)), ("2", (9, 8))]:
        doc.history.change("Place unit", {"units": with_unit_placed(doc, team, "basic", pos)})
    assert doc.data["score_limit"] == {"1": 2, "2": 1}  # no bases: one hit per enemy unit
    doc.history.change("Place unit", {"units": with_unit_placed(doc, "1", "scout", (0, 1))})
    assert doc.data["score_limit"] == {"1": 2, "2": 2}
    doc.history.undo()
    assert doc.data["score_limit"] == {"1": 2, "2": 1} and len(doc.units) == 3
    doc.history.undo()
    assert "score_limit" not in doc.data and len(doc.units) == 2  # as before the edit


def test_a_limit_the_designer_chose_stays_and_an_edit_that_sets_one_wins():
    doc = blank(units=_units(4, 4), score_limit={"1": 9, "2": 4})
    doc.history.change("Place unit", {"units": _units(5, 5)})
    assert doc.data["score_limit"] == {"1": 9, "2": 5}
    doc.history.change("Limits", {"units": _units(6, 6), "score_limit": {"1": 2, "2": 3}})
    assert doc.data["score_limit"] == {"1": 2, "2": 3}


def test_the_engines_default_limit_counts_as_unchosen():
    doc = blank(units=_units(3, 3), score_limit={"1": 21, "2": 21})
    doc.history.change("Place unit", {"units": _units(4, 4)})
    assert doc.data["score_limit"] == {"1": 4, "2": 4}


def test_painting_a_base_changes_the_limit_of_the_team_that_shoots_at_its_owner():
    doc = blank(units=_units(4, 4))
    tiles = [row[:] for row in doc.tiles]
    tiles[5][0] = BASE_1
    doc.history.change("Paint", {"tiles": tiles})
    assert doc.data["score_limit"] == {"1": 4, "2": 6}


def test_a_recoloured_team_is_renamed_unless_its_name_was_chosen():
    doc = blank(units=_units(1, 1))
    doc.history.change("Colours", {"team_color": {"1": [210, 30, 30], "2": [40, 160, 60]}})
    assert doc.data["team_names"] == {"1": "Red", "2": "Green"}
    doc.history.change("Names", {"team_names": {"1": "Reds", "2": "Green"}})
    doc.history.change("Colours", {"team_color": {"1": [40, 90, 220], "2": [245, 140, 20]}})
    assert doc.data["team_names"] == {"1": "Reds", "2": "Orange"}


def test_alice_and_bob_count_as_unchosen():
    doc = blank(units=_units(1, 1), team_names={"1": "Alice", "2": "Bob"})
    assert shown(doc.data, "team_names") == {"1": "Black", "2": "Purple"}
    doc.history.change("Colours", {"team_color": {"1": [210, 30, 30]}})
    assert doc.data["team_names"] == {"1": "Red", "2": "Purple"}


def test_the_dialog_offers_the_proposal_where_the_value_is_unchosen():
    data = blank(units=_units(4, 4)).data
    assert shown(data, "score_limit") == {"1": 4, "2": 4}
    data["score_limit"] = {"2": 7}
    assert shown(data, "score_limit") == {"1": 4, "2": 7}


def test_an_edit_that_moves_no_proposal_carries_nothing():
    data = blank(units=_units(2, 2)).data
    assert follow(data, {"name": "Twin Peaks"}) == {"name": "Twin Peaks"}
    assert follow(data, {"units": list(reversed(_units(2, 2)))}) == {
        "units": list(reversed(_units(2, 2)))}
