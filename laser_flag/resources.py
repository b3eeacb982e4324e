"""Where the files that ship with the game are: inside the installed package, or in a checkout.

A wheel carries the repository's `maps/`, `images/`, `docs/` and `sounds/` as `laser_flag/maps` etc.
(pyproject.toml maps them in at build time); a checkout, editable install included, reads the
repository's own folders, so nothing is kept twice; the one-folder application keeps them beside
its executables, where a player finds them. The player's own maps are not bundled: they
live in the data folder beside the saves (`player_maps`), where the game may always write.
`find_map` reads a map argument the same way for every command: a file, or a map's name;
`readable_map` also reads the map, for a command that names a broken file before its work.
"""

from __future__ import annotations

import sys
from importlib.resources import files
from pathlib import Path

from .data_folder import data_dir
from .engine import load_map

CHECKOUT = Path(__file__).resolve().parent.parent
# The folder that holds maps/, images/, docs/ and sounds/ outside the package: a checkout's
# root, or in the one-folder application (`make bundle`) the folder of its executables.
BESIDE = Path(sys.executable).resolve().parent if getattr(sys, "frozen", False) else CHECKOUT


def bundled(folder: str) -> Path:
    """The bundled folder `folder` ('maps', 'images', 'docs' or 'sounds') of this installation."""
    packaged = Path(str(files("laser_flag") / folder))
    return packaged if packaged.is_dir() else BESIDE / folder


def bundled_maps() -> Path:
    return bundled("maps")


def player_maps() -> Path:
    """The player's own maps: `maps/` in the data folder (made when the editor first saves)."""
    return data_dir() / "maps"


def bundled_images() -> Path:
    return bundled("images")


def find_map(text: str) -> Path:
    """A map as every command takes it: a file that exists, else a bundled map's file stem
    ('duel'), else one of the player's maps by stem. Bundled names come first, so `duel` always
    means the same map; a player's map of the same name is reached by its path. ValueError
    names the maps there are."""
    path = Path(text)
    if path.exists():
        return path
    folders = (bundled_maps(), player_maps())
    if path.name == text:
        for folder in folders:
            if (folder / f"{text}.json").is_file():
                return folder / f"{text}.json"
    names = ", ".join(sorted({p.stem for folder in folders for p in folder.glob("*.json")}))
    raise ValueError(f"no map file {text!r}, and no map of that name (one of {names})")


def readable_map(text: str) -> Path:
    """find_map's map, read once: a file that breaks MAP_FORMAT.md is refused as the argument
    (MapError, a ValueError, names the file and the place) and not when its turn comes."""
    path = find_map(text)
    load_map(path)
    return path
