"""A game's own save file: made at the game's first action, written after every action until
the game ends, and held by this process while the game is played.

Two copies of the game may run at once on one data folder, so a slot never takes or overwrites
another game's file: a new game's file gets a name no file has (written exclusively), and a
lock beside it (`.<name>.lock`, file_lock.py) tells the other copy the game is being played, so
that it neither continues nor deletes it. Before each write the slot checks that the file is
still the one it last wrote: a program that knows nothing of locks (an older Laser Flag, which
wrote every game to autosave.json) may have replaced it, and then this game moves to a new name
rather than overwrite that one.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .engine.game import Game
from .file_lock import FileLock
from .saves import MAX_SAME_SECOND, SaveText, new_save_paths, saves_dir, write_save

Signature = tuple[int, int, int]  # (inode, size, modification time in ns) of a file


class SlotTaken(Exception):
    """The game is being played in another copy of Laser Flag."""


def lock_path(save: Path) -> Path:
    """The lock file of a save: hidden beside it."""
    return save.with_name(f".{save.name}.lock")


def _signature(path: Path) -> Signature | None:
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    return info.st_ino, info.st_size, info.st_mtime_ns


class SaveSlot:
    """The file one game is saved to, and the lock on it while this process plays the game."""

    def __init__(self, path: Path, lock: FileLock, text: SaveText | None = None) -> None:
        self.path = path
        self.lock = lock
        self.written = _signature(path)  # the file as this slot last saw it
        self.text = text or SaveText()  # the game's file, kept between writes

    @classmethod
    def new(cls, game: Game, teams: dict[str, Any], folder: Path | None = None) -> SaveSlot:
        """A slot under a new name in `folder` (the saves folder unless given), the game
        written to it at once. OSError when the folder cannot be written."""
        folder = saves_dir() if folder is None else folder
        folder.mkdir(parents=True, exist_ok=True)
        text = SaveText()
        for path in new_save_paths(game.map.name, folder):
            lock = FileLock.take(lock_path(path))
            if lock is None:  # another copy is taking this name this very moment
                continue
            try:
                write_save(path, game, teams, exclusive=True, text=text)
            except FileExistsError:
                lock.release()
                continue
            except BaseException:
                lock.release()
                raise
            return cls(path, lock, text)
        raise FileExistsError(f"{MAX_SAME_SECOND} new games of {game.map.name} in one second")

    @classmethod
    def claim(cls, path: Path) -> SaveSlot:
        """The slot of an existing save, to continue it: SlotTaken while another copy plays it.
        Claim before reading the file, so that a change made meanwhile is noticed."""
        lock = FileLock.take(lock_path(path))
        if lock is None:
            raise SlotTaken(f"{path.name} is being played in another Laser Flag window")
        return cls(path, lock)

    @classmethod
    def at(cls, path: Path, game: Game, teams: dict[str, Any]) -> SaveSlot:
        """A slot at a file the player chose (replacing it, if they said so), written at once."""
        lock = FileLock.take(lock_path(path))
        if lock is None:
            raise SlotTaken(f"{path.name} is being played in another Laser Flag window")
        slot = cls(path, lock)
        try:
            write_save(path, game, teams, text=slot.text)
        except BaseException:
            lock.release()
            raise
        slot.written = _signature(path)
        return slot

    def write(self, game: Game, teams: dict[str, Any]) -> Path | None:
        """Save the game as it stands. Returns the file the game left when that file was changed
        by someone else since this slot last wrote it (the game goes on under a new name in
        the same folder, the slot now points there); None otherwise. OSError, UnsavableGame:
        nothing was written."""
        current = _signature(self.path)
        if current is not None and current != self.written:
            left = self.path
            moved = SaveSlot.new(game, teams, left.parent)
            self.lock.release()
            self.path, self.lock, self.written, self.text = (moved.path, moved.lock,
                                                             moved.written, moved.text)
            return left
        write_save(self.path, game, teams, text=self.text)
        self.written = _signature(self.path)
        return None

    def release(self) -> None:
        """The game is no longer played here: another copy may continue it."""
        self.lock.release()

    def __repr__(self) -> str:
        return f"SaveSlot({os.fspath(self.path)!r})"
