"""The player's data folder: saves, own maps, settings, and the engine's sight cache."""

from __future__ import annotations

import os
import sys
from pathlib import Path

DATA_DIR_ENV = "LASER_FLAG_DATA_DIR"


def data_dir() -> Path:
    """The user's data folder for Laser Flag (LASER_FLAG_DATA_DIR overrides it, for tests)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "laser-flag"
