"""One map shared by threads: the client's bot thinks on a worker thread over a copy of the game,
whose map (and every table and cache the map keeps) the main loop goes on using."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from laser_flag.engine import load_map, movement

MAPS = Path(__file__).resolve().parents[2] / "maps"
DEADLOCK_S = 600  # far past any run's end on a busy machine: only a stuck thread waits it out


@contextmanager
def switching_often() -> Iterator[None]:
    """Threads take turns every microsecond, so that a race shows within seconds."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def in_threads(work: Callable[[int], None], threads: int, rounds: int) -> list[BaseException]:
    """Run work(i) `rounds` times in each of `threads` threads side by side; what they raised.
    A count, not a time: the same work on a fast machine and on a busy one."""
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            for _ in range(rounds):
                if errors:
                    return
                work(i)
        except BaseException as exc:  # noqa: BLE001 -- every failure is the test's to report
            errors.append(exc)

    workers = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    with switching_often():
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(timeout=DEADLOCK_S)
    assert not any(w.is_alive() for w in workers), "a thread is stuck: a deadlock?"
    return errors


@pytest.mark.slow  # thousands of questions in racing threads
def test_the_kept_move_searches_answer_every_thread_exactly(monkeypatch):
    """Threads asking a map's kept move searches the same four questions, only one search kept
    so that each question drops another's answer: no thread fails, and every answer is the
    search made afresh on one thread. (Unguarded, one thread read a kept search that another
    dropped in between: KeyError, within a few thousand questions.)"""
    monkeypatch.setattr(movement.KeptSearches, "LIMIT", 1)
    gm = load_map(MAPS / "duel.json")
    walk = movement.walk_of(gm, 6, False)
    floor = [p for p in gm.positions() if not gm.is_wall(p)]
    questions = [((floor[k], *walk), movement.tile_bits(gm, random.Random(k).sample(floor[:30], 3)))
                 for k in range(4)]
    fresh = [answer(movement.KeptSearches(gm).reach(*q)) for q in questions]
    searches, wrong = movement.kept_searches(gm), []
    rngs = [random.Random(i) for i in range(6)]

    def work(i: int) -> None:
        k = rngs[i].randrange(len(questions))
        reach = searches.reach(*questions[k])
        if rngs[i].randrange(16) == 0 and answer(reach) != fresh[k]:  # (seldom: more races)
            wrong.append(questions[k])

    assert in_threads(work, threads=6, rounds=5000) == []
    assert wrong == []


def answer(reach: movement.Reach) -> dict:
    """A search's destinations, each with its path."""
    return {d: reach.path(d) for d in reach}
