"""Where the files that ship with the game are: inside the installed package, or in a checkout.

A wheel carries the repository's `maps/`, `images/`, `docs/` and `sounds/` as `laser_flag/maps` etc.
(pyproject.toml maps them in at build time); a checkout, editable install included, reads the
repository's own folders, so nothing is kept twice. The player's own maps are not bundled: they
live in the data folder beside the saves (`player_maps`), where the game may always write.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from .saves import data_dir

CHECKOUT = Path(__file__).resolve().parent.parent


def bundled(folder: str) -> Path:
    """The bundled folder `folder` ('maps', 'images', 'docs' or 'sounds') of this installation."""
    packaged = Path(str(files("laser_flag") / folder))
    return packaged if packaged.is_dir() else CHECKOUT / folder


def bundled_maps() -> Path:
    return bundled("maps")


def player_maps() -> Path:
    """The player's own maps: `maps/` in the data folder (made when the editor first saves)."""
    return data_dir() / "maps"


def bundled_images() -> Path:
    return bundled("images")
