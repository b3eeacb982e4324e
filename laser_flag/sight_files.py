"""Maps' LOS answers kept in files: the store the client, the editor and the lab hand the engine.

The engine builds a map's LOS answers in a few hundred milliseconds and reads them back from a
store in a few (`engine/sight.py`, which checks whatever a store hands back). This store reads
the bundled maps' answers that ship with the game (`SHIPPED`, never written at run time, made
by `laser_flag.tools.ship_sight`), then the data folder's `sight/`, where it keeps the answers
of every other map it is told. A file is named after the walls' digest and holds that digest
and a checksum of its answers: a file that is unreadable, truncated, from another map or from
another version of this format is passed over (and written again once the answers are built).
The folder keeps at most MAX_FILES files, the oldest go first. Failing to write is never an
error: the next process builds the answers again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .data_folder import data_dir
from .engine import sight
from .engine.atomic_file import remove_orphans, write_atomic
from .engine.json_reader import ReadError, read_bytes

FORMAT, VERSION = sight.FORMAT, sight.VERSION
FOLDER = "sight"
MAX_FILES = 64  # the folder stays small: a map's answers are one file, a biggest map's small
MAX_BYTES = 1 << 20  # no map's answers come near this: a bigger file is not one of ours
SHIPPED = Path(__file__).resolve().parent / FOLDER  # the bundled maps' answers


class SightFileError(ValueError):
    """A file that cannot be used; the message says why, in a few words."""


class SightFiles:
    """A `sight.SightStore` over the shipped answers and a folder (the data folder's, unless
    another is given when it is made)."""

    def __init__(self, folder: Path | None = None, shipped: Path = SHIPPED) -> None:
        self._folder, self.shipped = folder, shipped

    @property
    def folder(self) -> Path:
        """Where answers are kept: the data folder is read when asked, as tests change it."""
        return self._folder if self._folder is not None else data_dir() / FOLDER

    def load(self, digest: str) -> list[int] | None:
        for path in (self.shipped / file_name(digest), self.folder / file_name(digest)):
            try:
                return read(path, digest)
            except (OSError, SightFileError):
                pass  # not kept there, or not usable: the next place, or build
        return None

    def keep(self, digest: str, answers: Sequence[int]) -> None:
        path = self.folder / file_name(digest)
        try:
            write(path, digest, answers)
            _trim(path.parent)
        except OSError:
            pass  # a read-only or full disk: the next process builds the answers again


def use_data_folder() -> None:
    """Keep maps' LOS answers in the data folder from now on: the app and the lab call this
    as they start (and each of the lab's worker processes)."""
    sight.install(SightFiles())


def file_name(digest: str) -> str:
    return f"{digest[:32]}.json"


def _checksum(seen: Sequence[str]) -> str:
    return hashlib.sha256(" ".join(seen).encode()).hexdigest()


def read(path: Path, digest: str) -> list[int]:
    """The bitsets a file holds for the walls of `digest`, as written (the engine checks them
    against the map). Read through the bounded reader: a pipe in its place is refused, never
    waited on."""
    try:
        raw = read_bytes(path, MAX_BYTES)
    except ReadError as err:
        raise SightFileError(err.problem) from None
    try:
        data: Any = json.loads(raw)
    except (ValueError, RecursionError):  # not UTF-8, not JSON, cut short
        raise SightFileError("not JSON") from None
    if not isinstance(data, dict) or (data.get("format"), data.get("version")) != (FORMAT, VERSION):
        raise SightFileError("not a sight cache of this version")
    if data.get("walls") != digest:
        raise SightFileError("another map's")
    seen = data.get("seen")
    if not isinstance(seen, list) or not all(isinstance(s, str) for s in seen):
        raise SightFileError("not a list of answers")
    if data.get("check") != _checksum(seen):
        raise SightFileError("its answers do not match their checksum")
    try:
        return [int(s, 16) for s in seen]
    except ValueError:
        raise SightFileError("an answer is not a hexadecimal number") from None


def write(path: Path, digest: str, bitsets: Sequence[int]) -> None:
    seen = [format(b, "x") for b in bitsets]
    data = {"format": FORMAT, "version": VERSION, "walls": digest, "seen": seen,
            "check": _checksum(seen)}
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, separators=(",", ":")).encode()
    write_atomic(path, lambda f: f.write(text))


def _trim(folder: Path) -> None:
    """Delete the least recently written files beyond MAX_FILES, and what a crash left."""
    remove_orphans(folder)
    files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in files[MAX_FILES:]:
        old.unlink(missing_ok=True)
