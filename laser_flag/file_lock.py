"""A lock on a file name that the operating system drops when its process ends, however it ends.

Two copies of the game may run at once on one data folder; each holds a FileLock on the game
it plays, so the other leaves that game alone. The lock is an advisory one on a small lock file
(flock, or msvcrt on Windows): a crash or a kill -9 frees it at once, so a lock is never left
held by a process that is gone, and the lock file itself means nothing unless it is held.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

if os.name == "nt":
    import msvcrt

    def _lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
else:
    import fcntl

    def _lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # held by another open of the file: another process, or this one
            return False
        return True


class FileLock:
    """A held lock on `path`; `release()` (or the process ending) lets it go."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def take(cls, path: Path) -> FileLock | None:
        """The lock on `path` (the file made if need be), or None while anyone else holds it.
        OSError when the folder cannot hold a lock file (it is missing or read-only)."""
        while True:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            if not _lock(fd):
                os.close(fd)
                return None
            try:  # released and deleted by its holder between our open and our lock?
                still_there = os.path.samestat(os.fstat(fd), os.stat(path))
            except FileNotFoundError:
                still_there = False
            if still_there:
                return cls(path, fd)
            os.close(fd)  # a lock on a deleted file guards nothing: take the new one

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Let the lock go and delete its file (deleted first where the system allows it, so
        that no one locks a file about to go)."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        if os.name != "nt":
            self.path.unlink(missing_ok=True)
        os.close(fd)
        if os.name == "nt":
            with contextlib.suppress(OSError):  # another copy opened it meanwhile: it is its now
                self.path.unlink(missing_ok=True)


def held_elsewhere(path: Path) -> bool:
    """Whether someone else holds the lock on `path` now (False when there is no such file)."""
    if not path.exists():
        return False
    try:
        lock = FileLock.take(path)
    except OSError:
        return False
    if lock is None:
        return True
    lock.release()
    return False
