"""What this machine measured itself: badge values kept in the data folder (`measured/`), one
file per map digest, so the chooser can say "measured here" of a map whatever its file claims,
and the measurement follows the map through renames and copies but not through edits to play.

Every badge the lab works out here (the command line's `--badge`, the editor's badge, the
chooser's "Measure here") is kept. A file that cannot be read is passed over, never trusted.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from laser_flag.data_folder import data_dir
from laser_flag.engine import GameMap
from laser_flag.engine.balance_key import BadgeError, check
from laser_flag.engine.json_reader import ReadError, read_json
from laser_flag.engine.mapfile import write_json_atomic

from .badge import measured_before_bots_changed, play_digest

FOLDER = "measured"
MAX_BYTES = 256 * 1024  # a badge of 16 pairings is a few KiB


def folder() -> Path:
    return data_dir() / FOLDER


def path_for(digest: str) -> Path:
    return folder() / f"{digest}.json"


def keep(value: dict[str, Any]) -> Path:
    """Keep a badge value measured here (replacing any older one of the same digest)."""
    path = path_for(value["digest"])
    path.parent.mkdir(parents=True, exist_ok=True)
    write_json_atomic(path, value)
    return path


def find(gm: GameMap) -> dict[str, Any] | None:
    """The badge value measured here for the map as it is now by bots that decide as today's
    do, or None: a measurement by older bots is passed over (after an upgrade the map's own
    badge speaks again, not a stale "changed" of this machine's)."""
    digest = play_digest(gm)
    path = path_for(digest)
    try:
        value = read_json(path, MAX_BYTES)
        check(value)
    except (OSError, ReadError, BadgeError):
        return None
    if value["digest"] != digest or measured_before_bots_changed(value):
        return None
    return value
