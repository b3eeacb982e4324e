"""LabRun, the lab a window drives: background processes whose counts add up, that stop
promptly keeping what was played, that stop by themselves once the verdict is told or the time
is up, and whose results equal the command line's."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest

from laser_flag.engine import load_map, parse_map
from laser_flag.lab import LabRun, Where, executors, new_plan
from laser_flag.lab.run import STOPPED, TIME_UP
from laser_flag.lab.stopping import DECIDED
from laser_flag.tools import balance
from tests.waits import wait_until

from .lopsided import lopsided_data

MAPS = Path(__file__).resolve().parents[2] / "maps"
DUEL = str(MAPS / "duel.json")
PAIRINGS = [("rusher", "rusher"), ("greedy", "rusher")]


@pytest.fixture
def finished():
    """A small run played to the end by two background processes."""
    run = LabRun(new_plan(load_map(DUEL), PAIRINGS, games=4, seed=3, sequential=True),
                 Where(jobs=2))
    run.start()
    assert run.wait(timeout=120), "the run did not finish"
    return run


def test_the_counts_add_up(finished):
    progress = finished.progress()
    assert (progress.done, progress.total, progress.running) == (8, 8, False)
    for row in progress.rows:
        assert row["games"] == 4 == row["team1_wins"] + row["team2_wins"] + row["draws"]
        assert sum(row["victories"].values()) == 4
    assert finished.result()["partial"] is False and finished.cut_short is None


def test_the_result_equals_the_command_lines_for_the_same_seed(finished, capsys):
    argv = [DUEL, "--games", "4", "--seed", "3", "--json"]
    assert balance.main([*argv, "--bots", "rusher,rusher", "--bots", "greedy,rusher"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert finished.result() == cli


def test_a_run_stops_by_itself_once_the_map_is_told():
    """Four units against one: team 1 wins the first 16 games, and the run stops there."""
    gm = parse_map(lopsided_data(), "lopsided")
    run = LabRun(new_plan(gm, [("rusher", "rusher")], games=1000, sequential=True),
                 Where(jobs=2))
    run.start()
    assert run.wait(timeout=120)
    doc = run.result()
    assert doc["partial"] is False and doc["maps"][0]["games"] == 16
    assert doc["verdicts"][0]["verdict"] == "leans team 1"
    assert doc["verdicts"][0]["ended"] == DECIDED


@pytest.mark.slow  # starts worker processes
def test_time_up_ends_the_run_with_the_games_begun_before_it():
    # the rusher's mirror plays a thousand games in about two seconds: far more than a second
    run = LabRun(new_plan(load_map(DUEL), [("rusher", "rusher")], games=100000), Where(jobs=2),
                 seconds=1.0)
    run.start()
    assert run.wait(timeout=120)
    doc = run.result()
    kept = doc["maps"][0]["games"]
    assert run.cut_short == TIME_UP and doc["partial"] is True and 1 <= kept < 100000
    assert doc["verdicts"][0]["ended"] is None


@pytest.mark.slow  # starts worker processes
def test_stop_ends_the_workers_promptly_and_keeps_the_games_played():
    run = LabRun(new_plan(load_map(MAPS / "gridlock.json"), [("planner", "planner")],
                          games=400), Where(jobs=2))
    run.start()
    assert run.running
    wait_until(lambda: run.progress().done >= 1, "a first game", timeout=120)
    run.stop()  # returns once the workers are gone, not after the hundreds of games left
    assert not run.running and not multiprocessing.active_children()
    kept = run.progress().done
    doc = run.result()
    assert doc["partial"] is True and 1 <= kept < 400 and run.cut_short == STOPPED
    assert doc["maps"][0]["games"] == kept


def test_a_game_that_fails_ends_the_run_saying_why(monkeypatch):
    def broken(task):
        raise RuntimeError("a bot broke")

    monkeypatch.setattr(executors, "play", broken)
    run = LabRun(new_plan(load_map(DUEL), PAIRINGS, games=4))  # in this process: jobs=1
    run.start()
    assert run.wait(timeout=30)
    assert run.error == "RuntimeError: a bot broke" and run.cut_short == run.error
    assert run.result()["partial"] is True


@pytest.mark.parametrize(("pairings", "budget"), [([("hard", "genius")], None),
                                                  (PAIRINGS, "seconds:2")])
def test_an_unknown_bot_or_a_bad_budget_is_refused_before_any_worker(pairings, budget):
    with pytest.raises(ValueError):
        new_plan(load_map(DUEL), pairings, games=4, budget=budget)
