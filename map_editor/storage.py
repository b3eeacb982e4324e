"""Opening, creating and saving map files: validated, atomic, the old version kept as .bak."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from laser_flag.engine.game_map import LEVEL
from laser_flag.engine.mapfile import (
    FORMAT_VERSION,
    load_map,
    parse_map,
    write_atomic,
    write_json_atomic,
)

NEW_SIDES = range(11, 22)  # the sizes the editor offers for a new map (RULES.md §1)


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
    """Validate with the engine (MapError: nothing written), keep the old file as .bak, write."""
    parse_map(data, str(path))
    if path.exists():
        old, mode = path.read_bytes(), path.stat().st_mode & 0o777
        # The copy is as private as the map it keeps: a 0600 map gets a 0600 .bak.
        write_atomic(backup_path(path), lambda f: f.write(old), mode)
    write_json_atomic(path, data)
