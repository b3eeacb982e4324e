"""Where a run's games are played: in this process, in local worker processes, or on a Dask
cluster (lab.cluster). A run hands an executor games one at a time and collects them as they
end, in any order; the plan alone decides what is kept, so every executor gives the same report.

    executor.slots            games worth keeping in flight (enough to keep every worker busy)
    executor.submit(task)     play it somewhere
    executor.finished(0.1)    the games ended since the last call (waits up to 0.1 s for one)
    executor.close()          end the work now; a game in play is dropped
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import queue
import signal
import threading
import time
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing.pool import Pool
from typing import Any, TypeVar

from laser_flag.sight_files import use_data_folder

from .games import GameRecord, Task, play

SLOTS_PER_WORKER = 2  # one game playing and one waiting, so no worker idles between games
# How long closing local workers waits for the games in flight (at most SLOTS_PER_WORKER a
# worker) before stopping their workers mid-game: a worker stopped while it sends a result holds
# the pool's result lock for ever, and the pool's own terminate then hangs (CPython's
# multiprocessing.Pool), so the workers are let finish whenever their games end soon.
DRAIN_SECONDS = 5.0


class LabError(RuntimeError):
    """A run cannot go on; the message says why in one line."""


class GameFailed(LabError):
    """A game raised in a worker (a bug, or a worker of another version): the run ends."""


def failure(err: BaseException) -> GameFailed:
    """The one-line reason of an exception raised in a worker."""
    return GameFailed(f"{type(err).__name__}: {err}")


class Executor(ABC):
    """Plays tasks somewhere (see the module)."""

    slots: int = 1

    @abstractmethod
    def submit(self, task: Task) -> None: ...

    @abstractmethod
    def finished(self, timeout: float) -> list[GameRecord]:
        """Games ended since the last call, waiting up to `timeout` s for the first;
        GameFailed when one raised."""

    @abstractmethod
    def close(self) -> None:
        """End the work now: games not yet ended are dropped."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class InProcess(Executor):
    """Plays each game in this process when asked for finished games (--jobs 1)."""

    def __init__(self) -> None:
        self._todo: deque[Task] = deque()

    def submit(self, task: Task) -> None:
        self._todo.append(task)

    def finished(self, timeout: float) -> list[GameRecord]:
        if not self._todo:
            return []
        try:
            return [play(self._todo.popleft())]
        except Exception as err:  # as a worker's failure would be
            raise failure(err) from err

    def close(self) -> None:
        self._todo.clear()


def start_pool(jobs: int) -> Pool:
    """Spawn-started workers that ignore Ctrl-C (they inherit SIG_IGN): only the main process
    stops a run, and a worker never prints a KeyboardInterrupt traceback. Each reads and keeps
    maps' LOS answers in the data folder, as the process that started them does, and ends the
    moment that process ends (`end_with_parent`)."""
    with sigint_ignored():
        return multiprocessing.get_context("spawn").Pool(jobs, initializer=start_worker)


T = TypeVar("T")  # what a study works on, one at a time
R = TypeVar("R")  # ... and what it answers for each


def study_map(work: Callable[[T], R], todo: Iterable[T], jobs: int) -> list[R]:
    """`work` done on each of `todo`, the answers in `todo`'s order: in this process when `jobs`
    is 1, else in `jobs` spawn-started worker processes set up as the lab's (`start_worker`), so
    they too end the moment the process that started them ends, killed or not, instead of
    waiting for work for ever. For the studies in benchmarks/, which map a function over games;
    a worker that dies ends the study with BrokenProcessPool, where a multiprocessing pool would
    wait for its game for ever."""
    if jobs == 1:
        return [work(item) for item in todo]
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                             initializer=start_worker) as pool:
        return list(pool.map(work, todo))


def start_worker() -> None:
    """A worker's first steps (the pool's initializer)."""
    use_data_folder()
    end_with_parent()


def end_with_parent() -> None:
    """In a worker process: end it as soon as the process that started it has ended, however
    that ended (killed too). Else its game plays on for nobody, and its result, sent down a
    pipe no one reads, ends in a BrokenPipe traceback in the player's terminal. The parent's
    sentinel is ready once the parent is gone; a thread waits on it, at no cost meanwhile."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)  # nothing of this process is worth finishing: its parent is gone

    threading.Thread(target=watch, name="laser-flag parent watch", daemon=True).start()


@contextmanager
def sigint_ignored() -> Iterator[None]:
    """Ctrl-C ignored inside the block, so processes started in it inherit that (only the main
    thread may change it: elsewhere, as in a window's background run, no Ctrl-C comes)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, handler)


class Processes(Executor):
    """Local worker processes (--jobs J): the default, nothing to install."""

    def __init__(self, jobs: int) -> None:
        self._pool = start_pool(jobs)
        self._ended: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.slots = SLOTS_PER_WORKER * jobs
        self._in_flight = 0  # games submitted whose end has not been taken from _ended

    def submit(self, task: Task) -> None:
        self._in_flight += 1
        self._pool.apply_async(play, (task,), callback=self._ended.put,
                               error_callback=self._ended.put)

    def finished(self, timeout: float) -> list[GameRecord]:
        items = drain(self._ended, timeout)
        self._in_flight -= len(items)
        return checked(items)

    def close(self) -> None:
        """No game more; the games in flight played out and dropped, and the workers ended as
        they end of themselves, unless a game is still playing after DRAIN_SECONDS: then its
        worker is stopped mid-game (see DRAIN_SECONDS)."""
        self._pool.close()
        deadline = time.monotonic() + DRAIN_SECONDS
        while self._in_flight > 0 and (left := deadline - time.monotonic()) > 0:
            self._in_flight -= len(drain(self._ended, min(left, 0.1)))
        if self._in_flight > 0:
            self._pool.terminate()
        self._pool.join()


def drain(ended: queue.SimpleQueue[Any], timeout: float) -> list[Any]:
    """Everything in `ended` now, waiting up to `timeout` s for the first."""
    try:
        items = [ended.get(timeout=timeout)]
    except queue.Empty:
        return []
    while not ended.empty():
        items.append(ended.get())
    return items


def checked(items: list[Any]) -> list[GameRecord]:
    """The records among `items` (drained from an executor's queue); GameFailed for an
    exception a game raised."""
    for item in items:
        if isinstance(item, BaseException):
            raise failure(item)
    return items


def local(jobs: int) -> Executor:
    """This process for one job, else that many worker processes."""
    return InProcess() if jobs == 1 else Processes(jobs)
