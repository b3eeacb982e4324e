"""The balance lab on the map being edited (not its file), in background processes, for the
Balance panel: start, poll the running counts, stop, read the result. No Tk: the panel polls.

Each map variant (the document, or the document with one suggested tweak) and each style
pairing is one CLI lab run: the same seeds per game index, odd games swapping two different
bots' sides, so a pairing's numbers equal `laser-flag-balance MAP --bots A,B --seed S`'s.
"""

from __future__ import annotations

import queue
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.pool import Pool
from pathlib import Path
from typing import Any

from laser_flag.bots.match import DRAW, MatchResult, derive_seed
from laser_flag.engine.mapfile import write_json_atomic
from laser_flag.tools.balance import Task, map_summary, play, start_pool, wilson

Pairing = tuple[str, str]  # the bot of team 1 in even games, the bot of team 2
Key = tuple[int, int]  # (variant index, pairing index)
DEFAULT_PAIRINGS: tuple[Pairing, ...] = (
    ("greedy", "greedy"), ("planner", "planner"), ("greedy", "planner"))
DEFAULT_GAMES = 30  # per pairing: about a minute for the three default pairings (README)
MAX_ROUNDS = 200


@dataclass(frozen=True)
class Tally:
    """Games finished so far in one pairing on one variant, and team 1's running interval."""

    games: int = 0
    team1: int = 0
    team2: int = 0
    draws: int = 0

    def add(self, winner: str) -> Tally:
        return Tally(self.games + 1, self.team1 + (winner == "1"), self.team2 + (winner == "2"),
                     self.draws + (winner == DRAW))

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.games + other.games, self.team1 + other.team1,
                     self.team2 + other.team2, self.draws + other.draws)

    @property
    def rate(self) -> float | None:
        """Team 1's share of the decided games."""
        decided = self.team1 + self.team2
        return self.team1 / decided if decided else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return wilson(self.team1, self.team1 + self.team2)


class BalanceRun:
    """Games for every variant x pairing, played by `jobs` spawn-started worker processes."""

    def __init__(self, variants: Sequence[dict[str, Any]], pairings: Sequence[Pairing],
                 games: int, seed: int = 0, max_rounds: int = MAX_ROUNDS, jobs: int = 2) -> None:
        self.variants, self.pairings = list(variants), list(pairings)
        self.games, self.seed, self.max_rounds, self.jobs = games, seed, max_rounds, jobs
        self.total = len(self.variants) * len(self.pairings) * games
        self.error: str | None = None
        self._results: dict[Key, dict[int, MatchResult]] = {
            (v, p): {} for v in range(len(self.variants)) for p in range(len(self.pairings))}
        self._arrived: queue.SimpleQueue[tuple[Key, int, MatchResult]] = queue.SimpleQueue()
        self._pool: Pool | None = None
        self._folder: Path | None = None
        self.stopped = False

    # --- running --------------------------------------------------------

    def start(self) -> None:
        """Write the variants to a private folder and hand every game to the workers."""
        self._folder = Path(tempfile.mkdtemp(prefix="laser-flag-bench-"))
        paths = []
        for v, data in enumerate(self.variants):
            paths.append(str(self._folder / f"variant-{v}.json"))
            write_json_atomic(paths[-1], data)
        self._pool = start_pool(min(self.jobs, self.total))
        for key, task in self._tasks(paths):
            self._pool.apply_async(play, (task,), callback=self._arrival(key),
                                   error_callback=self._failed)
        self._pool.close()

    def _tasks(self, paths: list[str]) -> list[tuple[Key, Task]]:
        """As the CLI lab makes them: per game index the same seed, odd games sides swapped."""
        return [((v, p), Task(v, path, i, bots if i % 2 == 0 else (bots[1], bots[0]),
                              derive_seed(self.seed, i), self.max_rounds))
                for i in range(self.games)
                for v, path in enumerate(paths)
                for p, bots in enumerate(self.pairings)]

    def _arrival(self, key: Key) -> Any:
        def arrived(item: tuple[int, int, MatchResult]) -> None:  # in the pool's result thread
            self._arrived.put((key, item[1], item[2]))
        return arrived

    def _failed(self, error: BaseException) -> None:
        self._arrived.put(((-1, -1), -1, error))  # type: ignore[arg-type]

    def poll(self) -> int:
        """Take in the games finished since the last poll; the number done so far."""
        while True:
            try:
                key, index, result = self._arrived.get_nowait()
            except queue.Empty:
                break
            if isinstance(result, BaseException):
                self.error = f"a game failed: {result}"
                self.stop()
                break
            self._results[key][index] = result
        if self.finished:
            self._close()
        return self.done

    def stop(self) -> None:
        """End the workers now; the games already finished stay in the result."""
        self.stopped = True
        if self._pool is not None:
            self._pool.terminate()
        self._close()

    def _close(self) -> None:
        if self._pool is not None:
            self._pool.join()
            self._pool = None
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None

    @property
    def done(self) -> int:
        return sum(map(len, self._results.values()))

    @property
    def finished(self) -> bool:
        """Every game played, or the run stopped (by the user or a failed game)."""
        return self.stopped or self.done == self.total

    # --- reading --------------------------------------------------------

    def tally(self, variant: int, pairing: int) -> Tally:
        tally = Tally()
        for result in self._results[(variant, pairing)].values():
            tally = tally.add(result.winner)
        return tally

    def pooled(self, variant: int) -> Tally:
        """Every pairing's games on one variant together: a suggestion's one number."""
        return sum((self.tally(variant, p) for p in range(len(self.pairings))), Tally())

    def results(self, variant: int, pairing: int) -> list[MatchResult]:
        """One pairing's games on one variant, in game order."""
        games = self._results[(variant, pairing)]
        return [games[i] for i in sorted(games)]

    def summary(self, variant: int, pairing: int) -> dict[str, Any]:
        """The CLI lab's row for this pairing (`laser-flag-balance --json`'s `maps[0]`)."""
        bots = self.pairings[pairing]
        return map_summary("", self.results(variant, pairing), bots[0] != bots[1])
