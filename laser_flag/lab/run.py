"""Running a lab plan: blocking for the command line, or in the background for a window.

    plan = new_plan(maps, pairings=STYLES, games=400, seed=1, budget="steps:40",
                    sequential=True)
    outcome = play_plan(plan, executor)       # blocking; Ctrl-C ends it, keeping the games
    run = LabRun(plan, Where(jobs=2), seconds=600)   # or in the background:
    run.start()               # returns at once
    run.progress()            # Progress: games kept of those the run may still play, rows
    run.stop()                # ends the work promptly; the finished games are kept
    run.result()              # the report document (report.report), `partial` if stopped
    run.error                 # None, or why the run failed (a game raised, no cluster)

Results equal the command line's (`laser-flag-balance`) for the same plan, whatever the
executor and however many workers: every game's seeds come from the plan, and a sequential
run stops each pairing at the same look (lab.stopping).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from laser_flag.engine import GameMap

from . import cluster, report
from .executors import Executor, LabError, local
from .games import Plan, TaskMaker, steps_budget
from .pairings import Pairing, parse_pairing
from .report import Key, Tally
from .stopping import Ledger

POLL_SECONDS = 0.1  # how often a run looks whether it was asked to stop
STOPPED, TIME_UP, INTERRUPTED = "stopped", "time up", "interrupted"


def new_plan(maps: GameMap | Sequence[GameMap], pairings: Sequence[Pairing], games: int,
             seed: int = 0, max_rounds: int = 200, budget: str | None = None,
             fog: bool | None = None, sequential: bool = False, least: int = 0,
             futile: float = 0.0) -> Plan:
    """A plan, its bots and budget checked here (a ValueError naming them) and not by a worker."""
    maps = (maps,) if isinstance(maps, GameMap) else tuple(maps)
    steps_budget(budget)
    pairings = tuple(parse_pairing(",".join(p)) for p in pairings)
    return Plan(maps, pairings, games, seed, max_rounds, budget, fog, sequential, least, futile)


@dataclass(frozen=True)
class Outcome:
    """A run's end: the games kept, summed by map and pairing, why each map's games ended, and
    why the run ended before its plan did (None when it did not)."""

    tallies: dict[Key, Tally]
    ended: list[str | None]
    cut_short: str | None = None  # STOPPED, TIME_UP, INTERRUPTED, or a game's failure

    @property
    def partial(self) -> bool:
        return self.cut_short is not None

    @property
    def games(self) -> int:
        """The games kept."""
        return sum(tally.games for tally in self.tallies.values())

    def report(self, plan: Plan) -> dict[str, Any]:
        return report.report(plan, self.tallies, self.partial, self.ended)


def play_plan(plan: Plan, executor: Executor, stop: threading.Event | None = None,
              deadline: float | None = None,
              on_progress: Callable[[Ledger], None] | None = None) -> Outcome:
    """Play the plan on `executor` (closed at the end) until every pairing has stopped, `stop`
    is set, or Ctrl-C; past `deadline` (time.monotonic()) no game is started, and those
    playing are waited for. GameFailed when a game raised: the run ends with it."""
    ledger, make = Ledger(plan), TaskMaker(plan)
    busy, cut_short = 0, None
    try:
        while not ledger.complete:
            if stop is not None and stop.is_set():
                cut_short = STOPPED
                break
            if deadline is not None and time.monotonic() >= deadline and not cut_short:
                cut_short = TIME_UP
                ledger.stop_handing_out()
            for game in ledger.next_games(max(0, executor.slots - busy)):
                executor.submit(make(*game))
                busy += 1
            for record in executor.finished(POLL_SECONDS):
                busy -= 1
                ledger.add(record)
            if on_progress is not None:
                on_progress(ledger)
    except KeyboardInterrupt:
        cut_short = INTERRUPTED
    finally:
        executor.close()
    return Outcome(ledger.tallies(), list(ledger.ended), cut_short)


@dataclass(frozen=True)
class Where:
    """Where a run's games are played: `jobs` local processes (1: this process), a new local
    Dask cluster of `jobs` workers (`executor="dask"`), or the cluster at `scheduler`."""

    jobs: int = 1
    executor: str = "processes"  # or "dask"
    scheduler: str | None = None

    def start(self) -> Executor:
        """The executor; lab.cluster.ClusterError when Dask is missing or unreachable."""
        if self.scheduler is None and self.executor == "processes":
            return local(self.jobs)
        if self.scheduler is not None:
            return cluster.connect(self.scheduler)
        return cluster.start_local(self.jobs)


def workers(plan: Plan, jobs: int) -> int:
    """The processes to start: as many as asked, but never more than there are games."""
    return max(1, min(jobs, plan.total))


@dataclass(frozen=True)
class Progress:
    """How far a run is: games kept of those it may still play (fewer as pairings stop), each
    row (map and pairing) so far, and why each map's games ended so far."""

    done: int
    total: int
    running: bool
    rows: list[dict[str, Any]]
    ended: list[str | None]


