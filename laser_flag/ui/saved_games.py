"""The saves folder as the menu and the Load screen show it, one for the whole client.

It is looked at again whenever the folder changed (a game saved, here or by another copy of
the game). A folder of a few files is looked at, and files the index does not know are read,
at once when they are small; anything more (thousands of saves: their index alone takes a
noticeable time to check) on a worker thread, so that the first frame of either screen never
waits: the screens show what is known and how far the reading is. Once every file is known the
oldest finished games beyond the limit go (save_index.Shelf.prune). No pygame here.
"""

from __future__ import annotations

import os
from itertools import islice
from pathlib import Path

from ..play.chore import Chore
from ..save_index import Shelf
from ..saves import SaveInfo

INLINE_BYTES = 256 * 1024  # unknown saves read before the next frame: a pause no one notices
INLINE_FILES = 200  # a folder looked at before the next frame: a few milliseconds


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
        self.to_read = 0
        if not self._few_files():
            self.reading = Chore(self._look_and_read, background=True)
            return
        self.shelf.look()
        self._count_unread()
        if self.shelf.unread_bytes() <= INLINE_BYTES:
            self._read()
        else:
            self.reading = Chore(lambda chore: self._read(), background=True)

    def _few_files(self) -> bool:
        try:
            with os.scandir(self.folder) as entries:
                return sum(1 for _ in islice(entries, INLINE_FILES + 1)) <= INLINE_FILES
        except OSError:
            return True  # no folder yet: nothing to look at

    def _look_and_read(self, chore: Chore[None]) -> None:
        self.shelf.look()
        self._count_unread()
        self._read()

    def _count_unread(self) -> None:
        self.to_read, self.read_before = self.shelf.unread, self.shelf.files_read

    def _read(self) -> None:
        self.shelf.read_all()
        self.shelf.prune()

    @property
    def busy(self) -> bool:
        """Files are being read on the worker thread (the lists are not complete yet)."""
        if self.reading is not None and self.reading.done:
            self.reading = None
        return self.reading is not None

    def progress(self) -> tuple[int, int]:
        """(files read, files to read) while busy; (0, 0) while it is still looking."""
        return self.shelf.files_read - self.read_before, self.to_read

    def to_continue(self) -> SaveInfo | None:
        """The game Continue resumes; None while there is none, or it is still being looked for."""
        self.refresh()
        return None if self.busy else self.shelf.newest_unfinished()
