"""Opening, creating and saving map files: validated, atomic, the old version kept as .bak.

New maps, and copies of the maps that ship with the game, go to the player's maps folder in the
data folder: the installed package's folder may be read-only, and the game lists that folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from laser_flag.engine import json_reader
from laser_flag.engine.game_map import LEVEL
from laser_flag.engine.mapfile import (
    FORMAT_VERSION,
    load_map,
    parse_map,
    write_atomic,
    write_json_atomic,
)
from laser_flag.resources import bundled_maps, player_maps

NEW_SIDES = range(11, 22)  # the sizes the editor offers for a new map (RULES.md §1)
MAX_BACKUP_BYTES = 64 * 2**20  # a file Save As replaces is kept as .bak up to this size


def new_map_data(rows: int, cols: int) -> dict[str, Any]:
    """An all-floor map without units, the starting point of a design."""
    if rows not in NEW_SIDES or cols not in NEW_SIDES:
        raise ValueError(f"a new map has {NEW_SIDES[0]} to {NEW_SIDES[-1]} rows and columns")
    return {
        "format": FORMAT_VERSION,
        "name": "",
        "author": "",
        "description": "",
        "tiles": [[LEVEL] * cols for _ in range(rows)],
        "units": [],
    }


def read_map(path: Path) -> dict[str, Any]:
    """The file's JSON object after the engine's loader accepted it (MapError otherwise)."""
    return load_map(path).to_json_dict()


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


def copy_path(path: Path) -> Path:
    """Where a bundled map's copy is saved: its name in the player's folder, numbered if taken."""
    folder = maps_folder()
    target, n = folder / path.name, 2
    while target.exists():
        target = folder / f"{path.stem}-{n}{path.suffix}"
        n += 1
    return target


def save_folder(path: Path | None) -> Path:
    """Where Save As starts: the map's own folder, or the player's for a new or bundled map."""
    return path.parent if path is not None and not is_bundled(path) else maps_folder()
