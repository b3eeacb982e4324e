"""Opening a save in the client: the work behind Continue, Load game and Watch replay, done
as a Chore (a long save on a worker thread, its progress shown). No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ...i18n import _
from ...play.chore import Chore
from ...play.save_keeper import SaveKeeper
from ...play.session import WRITING_LOG, Session
from ...save_slot import SaveSlot
from ...saves import READING, REPLAYING, SaveError, load_save
from ..routes import PlayGame, Route, WatchReplay

INLINE_BYTES = 32 * 1024  # saves this small replay within a frame or so: no progress bar
# Each step's part of the whole bar, as measured on a long save: the replay takes most.
STEPS = {READING: (0.0, 0.15), REPLAYING: (0.15, 0.8), WRITING_LOG: (0.8, 1.0)}


def opening(path: Path, watch: bool, state_file: Path | None) -> Callable[[Chore[Route]], Route]:
    """The work of opening `path`: the screen it goes to (the game, or its replay). A game to
    continue is claimed first (SlotTaken while another copy of the game plays it); SaveError
    says why a save cannot be opened, a finished game's included."""

    def work(chore: Chore[Route]) -> Route:
        keeper = None if watch else SaveKeeper(SaveSlot.claim(path))
        try:
            loaded = load_save(path, chore.tell)
            if watch:
                return WatchReplay(loaded)
            if loaded.game.over:
                raise SaveError(_("{name}: that game is over; watch it as a replay.").format(
                    name=path.name))
            return PlayGame(Session.resume(loaded, state_file, chore.tell, keeper))
        except BaseException:
            if keeper is not None:
                keeper.release()
            raise

    return work


def in_background(path: Path) -> bool:
    """Whether opening `path` may take long enough to want a worker thread and a progress bar."""
    try:
        return path.stat().st_size > INLINE_BYTES
    except OSError:
        return False  # the reader says what is wrong, at once


def share_done(words: str, done: int, total: int) -> float:
    """How much of the whole opening is done, from how far its current step is: one bar that
    only ever fills (each step's own count starts from 0 again)."""
    start, end = STEPS.get(words, (0.0, 1.0))
    return start + (end - start) * (min(done, total) / total if total else 0.0)
