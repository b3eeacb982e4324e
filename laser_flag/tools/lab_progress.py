"""The lab's progress on stderr: a bar of the games kept against those the run may still play
(fewer as pairings stop once their verdict is told), and how many maps are decided."""

from __future__ import annotations

import sys
import time

from laser_flag.lab.stopping import Ledger

WIDTH = 30


class ProgressBar:
    """Called with the run's ledger after every batch of games; `end()` prints the total."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.done = 0
        self.shown: tuple[int, int, int] | None = None

    def __call__(self, ledger: Ledger) -> None:
        self.done, total = ledger.done, max(1, ledger.total)
        maps = len(ledger.ended)
        decided = sum(why is not None for why in ledger.ended)
        if self.shown == (self.done, total, decided):
            return  # nothing new since the last poll
        self.shown = (self.done, total, decided)
        filled = WIDTH * self.done // total
        settled = f", {decided}/{maps} maps settled" if ledger.plan.sequential else ""
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (WIDTH - filled)}] {self.done:,}/{total:,} "
                         f"games{settled}   ")
        sys.stderr.flush()

    def end(self) -> None:
        sys.stderr.write(f"\n{self.done:,} games in {time.perf_counter() - self.start:.1f} s\n")