class LabRun:
    """A plan played in the background (see the module); the caller polls it."""

    def __init__(self, plan: Plan, where: Where = Where(), seconds: float | None = None) -> None:
        self.plan, self.where, self.seconds = plan, where, seconds
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._seen: tuple[int, int, dict[Key, Tally], list[str | None]] = (
            0, plan.total, {}, [None] * len(plan.maps))
        self._outcome: Outcome | None = None
        self._thread: threading.Thread | None = None
        self.error: str | None = None  # why the run failed: a game raised, no cluster

    def start(self) -> None:
        """Start playing; returns at once. Local processes start here (this thread may set
        their Ctrl-C handling); a cluster is reached from the background thread."""
        local_processes = self.where.scheduler is None and self.where.executor == "processes"
        executor = self.where.start() if local_processes else None
        self._thread = threading.Thread(target=self._play, args=(executor,), name="lab-run",
                                        daemon=True)
        self._thread.start()

    def _play(self, executor: Executor | None) -> None:
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        try:
            executor = executor or self.where.start()
            self._outcome = play_plan(self.plan, executor, self._stopping, deadline, self._saw)
        except LabError as err:  # a game failed, or the cluster: say why, keep what was played
            self.error = str(err)
        except Exception as err:
            self.error = f"{type(err).__name__}: {err}"

    def _saw(self, ledger: Ledger) -> None:
        with self._lock:
            self._seen = (ledger.done, ledger.total, ledger.tallies(), list(ledger.ended))

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        """End the work now (a game in play is dropped) and wait for the end; the finished
        games are kept."""
        self.request_stop()
        self.wait()

    def request_stop(self) -> None:
        """Ask the run to end, and return at once: a window's thread polls for the end rather
        than wait in a join, since the run's thread may need it meanwhile (tkinter hands a Tcl
        call from another thread, such as a Tk variable collected there, to the window's
        thread and waits for it)."""
        self._stopping.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the run ends (or `timeout` seconds pass); whether it has ended."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.running

    @property
    def cut_short(self) -> str | None:
        """Why the run ended before its plan did (STOPPED, TIME_UP...), or None."""
        if self.error:
            return self.error
        return None if self._outcome is None else self._outcome.cut_short

    def progress(self) -> Progress:
        """Games kept so far and every row's counts and interval as they stand."""
        with self._lock:
            done, total, tallies, ended = self._seen
        return Progress(done, total, self.running, report.rows(self.plan, tallies), ended)

    def result(self) -> dict[str, Any]:
        """The report of the games kept so far: `partial` until the plan is played out."""
        if self._outcome is not None and not self.running:
            return self._outcome.report(self.plan)
        with self._lock:
            _, _, tallies, ended = self._seen
        return report.report(self.plan, tallies, partial=True, ended=ended)
