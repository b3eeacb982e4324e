"""Work that may take seconds (a long save replayed, thousands of saves read), kept off the main
loop so that the window never freezes: done on a worker thread while the screen shows how far
it is, or at once when it is known to be small. No pygame here.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Cancelled(Exception):
    """Raised inside the work by its progress callback once the player gave up waiting."""


class Chore(Generic[T]):
    """`work(chore)` run once, inline (`background=False`) or on a daemon thread; it calls
    `chore.tell(words, done, total)` as it goes, which raises Cancelled after `cancel()`.
    The screen reads `progress`, then `done`, `result` and `error` (any exception the work
    raised, Cancelled included) once it has finished."""

    def __init__(self, work: Callable[[Chore[T]], T], background: bool) -> None:
        self.progress: tuple[str, int, int] = ("", 0, 0)
        self.result: T | None = None
        self.error: BaseException | None = None
        self._cancelled = threading.Event()
        self._finished = threading.Event()
        self._work = work
        if background:
            threading.Thread(target=self._run, daemon=True, name="chore").start()
        else:
            self._run()

    def _run(self) -> None:
        try:
            self.result = self._work(self)
        except Exception as err:  # handed to the screen, which says what went wrong
            self.error = err
        finally:
            self._finished.set()

    def tell(self, words: str, done: int, total: int) -> None:
        """The work's progress (for the screen to show); Cancelled once it is no longer wanted."""
        if self._cancelled.is_set():
            raise Cancelled
        self.progress = (words, done, total)

    def cancel(self) -> None:
        self._cancelled.set()

    @property
    def done(self) -> bool:
        return self._finished.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the work is done (tests and benchmarks); whether it is."""
        return self._finished.wait(timeout)
