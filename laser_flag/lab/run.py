"""Running a lab plan: blocking for the command line, or in the background for the editor.

    run = LabRun(maps, pairings=[("hard", "hard"), ("rusher", "rusher")], games=40,
                 seed=1, max_rounds=200, jobs=2, budget="steps:50", fog=None)
    run.start()               # worker processes start; this returns at once
    run.progress()            # Progress: games done of total, each row's counts and interval
    run.stop()                # ends the workers promptly; the games finished are kept
    run.result()              # the report document (report.report), `partial` if stopped
    run.error                 # None, or why a game failed in a worker (the run then ended)

Results equal the command line's (`laser-flag-balance`) for the same maps, pairings, games,
seed, round cap and budget, whatever `jobs` is: every game's seeds come from the plan.
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.pool import Pool
from typing import Any

from laser_flag.engine import GameMap
from laser_flag.sight_files import use_data_folder

from . import report
from .games import GameRecord, Plan, Task, play, steps_budget, tasks
from .pairings import Pairing, parse_pairing

POLL_SECONDS = 0.1  # how often the collecting thread looks whether it was asked to stop


def start_pool(jobs: int) -> Pool:
    """Spawn-started workers that ignore Ctrl-C (they inherit SIG_IGN): only the main process
    stops a run, and a worker never prints a KeyboardInterrupt traceback. Each reads and keeps
    maps' LOS answers in the data folder, as the process that started them does."""
    handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return multiprocessing.get_context("spawn").Pool(jobs, initializer=use_data_folder)
    finally:
        signal.signal(signal.SIGINT, handler)


def workers(plan: Plan, jobs: int) -> int:
    """The processes to start: as many as asked, but never more than there are games."""
    return max(1, min(jobs, plan.total))


def play_all(todo: Iterable[Task], jobs: int) -> Iterator[GameRecord]:
    """Records as games finish, from `jobs` worker processes (or this process for 1)."""
    if jobs == 1:
        yield from map(play, todo)
        return
    with start_pool(jobs) as pool:
        yield from pool.imap_unordered(play, todo)


@dataclass(frozen=True)
class Progress:
    """How far a run is: games done of the total, and each row (map and pairing) so far."""

    done: int
    total: int
    running: bool
    rows: list[dict[str, Any]]


class LabRun:
    """A lab plan played by background worker processes; the caller polls it (see the module)."""

    def __init__(self, maps: GameMap | Sequence[GameMap], pairings: Sequence[Pairing],
                 games: int, seed: int = 0, max_rounds: int = 200, jobs: int = 1,
                 budget: str | None = None, fog: bool | None = None) -> None:
        maps = (maps,) if isinstance(maps, GameMap) else tuple(maps)
        # A malformed budget or an unknown bot is the caller's ValueError, not a worker's.
        steps_budget(budget)
        pairings = tuple(parse_pairing(",".join(p)) for p in pairings)
        self.plan = Plan(maps, pairings, games, seed, max_rounds, budget, fog)
        self.jobs = workers(self.plan, jobs)
        self._records: list[GameRecord] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._pool: Pool | None = None
        self._thread: threading.Thread | None = None
        self.error: str | None = None  # why a game failed in a worker, ending the run early

    def start(self) -> None:
        """Start the workers and a thread that collects their games; returns at once."""
        self._pool = start_pool(self.jobs)
        self._thread = threading.Thread(target=self._collect, name="lab-run", daemon=True)
        self._thread.start()

    def _collect(self) -> None:
        assert self._pool is not None
        finished = self._pool.imap_unordered(play, tasks(self.plan))
        try:
            while not self._stopping.is_set():
                try:
                    record = finished.next(timeout=POLL_SECONDS)
                except multiprocessing.TimeoutError:
                    continue
                except StopIteration:
                    break
                with self._lock:
                    self._records.append(record)
        except Exception as err:  # a game failed in a worker: keep what was played, say why
            self.error = f"{type(err).__name__}: {err}"
        finally:
            self._pool.terminate()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        """End the workers now (a game in play is dropped); the finished games are kept."""
        self._stopping.set()
        self.wait()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the run ends (or `timeout` seconds pass); whether it has ended."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.running

    def _played(self) -> list[GameRecord]:
        with self._lock:
            return list(self._records)

    def progress(self) -> Progress:
        """Games done so far and every row's counts and interval as they stand."""
        played = self._played()
        return Progress(len(played), self.plan.total, self.running,
                        report.rows(self.plan, played))

    def result(self) -> dict[str, Any]:
        """The report of the games played so far: `partial` until every game is in."""
        played = self._played()
        return report.report(self.plan, played, partial=len(played) < self.plan.total)
