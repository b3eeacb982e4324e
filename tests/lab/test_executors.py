"""Local worker processes end cleanly: closing lets the games in flight play out and the
workers end of themselves (a worker stopped while it sends a result would leave the pool's
result lock held, and its terminate hanging), and stops them mid-game only when a game is still
playing after DRAIN_SECONDS; either way no worker outlives the close. A study's map of work
over games gives its answers in order, in this process or in workers that end with it."""

from __future__ import annotations

import itertools
import multiprocessing
from multiprocessing.pool import Pool
from pathlib import Path

import pytest

from laser_flag.engine import load_map
from laser_flag.lab import executors, new_plan
from laser_flag.lab.games import tasks

pytestmark = pytest.mark.slow  # starts worker processes

MAPS = Path(__file__).resolve().parents[2] / "maps"


def some_tasks(pairing: tuple[str, str], count: int):
    plan = new_plan(load_map(MAPS / "duel.json"), [pairing], games=count, seed=5)
    return list(itertools.islice(tasks(plan), count))


def test_closing_lets_the_games_in_flight_end_and_never_stops_a_worker(monkeypatch):
    def refused(pool: Pool) -> None:
        raise AssertionError("a worker was stopped mid-game")

    monkeypatch.setattr(Pool, "terminate", refused)
    monkeypatch.setattr(executors, "DRAIN_SECONDS", 600.0)  # however slow the machine
    workers = executors.Processes(2)
    for task in some_tasks(("rusher", "rusher"), workers.slots):
        workers.submit(task)
    workers.close()  # at once: every game still in flight
    assert not multiprocessing.active_children()


def test_a_game_still_playing_after_the_wait_has_its_worker_stopped(monkeypatch):
    monkeypatch.setattr(executors, "DRAIN_SECONDS", 0.0)
    stopped = []
    terminate = Pool.terminate

    def noted(pool: Pool) -> None:
        stopped.append(pool)
        terminate(pool)

    monkeypatch.setattr(Pool, "terminate", noted)
    workers = executors.Processes(2)
    for task in some_tasks(("planner", "planner"), workers.slots):
        workers.submit(task)
    workers.close()
    assert len(stopped) == 1 and not multiprocessing.active_children()


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_study_map_answers_in_the_order_asked_in_this_process_or_in_workers(jobs):
    assert executors.study_map(abs, iter([-3, 1, -2, 0]), jobs) == [3, 1, 2, 0]
    assert not multiprocessing.active_children()  # the workers ended with the study
