"""A map's LOS answers kept in the data folder, so a fresh process need not build them again.

Building them takes a few hundred milliseconds (most of it the one-time sight tables); reading
them back takes a few. A file is named after the digest of what LOS depends on (the size and
the walls) and holds that digest and a checksum of its answers: a file that is unreadable,
truncated, from another map or from another version of this format is refused, and the answers
are built and written again. The folder keeps at most MAX_FILES files, the oldest go first.
Failing to write is never an error: the answers were built, the next process builds them too.

The bundled maps' answers ship with the engine (`SHIPPED`, the same files, read the same way and
never written at run time), so even the very first game on a bundled map builds nothing;
`laser_flag.tools.ship_sight` makes them again when a bundled map's walls change.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .atomic_file import remove_orphans, write_atomic
from .data_folder import data_dir
from .json_reader import ReadError, read_bytes
from .los import WALL, Visibility

FORMAT = "laser-flag-sight"
VERSION = 1
FOLDER = "sight"
MAX_FILES = 64  # a file is ~100 KB for a 21x21 map: a few MB at most
MAX_BYTES = 1 << 20  # no map's answers come near this: a bigger file is not one of ours
SHIPPED = Path(__file__).resolve().parent / FOLDER  # the bundled maps' answers


class SightCacheError(ValueError):
    """A cache file that cannot be used; the message says why, in a few words."""


def walls_digest(tiles: Sequence[Sequence[str]]) -> str:
    """The digest of everything LOS depends on: the size and which tiles are walls."""
    rows = ["".join("#" if kind == WALL else "." for kind in row) for row in tiles]
    text = f"{FORMAT} {VERSION}\n" + "\n".join(rows)
    return hashlib.sha256(text.encode()).hexdigest()


def file_name(digest: str) -> str:
    return f"{digest[:32]}.json"


def cache_path(digest: str) -> Path:
    return data_dir() / FOLDER / file_name(digest)


def visibility(tiles: Sequence[Sequence[str]]) -> Visibility:
    """The map's LOS answers: read from the shipped ones or the cache when either holds them,
    else built and kept in the cache."""
    rows, cols = len(tiles), len(tiles[0]) if tiles else 0
    digest = walls_digest(tiles)
    path = cache_path(digest)
    for kept in (SHIPPED / file_name(digest), path):
        try:
            seen = read(kept, digest, rows * cols, Visibility.size(rows, cols))
            return Visibility.from_bitsets(rows, cols, seen)
        except (OSError, SightCacheError):
            pass  # not kept there, or not usable: the next place, or build
    vis = Visibility(tiles)
    try:
        write(path, digest, vis.bitsets())
        _trim(path.parent)
    except OSError:
        pass  # a read-only or full disk: the next process builds the answers again
    return vis


def _checksum(seen: Sequence[str]) -> str:
    return hashlib.sha256(" ".join(seen).encode()).hexdigest()


def read(path: Path, digest: str, tiles: int, bits: int) -> list[int]:
    """The bitsets a cache file holds for the map of `digest` with `tiles` tiles, each of them
    below bit `bits` (Visibility.size). Read through the bounded reader: a pipe in its place is
    refused, never waited on."""
    try:
        raw = read_bytes(path, MAX_BYTES)
    except ReadError as err:
        raise SightCacheError(err.problem) from None
    try:
        data: Any = json.loads(raw)
    except (ValueError, RecursionError):  # not UTF-8, not JSON, cut short
        raise SightCacheError("not JSON") from None
    if not isinstance(data, dict) or (data.get("format"), data.get("version")) != (FORMAT, VERSION):
        raise SightCacheError("not a sight cache of this version")
    if data.get("walls") != digest:
        raise SightCacheError("another map's")
    seen = data.get("seen")
    if not isinstance(seen, list) or len(seen) != tiles or not all(
        isinstance(s, str) for s in seen
    ):
        raise SightCacheError("not one answer per tile")
    if data.get("check") != _checksum(seen):
        raise SightCacheError("its answers do not match their checksum")
    try:
        bitsets = [int(s, 16) for s in seen]
    except ValueError:
        raise SightCacheError("an answer is not a hexadecimal number") from None
    if any(b < 0 or b >> bits for b in bitsets):
        raise SightCacheError("an answer names a tile off the map")
    return bitsets


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
