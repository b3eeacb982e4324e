"""The game's name and version for the window title, read from VERSION_HISTORY.txt."""

from __future__ import annotations

import re
from pathlib import Path

GAME_NAME = "Laser Flag"
HISTORY = Path(__file__).resolve().parents[2] / "VERSION_HISTORY.txt"
_VERSION_LINE = re.compile(r"^(\d+\.\d+(?:\.\d+)*)\s+\d{4}-\d{2}-\d{2}\s*$")


def newest_version(path: Path = HISTORY) -> str | None:
    """The first 'X.Y.Z  YYYY-MM-DD' line (newest first), or None when there is none to read."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    for line in lines:
        match = _VERSION_LINE.match(line)
        if match:
            return match[1]
    return None


def window_title(path: Path = HISTORY) -> str:
    """'Laser Flag 0.1.0', or just the name when installed without the history file."""
    version = newest_version(path)
    return f"{GAME_NAME} {version}" if version else GAME_NAME
