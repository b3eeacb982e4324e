"""LabRun, the lab the editor drives without Tk: background processes whose counts add up,
that stop promptly keeping what was played, and whose results equal the command line's."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest

from laser_flag.engine import load_map
from laser_flag.lab import LabRun
from laser_flag.lab import run as run_module
from laser_flag.tools import balance
from tests.waits import wait_until

MAPS = Path(__file__).resolve().parents[2] / "maps"
DUEL = str(MAPS / "duel.json")
PAIRINGS = [("rusher", "rusher"), ("greedy", "rusher")]


@pytest.fixture
def finished():
    """A small run played to the end by two background processes."""
    run = LabRun(load_map(DUEL), PAIRINGS, games=4, seed=3, jobs=2)
    run.start()
    assert run.wait(timeout=120), "the run did not finish"
    return run


def test_the_counts_add_up(finished):
    progress = finished.progress()
    assert (progress.done, progress.total, progress.running) == (8, 8, False)
    for row in progress.rows:
        assert row["games"] == 4 == row["team1_wins"] + row["team2_wins"] + row["draws"]
        assert sum(row["victories"].values()) == 4
    assert finished.result()["partial"] is False


def test_the_result_equals_the_command_lines_for_the_same_seed(finished, capsys):
    argv = [DUEL, "--games", "4", "--seed", "3", "--json"]
    assert balance.main([*argv, "--bots", "rusher,rusher", "--bots", "greedy,rusher"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert finished.result() == cli


def test_stop_ends_the_workers_promptly_and_keeps_the_games_played():
    run = LabRun(load_map(MAPS / "gridlock.json"), [("planner", "planner")], games=400,
                 jobs=2)
    run.start()
    assert run.running
    wait_until(lambda: run.progress().done >= 1, "a first game", timeout=120)
    run.stop()  # returns once the workers are gone, not after the hundreds of games left
    assert not run.running and not multiprocessing.active_children()
    kept = run.progress().done
    doc = run.result()
    assert doc["partial"] is True and 1 <= kept < 400
    assert doc["maps"][0]["games"] == kept


class _FailingPool:
    """A pool whose first game fails, as a bug in a worker would."""

    def imap_unordered(self, func, items):
        return self

    def next(self, timeout=None):
        raise RuntimeError("a bot broke")

    def terminate(self):
        self.terminated = True


def test_a_game_that_fails_in_a_worker_ends_the_run_saying_why(monkeypatch):
    pool = _FailingPool()
    monkeypatch.setattr(run_module, "start_pool", lambda jobs: pool)
    run = LabRun(load_map(DUEL), PAIRINGS, games=4)
    run.start()
    assert run.wait(timeout=30)
    assert run.error == "RuntimeError: a bot broke" and pool.terminated
    assert run.result()["partial"] is True


@pytest.mark.parametrize(("pairings", "budget"), [([("hard", "genius")], None),
                                                  (PAIRINGS, "seconds:2")])
def test_an_unknown_bot_or_a_bad_budget_is_refused_before_any_worker(pairings, budget):
    with pytest.raises(ValueError):
        LabRun(load_map(DUEL), pairings, games=4, budget=budget)
