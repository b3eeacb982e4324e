"""Threads thinking on copies of one game over one map, as the client's bot does on its worker
thread while the main loop reads the game: Hard's search, legal actions and reach queries, the
map's kept move searches made few so that threads drop each other's all the time. No thread
fails, and every answer is the one a single thread gives."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from laser_flag.bots import make_bot
from laser_flag.bots.budget import Budget
from laser_flag.engine import Game, load_map, movement
from tests.engine.conftest import play_randomly
from tests.engine.test_threads import in_threads

MAPS = Path(__file__).resolve().parents[2] / "maps"
THREADS = 4


def questions(game: Game) -> list[Callable[[Game], Any]]:
    """What the threads ask, each of a fresh copy of `game`: Hard's decision (a search of a
    fixed budget, so the same on every run), the legal actions after a few moves, and every
    unit's reach with its paths."""
    asked: list[Callable[[Game], Any]] = [
        lambda g, seed=seed: make_bot("hard", seed, Budget.steps(40)).choose(g)
        for seed in range(2)]
    for seed in range(6):
        asked.append(lambda g, seed=seed: list(play_randomly(g, 3, seed).legal_actions()))
    for unit in game.units:
        asked.append(lambda g, uid=unit.id: _reach(g, uid))
    return asked


def _reach(game: Game, uid: int) -> dict:
    reach = game.what_if.reachable(game.unit(uid))
    return {tile: reach.path(tile) for tile in reach}


def stress(rounds: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(movement.KeptSearches, "LIMIT", 8)
    game = play_randomly(Game(load_map(MAPS / "crossfire.json"), seed=2), 24, 2)
    asked = questions(game)
    alone = [ask(game.copy()) for ask in asked]  # one thread, before the others start
    wrong: list[int] = []
    answered = [0] * len(asked)
    rngs = [random.Random(i) for i in range(THREADS)]

    def work(i: int) -> None:
        k = rngs[i].randrange(len(asked))
        if asked[k](game.copy()) != alone[k]:
            wrong.append(k)
        answered[k] += 1

    assert in_threads(work, THREADS, rounds) == []
    assert wrong == []
    assert sum(answered) > 2 * THREADS, answered  # the threads did work side by side


@pytest.mark.slow  # thousands of questions in racing threads
def test_threads_over_one_map_answer_as_one_thread_does(monkeypatch):
    stress(150, monkeypatch)


@pytest.mark.soak
def test_threads_over_one_map_for_thousands_of_questions(monkeypatch):
    stress(1000, monkeypatch)
