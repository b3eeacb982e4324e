"""Measuring a map here: the standard plan (every standard style, the lab's badge budget, until
the verdict is told or the time is up) in the background, its result kept in the data folder
(lab.measured). The game's chooser and `make badges` measure the same way. No pygame, no Tk.
"""

from __future__ import annotations

import time
from typing import Any

from laser_flag.engine import GameMap

from . import badge, measured
from .games import Plan
from .pairings import STYLES
from .run import STOPPED, LabRun, Where, new_plan
from .verdict import judge

STANDARD_GAMES = 1000  # a pairing's most: a map on the band's edge is undecided after it
STANDARD_BUDGET = "steps:40"  # Hard's search steps a decision: minutes, not hours, a map
STANDARD_SEED = 1
STANDARD_SECONDS = 900  # the chooser's "Measure here" gives up after this, undecided
HERE = Where(jobs=2)  # two worker processes: this machine's cores


def standard_plan(gm: GameMap, games: int = STANDARD_GAMES) -> Plan:
    """The plan a badge is measured with: the standard styles, until the verdict is told."""
    return new_plan(gm, STYLES, games, STANDARD_SEED, budget=STANDARD_BUDGET, sequential=True)


def badge_value(run: LabRun) -> dict[str, Any]:
    """The `balance` value of a single-map run, as `laser-flag-balance --badge` writes it."""
    result = run.result()
    return badge.measured(run.plan.maps[0], result, result["maps"])


class MeasureHere:
    """One map measured in the background; its badge value is kept here when the run ends by
    itself (told, the cap, or the time up), not when stopped by hand."""

    def __init__(self, gm: GameMap, seconds: float = STANDARD_SECONDS, where: Where = HERE,
                 plan: Plan | None = None) -> None:
        self.gm = gm
        self.run = LabRun(plan or standard_plan(gm), where, seconds)
        self.started = 0.0
        self.kept: dict[str, Any] | None = None

    def start(self) -> None:
        self.started = time.monotonic()
        self.run.start()

    @property
    def running(self) -> bool:
        return self.run.running

    def poll(self) -> bool:
        """Whether the run has ended; the first time it has (by itself), keep its result."""
        if self.run.running:
            return False
        if self.kept is None and self.run.error is None and self.run.cut_short != STOPPED:
            self.kept = badge_value(self.run)
            measured.keep(self.kept)
        return True

    def stop(self) -> None:
        """Stop now; nothing is kept."""
        self.run.stop()

    def text(self) -> str:
        """`Measuring here: 120 of at most 3,000 games, undecided so far, 12:04 left`."""
        progress = self.run.progress()
        so_far = judge(progress.rows).text
        clock = ""
        if self.run.seconds is not None:
            left = max(0, int(self.run.seconds - (time.monotonic() - self.started)))
            clock = f", {left // 60}:{left % 60:02d} left"
        return (f"Measuring here: {progress.done:,} of at most {progress.total:,} games, "
                f"{so_far} so far{clock}")
