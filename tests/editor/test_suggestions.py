"""Suggested one-step tweaks without Tk: what they change, mirrored on a symmetric map, applied
and undone as one edit, and listed only when their games tell them apart from the map as it is
and nearer 50%, nearest first."""

from __future__ import annotations

import copy

from laser_flag.engine.game_map import ELEVATED, LEVEL, WALL
from map_editor import suggestions
from map_editor.document import MapDocument
from map_editor.suggestions import Measured, Tweak
from map_editor.symmetry import ROTATE, has_symmetry

from .helpers import blank

ONE_EACH = [["1", "scout", 5, 1], ["2", "grunt", 2, 8]]
MIRRORED = [["1", "scout", 9, 2], ["2", "scout", 1, 8]]  # rotate 180° on 11 x 11


def _changed_cells(before: list[list[str]], after: list[list[str]]) -> set[tuple[int, int]]:
    return {(r, c) for r, row in enumerate(before) for c, kind in enumerate(row)
            if after[r][c] != kind}


def test_an_asymmetric_map_gets_single_moves_limits_and_tile_changes():
    doc = blank(units=ONE_EACH)
    every = suggestions.tweaks(doc)
    limits = [t.values["score_limit"] for t in every if "score_limit" in t.values]
    assert limits == [{"1": 20, "2": 21}, {"1": 22, "2": 21}, {"1": 21, "2": 20},
                      {"1": 21, "2": 22}]
    moves = [t for t in every if "units" in t.values]
    assert len(moves) == 8  # four directions for each of the two units
    for tweak in moves:
        moved = [(u, v) for u, v in zip(doc.units, tweak.values["units"], strict=True) if u != v]
        assert len(moved) == 1
        (old, new), = moved
        assert abs(old[2] - new[2]) + abs(old[3] - new[3]) == 1
    toggles = [t for t in every if "tiles" in t.values]
    assert len(toggles) == 11 * 11
    assert all(len(_changed_cells(doc.tiles, t.values["tiles"])) == 1 for t in toggles)


def test_a_symmetric_map_gets_every_tweak_on_both_halves():
    doc = blank(units=MIRRORED)
    assert has_symmetry(doc, ROTATE)
    chosen = suggestions.sample(doc, 40)
    assert chosen
    for tweak in chosen:
        assert has_symmetry(MapDocument(tweak.applied_to(doc.data)), ROTATE), tweak.label
    limit = next(t for t in chosen if "score_limit" in t.values)
    assert limit.values["score_limit"] in ({"1": 20, "2": 20}, {"1": 22, "2": 22})
    move = next(t for t in chosen if "units" in t.values)
    assert sum(u != v for u, v in zip(doc.units, move.values["units"], strict=True)) == 2
    toggle = next(t for t in chosen if "tiles" in t.values)
    assert len(_changed_cells(doc.tiles, toggle.values["tiles"])) == 2


def test_the_sample_is_playable_bounded_and_the_same_for_the_same_seed():
    doc = blank(units=ONE_EACH)
    tiles = copy.deepcopy(doc.tiles)
    tiles[5][2] = WALL  # the scout cannot step right onto it
    doc.history.change("Paint", {"tiles": tiles})
    chosen = suggestions.sample(doc, 12, seed=4)
    assert len(chosen) == 12
    assert [t.label for t in chosen] == [t.label for t in suggestions.sample(doc, 12, seed=4)]
    assert not any(t.values.get("units", [[0, 0, 0, 0]])[0][2:] == [5, 2] for t in chosen)
    assert all("tiles" not in t.values or t.values["tiles"][5][2] == WALL for t in chosen)


def test_applying_a_suggestion_is_one_edit_and_one_undo_restores_the_map():
    doc = blank(units=MIRRORED)
    before = copy.deepcopy(doc.data)
    toggle = next(t for t in suggestions.sample(doc, 40) if "tiles" in t.values)
    suggestions.apply(doc, toggle)
    assert doc.data != before and doc.modified
    changed = _changed_cells(before["tiles"], doc.tiles)
    assert {before["tiles"][r][c] for r, c in changed} <= {LEVEL, ELEVATED}
    assert doc.history.undo() == f"Suggestion: {toggle.label}"
    assert doc.data == before and not doc.history.can_undo


def _tweak(name: str, wins: int, losses: int) -> Measured:
    return Measured(Tweak(name, {}), wins, losses)


def test_only_tweaks_the_games_tell_apart_and_nearer_fair_are_listed_nearest_first():
    now = Measured(None, 60, 20)  # 75% [64-84]
    close = _tweak("close", 41, 39)  # 51%: told apart, and nearer 50%
    nearer = _tweak("nearer", 46, 34)  # 57.5%: told apart too, a little farther from 50%
    vague = _tweak("vague", 5, 3)  # 62% of 8 games: cannot be told from 75%
    same = _tweak("same", 59, 21)  # 74%: no different
    past = _tweak("past", 10, 70)  # 12.5%: different, but farther from fair
    unmeasured = _tweak("unmeasured", 0, 0)
    found = suggestions.measurably_better([vague, nearer, same, close, past, unmeasured], now)
    assert [m.tweak.label for m in found] == ["close", "nearer"]


def test_no_tweak_is_listed_when_the_games_are_too_few():
    """The old panel's three tweaks "all at 50% [22%-78%]", 8 games each, against a map at 75%
    of 8: nothing can be told from so few."""
    now = Measured(None, 6, 2)
    assert suggestions.measurably_better([_tweak(str(i), 4, 4) for i in range(3)], now) == []


def test_a_map_leaning_to_team_2_is_helped_by_tweaks_that_raise_team_1():
    now = Measured(None, 20, 60)
    assert suggestions.measurably_better([_tweak("up", 40, 40), _tweak("down", 5, 75)],
                                         now)[0].tweak.label == "up"


def test_each_tweak_is_measured_by_its_own_maps_rows_the_map_as_it_is_first():
    tweaks = [Tweak("a", {}), Tweak("b", {})]
    rows = [{"team1_wins": 2, "team2_wins": 2}, {"team1_wins": 0, "team2_wins": 0},
            {"team1_wins": 1, "team2_wins": 0}, {"team1_wins": 1, "team2_wins": 0},
            {"team1_wins": 0, "team2_wins": 3}, {"team1_wins": 1, "team2_wins": 0}]
    now, (a, b) = suggestions.measure(tweaks, rows, pairings=2)
    assert (now.tweak, now.rate) == (None, 0.5)
    assert (a.tweak.label, a.rate) == ("a", 1.0)
    assert (b.tweak.label, b.rate) == ("b", 0.25)
    maps = suggestions.measured_maps(blank(units=ONE_EACH), [Tweak("c", {"name": "x"})])
    assert [gm.name for gm in maps] == ["the map as it is", "x"]  # a nameless map: its source
