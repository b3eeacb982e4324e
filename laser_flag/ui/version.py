"""The game's name and version for the window title (the version lives in laser_flag/__init__)."""

from __future__ import annotations

from .. import __version__

GAME_NAME = "Laser Flag"


def window_title() -> str:
    """'Laser Flag 0.13.0': the same version as `laser-flag --version`, saves and the lab."""
    return f"{GAME_NAME} {__version__}"
