"""benchmarks/blunders.py, the count of Hard's blunders: its own search for a way out agrees
with hand-made boards, its counts over real games are consistent, and Hard seated by another
name (a weights file) is counted on its own side."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from laser_flag.bots.registry import WEIGHTED
from laser_flag.bots.search import HARD_WEIGHTS
from laser_flag.bots.weights_file import weights_text
from laser_flag.engine import DEACTIVATED, EndTurn, Fire, Move, load_map
from laser_flag.lab.games import Plan, tasks
from tests.bots.test_bots import ARENA
from tests.engine.conftest import HIT, MISS, Scripted, make_map
from tests.engine.scenario import scenario

ROOT = Path(__file__).resolve().parents[2]
STUDY = runpy.run_path(str(ROOT / "benchmarks" / "blunders.py"))


def test_a_way_out_counts_several_moves_and_bases():
    arena = make_map(["2.....#.....",
                      "......#.....",
                      "......#.....",
                      "......#.....",
                      "......#.....",
                      "1..........."], [["1", "basic", 0, 3], ["2", "basic", 0, 0]])
    could_escape = STUDY["could_escape"]
    far = scenario(arena, units={0: {"laser": DEACTIVATED, "pos": (0, 3)}})
    assert could_escape(far, far.unit(0))  # out of sight in two moves
    short = scenario(arena, units={0: {"laser": DEACTIVATED, "pos": (0, 3), "ap": 1}})
    assert not could_escape(short, short.unit(0))
    based = scenario(arena, units={0: {"laser": DEACTIVATED, "pos": (3, 0), "ap": 1}})
    assert could_escape(based, based.unit(0))  # the base is a move away


def test_its_counts_over_real_games_are_consistent():
    study = STUDY["Blunders"]()
    study.play(ROOT / "maps" / "commons.json", "rusher", games=2, seed=3, budget="steps:5")
    c = study.counts
    assert sum(study.record.values()) == 2
    assert c["left in sight: misses"] <= c["left in sight: chances"]
    assert c["left in sight: in danger"] <= c["left in sight: chances"]
    assert c["poor shots into cover"] <= c["shots"] and c["shots"] > 0
    assert c["open to fire"] <= c["in sight at turn end"]
    assert c["turns"] > 0 and c["no watch"] <= c["turns"]
    assert "left in sight:" in study.report()
    assert c["conceded on a base"] <= c["conceded"]
    assert c["conceded on a base"] == sum(
        c[f"base: {how}"] for how in ("walked", "fired", "stood", "in own turn"))
    assert c["base: walked, seen"] <= c["base: walked"]


def one_shot(game, shot: Fire):
    """The study's counts of one shot in `game`, the studied side being team 1."""
    study = STUDY["Blunders"]()
    study._team = "1"
    study._turn_start()
    study._before(game, shot)
    study._after(game.apply(shot))
    return study


@pytest.mark.parametrize(("at", "dice", "conceded", "on_base"), [
    ((4, 0), HIT, 1, 1),  # on its own base: the base trap
    ((2, 0), HIT, 1, 0),  # off it
    ((4, 0), MISS, 0, 0),
])
def test_a_point_conceded_on_a_base_is_counted_as_the_base_trap(at, dice, conceded, on_base):
    """Team 2's unit fires at the studied side's unit (team 1); ARENA's (4, 0) is team 1's base."""
    arena = make_map(ARENA, [["1", "basic", 2, 0], ["2", "basic", 0, 4]])
    game = scenario(arena, roll=Scripted(dice), turn=2, active_team="2", units={0: {"pos": at}})
    study = one_shot(game, Fire(1, 0))
    assert (study.counts["conceded"], study.counts["conceded on a base"]) == (conceded, on_base)
    assert study.base_trap() == (on_base / conceded if conceded else 0.0)


@pytest.mark.parametrize(("at", "dice", "scored", "from_base"), [
    ((4, 0), HIT, 1, 1),  # from its own base: the turret
    ((2, 0), HIT, 1, 0),  # off it
    ((4, 0), MISS, 0, 0),
])
def test_a_point_scored_from_a_base_is_counted_as_the_turrets(at, dice, scored, from_base):
    """The studied side's unit (team 1) fires at team 2's; ARENA's (4, 0) is team 1's base."""
    arena = make_map(ARENA, [["1", "basic", 2, 0], ["2", "basic", 0, 4]])
    game = scenario(arena, roll=Scripted(dice), units={0: {"pos": at}, 1: {"snap_shots": 0}})
    study = one_shot(game, Fire(0, 1))
    assert (study.counts["scored"], study.counts["scored from a base"]) == (scored, from_base)
    assert study.counts["conceded"] == 0


def test_a_point_conceded_on_a_base_walked_onto_laser_off_is_told_apart():
    """The studied side's unit (team 1), laser off, walks onto its base at ARENA's (4, 0), where
    the enemy sees it, and ends the turn; the enemy hits it there in its turn."""
    arena = make_map(ARENA, [["1", "basic", 2, 0], ["2", "basic", 0, 4]])
    game = scenario(arena, roll=Scripted(HIT), units={0: {"laser": DEACTIVATED},
                                                       1: {"snap_shots": 0}})
    study = STUDY["Blunders"]()
    study._team = "1"
    study._turn_start()
    for action in (Move(0, (4, 0)), EndTurn(), Fire(1, 0)):
        study._before(game, action)
        study._after(game.apply(action))
    c = study.counts
    assert c["conceded on a base"] == 1
    assert (c["base: walked"], c["base: walked, seen"], c["base: fired"]) == (1, 1, 0)
    assert c["base: walked, unseen in reach"] == 0  # the enemy sees the whole board
    assert "1 on a unit that had walked there laser off" in study.report()


def test_a_shooter_a_snap_shot_disqualifies_still_scores_and_concedes():
    """The studied side (team 1) has no base: its unit fires and hits, and the enemy's watcher
    answers the shot with a snap shot that takes it off the board (RULES §5, §6)."""
    arena = make_map(ARENA[:-1] + ["....2"], [["1", "basic", 2, 0], ["2", "basic", 0, 4],
                                              ["2", "basic", 4, 4]])
    game = scenario(arena, roll=Scripted(HIT, HIT), units={1: {"snap_shots": 0},
                                                           2: {"snap_shots": 1}})
    study = one_shot(game, Fire(0, 1))
    assert game.unit(0) is None
    assert (study.counts["scored"], study.counts["conceded"]) == (1, 1)
    assert study.counts["conceded on a base"] == 0


def test_hard_seated_by_a_weights_file_is_counted_on_its_own_side(tmp_path):
    weights = tmp_path / "today.json"
    weights.write_text(weights_text({"laser": HARD_WEIGHTS.laser}), encoding="utf-8")
    subject = f"{WEIGHTED}{weights}"
    plan = Plan((load_map(ROOT / "maps" / "commons.json"),), ((subject, "rusher"),), 2, 3,
                budget="steps:5")
    for task in tasks(plan):
        study = STUDY["study"](task)
        assert task.bots[int(study._team) - 1] == subject
    kept, weighted = STUDY["Blunders"](), STUDY["Blunders"]()
    kept.play(ROOT / "maps" / "commons.json", "rusher", games=2, seed=3, budget="steps:5")
    weighted.play(ROOT / "maps" / "commons.json", "rusher", games=2, seed=3, budget="steps:5",
                  subject=subject)
    assert weighted.counts == kept.counts and weighted.record == kept.record  # the same games
