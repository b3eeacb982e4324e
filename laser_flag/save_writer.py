"""A game's own file written off the frame thread.

After each action the client hands the game over as it stands (a copy shares the immutable
state and history: constant work) and a writer thread writes the newest game handed over to
the game's SaveSlot. A write is atomic (temporary file, fsync, rename), so a process killed at
any moment leaves the last whole save; games handed over while a write is under way are
written once it is done, the newest only. `wait()` returns once every game handed over has
been written or has failed, as leaving a game, saving elsewhere and the quit questions need;
a process that exits writes what was handed over first.
"""

from __future__ import annotations

import atexit
import threading
import weakref
from pathlib import Path
from typing import Any

from .engine.game import Game
from .save_slot import SaveSlot

_OPEN: weakref.WeakSet[SaveWriter] = weakref.WeakSet()  # the writers not closed yet


@atexit.register
def _close_all() -> None:
    """Before the process ends (its writer threads with it): write what was handed over."""
    for writer in list(_OPEN):
        writer.close()


class SaveWriter:
    """The writer thread of one SaveSlot. `failure` is why the last write failed (None when
    it worked); `moved`, the file the game left when another program changed it (the slot
    goes on under a new name), until `take_moved()` hands it out."""

    def __init__(self, slot: SaveSlot) -> None:
        self.slot = slot
        self.failure: Exception | None = None
        self.moved: Path | None = None
        self._changed = threading.Condition()
        self._next: tuple[Game, dict[str, Any]] | None = None  # the newest game handed over
        self._writing = False
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="save writer", daemon=True)
        self._thread.start()
        _OPEN.add(self)

    def hand(self, game: Game, teams: dict[str, Any]) -> None:
        """Have the game as it stands written: its copy, taken now, in constant time (once the
        writer is closed, written here and now)."""
        with self._changed:
            if not self._closed:
                self._next = (game.copy(), teams)
                self._changed.notify_all()
                return
        self._write(game, teams)

    def wait(self) -> None:
        """Until every game handed over has been written (or its write has failed)."""
        with self._changed:
            self._changed.wait_for(lambda: self._next is None and not self._writing)

    def take_moved(self) -> Path | None:
        with self._changed:
            moved, self.moved = self.moved, None
        return moved

    def close(self) -> None:
        """Write what was handed over, then end the thread."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        self._thread.join()
        _OPEN.discard(self)

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._next is not None or self._closed)
                if self._next is None:
                    return
                (game, teams), self._next, self._writing = self._next, None, True
            self._write(game, teams)

    def _write(self, game: Game, teams: dict[str, Any]) -> None:
        failure: Exception | None = None
        moved = None
        try:
            moved = self.slot.write(game, teams)
        except Exception as err:  # noqa: BLE001 -- any failure is "not saved", never a dead writer
            failure = err
        with self._changed:
            self.failure, self._writing = failure, False
            self.moved = moved or self.moved
            self._changed.notify_all()
