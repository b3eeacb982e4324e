"""Opening, creating and saving map files: validated, atomic, the old version kept as .bak.

New maps, and copies of the maps that ship with the game, go to the player's maps folder in the
data folder: the installed package's folder may be read-only, and the game lists that folder.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

from laser_flag.engine import json_reader
from laser_flag.engine.game_map import DEFAULT_TEAM_COLOR, LEVEL
from laser_flag.engine.mapfile import (
    FORMAT_VERSION,
    parse_map,
    read_map_json,
    write_atomic,
    write_json_atomic,
)
from laser_flag.resources import bundled_maps, player_maps

from .defaults import team_names_for
from .typed import whole
from .validation import check

NEW_SIDES = range(11, 22)  # the sizes the editor offers for a new map (RULES.md §1)
MAX_BACKUP_BYTES = 64 * 2**20  # a file Save As replaces is kept as .bak up to this size
MAX_STEM_BYTES = 100  # a proposed file name's stem in UTF-8: far below any file system's 255
RESERVED_STEMS = {"con", "prn", "aux", "nul", *(f"{d}{n}" for d in ("com", "lpt") for n in
                                                   range(10))}  # names Windows keeps for devices


def new_side(text: str, what: str) -> int:
    """A side of a new map as typed; ValueError says what is wrong with it."""
    return whole(text, what, NEW_SIDES[0], NEW_SIDES[-1])


def new_map_data(rows: int, cols: int) -> dict[str, Any]:
    """An all-floor map without units, the starting point of a design: its teams named after
    their colours, its score limits left to follow the units (defaults.py)."""
    if rows not in NEW_SIDES or cols not in NEW_SIDES:
        raise ValueError(f"a new map has {NEW_SIDES[0]} to {NEW_SIDES[-1]} rows and columns")
    return {
        "format": FORMAT_VERSION,
        "name": "",
        "author": "",
        "description": "",
        "team_names": team_names_for(DEFAULT_TEAM_COLOR),
        "tiles": [[LEVEL] * cols for __ in range(rows)],
        "units": [],
    }


def read_map(path: Path) -> dict[str, Any]:
    """The file's JSON object when the editor can show it (MapError otherwise): a map the game
    loads, or one whose units stand where none may, which the Problems list then names."""
    data = read_map_json(path)
    if not isinstance(data, dict):
        parse_map(data, str(path))  # raises: the top level is no object
    check(data, str(path))
    return data


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def write_map(data: dict[str, Any], path: Path) -> None:
    """Validate with the engine (MapError: nothing written), keep the old file as .bak, write.
    The old file is read through the bounded reader (a pipe is never waited on); one that
    cannot be kept is not replaced either (OSError)."""
    parse_map(data, str(path))
    if path.exists():
        try:
            old = json_reader.read_bytes(path, MAX_BACKUP_BYTES)
        except json_reader.ReadError as err:
            raise OSError(f"{path}: {err.problem}: it is kept, and the map not saved") from None
        # The copy is as private as the map it keeps: a 0600 map gets a 0600 .bak.
        write_atomic(backup_path(path), lambda f: f.write(old), path.stat().st_mode & 0o777)
    write_json_atomic(path, data)


def maps_folder() -> Path:
    """The player's maps folder, made on first use."""
    folder = player_maps()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def is_bundled(path: Path) -> bool:
    """A map that ships with the game (under the bundled maps folder, templates included)."""
    return path.resolve().is_relative_to(bundled_maps().resolve())


def free_path(folder: Path, stem: str, suffix: str) -> Path:
    """`stem + suffix` in `folder`, numbered (stem-2, stem-3...) while that name is taken."""
    target, n = folder / f"{stem}{suffix}", 2
    while target.exists():
        target = folder / f"{stem}-{n}{suffix}"
        n += 1
    return target


def copy_path(path: Path) -> Path:
    """Where a bundled map's copy is saved: its name in the player's folder, numbered if taken."""
    return free_path(maps_folder(), path.stem, path.suffix)


def save_folder(path: Path | None) -> Path:
    """Where Save As starts: the map's own folder, or the player's for a new or bundled map."""
    return path.parent if path is not None and not is_bundled(path) else maps_folder()


def file_stem(name: str) -> str:
    """A map's name as a file name stem any system takes: lower case, each run of characters
    other than letters, digits and '-' as one '_', at most MAX_STEM_BYTES bytes of UTF-8 (cut
    between characters), never a device name; "" when nothing is left."""
    words = re.sub(r"[^\w-]+", "_", unicodedata.normalize("NFC", name).lower())
    stem = words.encode()[:MAX_STEM_BYTES].decode(errors="ignore").strip("_-")
    return f"{stem}_map" if stem in RESERVED_STEMS else stem


def proposed_path(data: dict[str, Any], path: Path | None) -> Path:
    """The file Save As proposes: the map's name as a file name (else its file's name, else
    "untitled") in save_folder(path), numbered when another file has that name."""
    stem = file_stem(data.get("name", "")) or (path.stem if path else "untitled")
    folder = save_folder(path)
    own = path is not None and not is_bundled(path) and path.name == f"{stem}.json"
    return path if own else free_path(folder, stem, ".json")
