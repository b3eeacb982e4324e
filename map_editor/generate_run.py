"""The Generate dialog's model: lab.fair_maps.make on a worker thread, each candidate it reports
queued for Tk's thread, which takes them from its `after` poll (Tk is called from its own thread
only). No Tk here.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable

from laser_flag.lab.fair_maps import Candidate, Effort, Made, make
from laser_flag.lab.generator import Knobs

JOBS = 2  # worker processes of the games: this machine's cores; the editor itself mostly waits
Make = Callable[..., Made]  # fair_maps.make's signature


def effort(seconds: int) -> Effort:
    """How long the candidates are checked by play: 0 gives the first one unmeasured."""
    return Effort(seconds=float(seconds), jobs=JOBS)


class GenerateRun:
    """One `make(seed, knobs, effort)` in the background; `cancel` sets its stop, and it ends
    with the nearest-fair candidate measured so far (make's own rule)."""

    def __init__(self, seed: int, knobs: Knobs, seconds: int, maker: Make = make) -> None:
        self.seed, self.knobs, self.seconds = seed, knobs, seconds
        self.stop = threading.Event()
        self.made: Made | None = None
        self.error: str | None = None
        self._news: queue.Queue[Candidate] = queue.Queue()
        self._thread = threading.Thread(target=self._work, args=(maker, effort(seconds)),
                                         name="generate", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _work(self, maker: Make, how: Effort) -> None:
        try:
            self.made = maker(self.seed, self.knobs, how, self._news.put, self.stop)
        except Exception as err:  # noqa: BLE001 - shown in the dialog; the editor goes on
            self.error = (str(err).strip().splitlines() or [type(err).__name__])[0]

    def news(self) -> list[Candidate]:
        """The candidates measured since the last call, in order (from Tk's thread)."""
        taken = []
        while True:
            try:
                taken.append(self._news.get_nowait())
            except queue.Empty:
                return taken

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def cancel(self) -> None:
        self.stop.set()

    def join(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)
