"""The saved games as lists show them: every save's entry, kept in an index so that thousands
list at once; old finished games deleted when there are many; one deleted when asked.

Listing a save means checking it whole (its schema, digest and map): a millisecond or more
each, seconds for thousands. So each entry is kept in the saves folder's `.index.json` with its
file's signature (inode, size, modification time): a file whose signature still matches is not
read again; a new or changed one is (`Shelf.read_next`, a few at a time, so that a screen can
show how far it is and stay responsive). The index is only a cache: a missing, unreadable or
foreign one is ignored and made anew, and two copies of the game writing it in turn lose at
most a few entries, read again next time. A Shelf may be read on a worker thread while the
screen asks it for entries.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from .bots.levels import LEVELS
from .engine import json_reader
from .engine.atomic_file import remove_orphans, write_atomic
from .engine.game_map import TEAMS
from .file_lock import FileLock, held_elsewhere
from .save_schema import MAX_ACTIONS, MAX_MAP_NAME_CHARS, MAX_NAME_CHARS, VICTORIES, WINNERS
from .save_slot import Signature, lock_path
from .saves import LEGACY_AUTOSAVE, SaveError, SaveInfo, save_info, saves_dir

INDEX_NAME = ".index.json"
INDEX_FORMAT = "laser-flag-save-index"
INDEX_VERSION = 1
MAX_INDEX_BYTES = 64 * 2**20  # ~400 bytes an entry: far more saves than anyone keeps
MAX_FINISHED = 500  # finished games kept; the ones played longest ago go first
KEEP_EVERY = 500  # files read between two writes of the index
_LOCK = re.compile(r"\.(.+)\.lock")
TEAM_KEYS = frozenset(TEAMS)


@dataclass(frozen=True)
class Entry:
    """What the index keeps of one file: its signature, and its list entry or why it has none."""

    signature: Signature
    info: SaveInfo | None = None
    problem: str | None = None


def _signature(entry: os.DirEntry[str]) -> Signature:
    """What changes when a file is written: its inode (a save is replaced by a rename), size and
    modification time; all 0 for a name that cannot even be looked at (a link in a loop)."""
    try:
        info = entry.stat()
    except OSError:
        return 0, 0, 0
    return info.st_ino, info.st_size, info.st_mtime_ns


class Shelf:
    """The saves in `folder` (the data folder's saves/ unless given) as far as they are known.

    `look()` sees which files there are (fast: the index and one stat each); `read_next()` reads
    those the index does not know, newest first. `infos()`, `problems()` and `playing` are what
    is known so far.
    """

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = saves_dir() if folder is None else folder
        self._guard = threading.RLock()  # a worker reads files while the screen draws entries
        self._entries: dict[str, Entry] = {}
        self._unread: list[tuple[int, str, Signature]] = []  # (mtime, name, signature), newest last
        self._index_read = False
        self._changed = False
        self.playing: frozenset[str] = frozenset()  # saves another copy of the game is playing
        self.stamp: int | None = -1  # the folder's modification time at the last look
        self.version = 0  # counts the changes of what is known, for a screen to follow them
        self.files_read = 0  # by read_next, ever

    # ----- what is there ---------------------------------------------------------------------

    def folder_stamp(self) -> int | None:
        """When the folder last changed (a save written, renamed or deleted); None: no folder."""
        try:
            return self.folder.stat().st_mtime_ns
        except OSError:
            return None

    def look(self) -> None:
        """See which saves there are now: known ones kept, new or changed ones to be read.
        Orphan temporary files of a crash go, and so do lock files nobody holds."""
        stamp = self.folder_stamp()
        remove_orphans(self.folder)
        saves, locks = self._files()
        playing = frozenset(name for name in locks if held_elsewhere(lock_path(self.folder / name)))
        index = None if self._index_read else self._read_index()  # the slow part: unguarded
        with self._guard:
            if index is not None:
                self._entries, self._index_read = index, True
            gone = [name for name in self._entries if name not in saves]
            for name in gone:
                del self._entries[name]
            self._changed |= bool(gone)
            unread = [(sig[2], name, sig) for name, sig in saves.items()
                      if name not in self._entries or self._entries[name].signature != sig]
            self._unread = sorted(unread)
            self.playing, self.stamp = playing, stamp
            self.version += 1

    def _files(self) -> tuple[dict[str, Signature], list[str]]:
        """The signatures of the *.json files by name (a folder, pipe or broken link among
        them too, listed as unreadable), and the saves named by lock files."""
        saves: dict[str, Signature] = {}
        locks: list[str] = []
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return saves, locks
        for entry in entries:
            if entry.name.endswith(".json") and not entry.name.startswith("."):
                saves[entry.name] = _signature(entry)
            elif (lock := _LOCK.fullmatch(entry.name)) is not None:
                locks.append(lock.group(1))
        return saves, locks

    @property
    def unread(self) -> int:
        with self._guard:
            return len(self._unread)

    def unread_bytes(self) -> int:
        with self._guard:
            return sum(sig[1] for _, _, sig in self._unread)

    def read_next(self, count: int = 1) -> int:
        """Read up to `count` of the files not known yet, newest first; how many are left."""
        for _ in range(count):
            with self._guard:
                if not self._unread:
                    return 0
                _, name, signature = self._unread.pop()
            entry = _read_entry(self.folder / name, signature)
            with self._guard:
                self._entries[name] = entry
                self._changed = True
                self.version += 1
                self.files_read += 1
        return self.unread

    def read_all(self) -> None:
        """Read every file not known yet, keeping the index now and then (a client closed
        halfway through thousands of saves need not read those again)."""
        while self.read_next(KEEP_EVERY):
            self.keep()
        self.keep()

    # ----- what is known ---------------------------------------------------------------------

    def infos(self) -> list[SaveInfo]:
        """The saves read so far, the last played first (by the time the save says, then by
        when its file was written: saves say it to the second)."""
        with self._guard:
            entries = [e for e in self._entries.values() if e.info is not None]
        entries.sort(key=lambda e: (e.info.saved_at, e.signature[2], e.info.path.name),
                     reverse=True)
        return [e.info for e in entries]

    def problems(self) -> list[str]:
        """One line per file that is not a save that can be listed, by name."""
        with self._guard:
            return [e.problem for _, e in sorted(self._entries.items()) if e.problem is not None]

    def newest_unfinished(self) -> SaveInfo | None:
        """The save Continue resumes: the last played game not yet over, and not being played
        in another copy of the game."""
        return next((info for info in self.infos()
                     if not info.over and info.path.name not in self.playing), None)

    # ----- the index -----------------------------------------------------------------------

    def keep(self) -> None:
        """Write the index if anything changed; a folder that cannot be written keeps none.
        Writing it changes the folder: when nothing else did since the last look, that look
        still stands (a screen need not look again because of the index alone)."""
        with self._guard:
            if not self._changed:
                return
            saves = {name: _entry_json(entry) for name, entry in self._entries.items()}
            self._changed = False
        text = json.dumps({"format": INDEX_FORMAT, "version": INDEX_VERSION, "saves": saves},
                          ensure_ascii=False, separators=(",", ":"))
        unchanged = self.folder_stamp() == self.stamp
        with contextlib.suppress(OSError):  # unwritable: the next look reads the saves again
            write_atomic(self.folder / INDEX_NAME, lambda f: f.write(text.encode("utf-8")))
        if unchanged:
            self.stamp = self.folder_stamp()

    def _read_index(self) -> dict[str, Entry]:
        try:
            data = json.loads(json_reader.read_bytes(self.folder / INDEX_NAME, MAX_INDEX_BYTES))
        except (json_reader.ReadError, ValueError, RecursionError):
            return {}
        if not (isinstance(data, dict) and data.get("format") == INDEX_FORMAT
                and data.get("version") == INDEX_VERSION and isinstance(data.get("saves"), dict)):
            return {}
        entries = {}
        for name, value in data["saves"].items():
            try:
                entries[name] = _entry_from(self.folder / name, value)
            except (TypeError, ValueError, KeyError):
                continue  # read that save again instead
        return entries

    # ----- deleting --------------------------------------------------------------------------

    def delete(self, path: Path) -> str | None:
        """Delete one save (the player asked, and said yes); None when done, else why not."""
        problem = self._remove(path)
        self.keep()
        return problem

    def _remove(self, path: Path) -> str | None:
        """Delete the file and its entry, unless another copy of the game plays it."""
        lock = FileLock.take(lock_path(path)) if path.parent.is_dir() else None
        if lock is None:
            return f"{path.name} is being played in another Laser Flag window"
        try:
            path.unlink(missing_ok=True)
        except OSError as err:
            return f"{path.name} could not be deleted: {err.strerror or err}"
        finally:
            lock.release()
        with self._guard:
            self._entries.pop(path.name, None)
            self._changed = True
            self.version += 1
        return None

    def prune(self, keep: int = MAX_FINISHED) -> list[Path]:
        """Delete the finished games beyond the `keep` played last (once every file is known).
        An unfinished game is never deleted here, nor earlier versions' autosave."""
        if self.unread:
            return []
        finished = [info for info in self.infos()
                    if info.over and info.path.name != LEGACY_AUTOSAVE]
        gone = [info.path for info in finished[keep:] if self._remove(info.path) is None]
        self.keep()
        return gone


def _read_entry(path: Path, signature: Signature) -> Entry:
    try:
        return Entry(signature, info=save_info(path))
    except SaveError as err:
        return Entry(signature, problem=str(err))


# ----- an entry in the index: the save's own header fields, each checked -------------------

INFO_KEYS = frozenset(f.name for f in fields(SaveInfo)) - {"path"}
NEEDED_KEYS = INFO_KEYS - {"winner", "victory"}  # those two only in a finished game's entry
COUNTS = range(MAX_ACTIONS + 2)  # a turn, a round, a score or a number of actions


def _entry_json(entry: Entry) -> dict[str, Any]:
    if entry.info is None:
        return {"file": list(entry.signature), "problem": entry.problem}
    header = {k: v for k, v in asdict(entry.info).items() if k != "path" and v is not None}
    return {"file": list(entry.signature), "info": header}


def _entry_from(path: Path, value: Any) -> Entry:
    """An index entry back, every field checked for what the list does with it (ValueError,
    TypeError or KeyError if one is not as the index writes it). Thousands are read at once,
    so the checks are plain and quick rather than the save schema's, which name the place."""
    signature = tuple(value["file"])
    if len(signature) != 3 or not all(type(n) is int for n in signature):
        raise ValueError("not a file signature")
    if "problem" in value:
        if type(value["problem"]) is not str:
            raise ValueError("not a problem")
        return Entry(signature, problem=value["problem"])
    header = value["info"]
    if type(header) is not dict or not _listable(header):
        raise ValueError("not a list entry")
    return Entry(signature, info=SaveInfo(path=path, **header))


def _listable(h: dict[str, Any]) -> bool:
    return (NEEDED_KEYS <= h.keys() <= INFO_KEYS
            and _text(h["map_name"], MAX_MAP_NAME_CHARS) and _text(h["saved_at"], 64)
            and all(_count(h[key]) for key in ("turn", "round", "actions"))
            and type(h["over"]) is bool and type(h["fog"]) is bool
            and _per_team(h["scores"], _count, every=True)
            and _per_team(h["names"], lambda name: _text(name, MAX_NAME_CHARS), every=True)
            and _per_team(h["levels"], lambda level: level in LEVELS, every=False)
            and h.get("winner") in (None, *WINNERS) and h.get("victory") in (None, *VICTORIES))


def _text(value: Any, limit: int) -> bool:
    return type(value) is str and len(value) <= limit


def _count(value: Any) -> bool:
    return type(value) is int and value in COUNTS


def _per_team(value: Any, check: Callable[[Any], bool], every: bool) -> bool:
    if type(value) is not dict or not (value.keys() == TEAM_KEYS if every else
                                       value.keys() <= TEAM_KEYS):
        return False
    return all(check(v) for v in value.values())


def list_saves(folder: Path | None = None) -> tuple[list[SaveInfo], list[str]]:
    """Every save in `folder` (the saves folder unless given), the last played first, and one
    line per file that is not a listable save: read whole now, for tools and tests (the
    screens use a Shelf, which reads in the background)."""
    shelf = Shelf(folder)
    shelf.look()
    shelf.read_all()
    return shelf.infos(), shelf.problems()
