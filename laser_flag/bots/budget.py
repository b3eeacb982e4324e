"""How long a searching bot may think: the one place its budget is set.

Two kinds. `Budget.steps(n)` counts work, not time, so the same seed and budget give the same
decision on any machine (the balance lab). A **step** is one action's chance results explored
(one `game.outcomes()` call) or one position valued; each decision may take `n`.
`Budget.seconds(s)` is wall-clock time for the client: `s` per whole turn, each decision taking
half of what the turn has left, so the first decisions of a turn (usually the weightiest) think
longest and a turn never runs past its share.

Either kind also stops at once when asked to answer now (`Meter.stop`), and the search then
returns its best answer so far.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

# A Hard turn in the client: its search stops here, and a turn that acts then takes this plus
# its last decisions, so the whole turn stays at most 1.5 s at the median (benchmarks/bots.py).
CLIENT_SECONDS = 1.4
LAB_STEPS = 150  # `make_bot("hard", seed)` without a budget: small enough for lab runs to end


@dataclass(frozen=True)
class Budget:
    """Steps per decision, or seconds per turn (exactly one of the two is set)."""

    steps_per_decision: int | None = None
    seconds_per_turn: float | None = None

    @classmethod
    def steps(cls, n: int) -> Budget:
        if n < 0:
            raise ValueError(f"a step budget is at least 0, not {n}")
        return cls(steps_per_decision=n)

    @classmethod
    def parse_steps(cls, text: str) -> Budget:
        """`"steps:N"` as a step budget; ValueError when malformed."""
        kind, _, count = text.partition(":")
        if kind != "steps" or not (count.isdigit() and len(count) <= 9):
            raise ValueError(f"{text!r}: a budget is steps:N, N a whole number below 10**9")
        return cls.steps(int(count))

    @classmethod
    def seconds(cls, s: float) -> Budget:
        if s < 0:
            raise ValueError(f"a time budget is at least 0 s, not {s}")
        return cls(seconds_per_turn=s)

    def meter(self, turn_spent: float, stop: threading.Event) -> Meter:
        """The allowance of one decision, `turn_spent` seconds into its turn."""
        if self.steps_per_decision is not None:
            return Meter(stop, steps=self.steps_per_decision)
        turn = self.seconds_per_turn or 0.0
        left = max(0.0, turn - turn_spent)
        return Meter(stop, seconds=left / 2, turn=(turn_spent, turn))


class Meter:
    """One decision's budget being spent: counts steps, watches the clock and the stop flag."""

    def __init__(self, stop: threading.Event, steps: int | None = None,
                 seconds: float | None = None, turn: tuple[float, float] | None = None) -> None:
        self.stop = stop
        self.limit_steps = steps
        self.limit_seconds = seconds
        self.turn = turn  # a turn's clock: (seconds its decisions before this one took, its all)
        self.used = 0  # steps taken so far
        self.started = time.perf_counter()

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def spend(self) -> bool:
        """Take one step if the budget allows it; False: stop searching now."""
        if self.stop.is_set() or self.fraction() >= 1.0:
            return False
        self.used += 1
        return True

    def fraction(self) -> float:
        """How much of this decision's allowance is used, 0 to 1: the search stops at 1."""
        if self.limit_steps is not None:
            return min(1.0, self.used / self.limit_steps) if self.limit_steps else 1.0
        limit = self.limit_seconds or 0.0
        return min(1.0, self.elapsed() / limit) if limit > 0 else 1.0

    def shown(self) -> float:
        """The client's thinking bar, 0 to 1: on a turn's clock the share of the whole turn
        used, so the bar never goes back from one decision to the next (nor after a pause);
        else this decision's share."""
        if self.turn is None:
            return self.fraction()
        before, whole = self.turn
        return min(1.0, (before + self.elapsed()) / whole) if whole > 0 else 1.0
