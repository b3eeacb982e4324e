"""The balance lab's progress on stderr: a live bar only on a terminal, one closing line everywhere.

The bar (tqdm's) counts the games kept against those the run may still play, a total that
shrinks as pairings stop once their verdict is told, and says how many maps are settled. It is
redrawn in place with carriage returns; written to a file or a pipe (`laser-flag-balance ...
2> log`) those would flood it, so there it is left out and the log gets the closing line alone.
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import TextIO

from tqdm import tqdm

from laser_flag.lab.stopping import Ledger

# tqdm's own layout, the counts with thousands separators and named: `1,234/5,000 games`
BAR_FORMAT = "{l_bar}{bar}| {n:,}/{total:,} games [{elapsed}<{remaining}, {rate_fmt}{postfix}]"


class ProgressBar:
    """Called with the run's ledger after every batch of games; leaving the `with` block clears
    the bar and writes `N games in S s`."""

    def __init__(self, total: int, err: TextIO | None = None) -> None:
        self.err = err or sys.stderr
        self.start = time.perf_counter()
        self.shown: tuple[int, int, int] | None = None
        # smoothing=0: the rate is the run's average, steady while pairings stop and start
        self.bar = tqdm(total=max(1, total), unit="game", file=self.err,
                        disable=not self.err.isatty(), dynamic_ncols=True, leave=False,
                        smoothing=0, bar_format=BAR_FORMAT)

    def __call__(self, ledger: Ledger) -> None:
        done, total = ledger.done, max(1, ledger.total)
        decided = sum(why is not None for why in ledger.ended)
        if self.shown == (done, total, decided):
            return  # nothing new since the last poll
        self.shown = (done, total, decided)
        self.bar.total, self.bar.n = total, done  # kept games may drop as a pairing stops
        if ledger.plan.sequential:
            self.bar.set_postfix_str(f"{decided}/{len(ledger.ended)} maps settled",
                                     refresh=False)
        self.bar.refresh()

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.bar.close()
        done = self.shown[0] if self.shown else 0
        self.err.write(f"{done:,} games in {time.perf_counter() - self.start:.1f} s\n")
        self.err.flush()
