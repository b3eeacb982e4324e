"""The saves folder as the menu and the Load screen show it, one for the whole client.

It is looked at again whenever the folder changed (a game saved, here or by another copy of
the game). Files the index does not know yet are read at once when they are few and small, and
otherwise on a worker thread, so that the first frame of either screen never waits for them:
the screens show what is known and how far the reading is. Once every file is known the oldest
finished games beyond the limit go (save_index.Shelf.prune). No pygame here.
"""

from __future__ import annotations

from pathlib import Path

from ..save_index import Shelf
from ..saves import SaveInfo
from .chore import Chore

INLINE_BYTES = 256 * 1024  # unknown saves read before the next frame: ~0.1 s at most


class SavedGames:
    """The client's view of its saves folder; `shelf` holds what is known of it."""

    def __init__(self, folder: Path | None = None) -> None:
        self.shelf = Shelf(folder)
        self.reading: Chore[None] | None = None  # the files being read on a worker thread
        self.to_read = self.read_before = 0  # files to read, and read before, when it started

    @property
    def folder(self) -> Path:
        return self.shelf.folder

    def refresh(self) -> None:
        """Look at the folder again if it changed since; read what is new (see the module)."""
        if self.busy or self.shelf.folder_stamp() == self.shelf.stamp:
            return
        self.shelf.look()
        if not self.shelf.unread:
            self.shelf.keep()
        elif self.shelf.unread_bytes() <= INLINE_BYTES:
            self._read(None)
        else:
            self.to_read, self.read_before = self.shelf.unread, self.shelf.files_read
            self.reading = Chore(self._read, background=True)

    def _read(self, chore: Chore[None] | None) -> None:
        self.shelf.read_all()
        self.shelf.prune()

    @property
    def busy(self) -> bool:
        """Files are being read on the worker thread (the lists are not complete yet)."""
        if self.reading is not None and self.reading.done:
            self.reading = None
        return self.reading is not None

    def progress(self) -> tuple[int, int]:
        """(files read, files to read) while busy."""
        return self.shelf.files_read - self.read_before, self.to_read

    def to_continue(self) -> SaveInfo | None:
        """The game Continue resumes; None while there is none, or it is still being looked for."""
        self.refresh()
        return None if self.busy else self.shelf.newest_unfinished()
