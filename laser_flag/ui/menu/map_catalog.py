"""The maps the menu offers: the bundled ones, then the player's own (the data folder's maps/),
and any opened file; each loaded, or listed with its error."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ...engine.game_map import GameMap
from ...engine.mapfile import MapError, load_map, team_without_units
from ...i18n import _
from ...lab import badge
from ...resources import bundled_maps, player_maps
from .map_badge import BadgeView, badge_view

MAPS_DIR = bundled_maps()
MAP_SUFFIXES = (".json", ".txt")


@dataclass(frozen=True)
class MapEntry:
    """A map file; `gm` when it loads, `error` when it cannot be played (and why)."""

    path: Path
    gm: GameMap | None
    error: str | None
    own: bool = False  # one of the player's maps, not one that ships with the game
    badge: BadgeView | None = None  # its balance badge as it stands, when it loads

    @property
    def title(self) -> str:
        return self.gm.name if self.gm else self.path.stem

    @property
    def playable(self) -> bool:
        return self.gm is not None and self.error is None


def load_entry(path: Path, own: bool = False) -> MapEntry:
    """Load one file; a refusal becomes the entry's error, never an exception."""
    try:
        gm = load_map(path)
    except (MapError, OSError) as exc:
        return MapEntry(path, None, str(exc), own)
    empty = team_without_units(gm)
    error = _("team {empty} has no units: open it in the Map Editor").format(
        empty=empty) if empty else None
    return MapEntry(path, gm, error, own, badge_view(gm))


def scan(directory: Path = MAPS_DIR, own: bool = False) -> list[MapEntry]:
    """Every map file in `directory`, sorted by file name."""
    if not directory.is_dir():
        return []
    files = sorted(p for p in directory.iterdir() if p.suffix.lower() in MAP_SUFFIXES)
    return [load_entry(p, own) for p in files]


def catalog(bundled: Path = MAPS_DIR, own: Path | None = None) -> list[MapEntry]:
    """The bundled maps, then the player's (player_maps() unless `own` is given)."""
    return scan(bundled) + scan(player_maps() if own is None else own, own=True)


def map_named(name: str, bundled: Path = MAPS_DIR, own: Path | None = None) -> Path | None:
    """A bundled map's or the player's map's file by its stem, or None: a name another
    computer sent, so never a path."""
    if not re.fullmatch(r"[\w][\w .-]{0,63}", name):
        return None
    for folder in (bundled, player_maps() if own is None else own):
        if (folder / f"{name}.json").is_file():
            return folder / f"{name}.json"
    return None


def listing(entries: list[MapEntry]) -> list[str]:
    """One line per map, as `laser-flag --list-maps` prints them: name, file, size, mode, limits,
    the balance badge; the player's own maps marked [yours]."""
    lines = [_("{value:28} {value2:20} {value3:6} {value4:18} {value5:24} badge").format(
        value='name', value2='file', value3='size', value4='mode', value5='limits')]
    for entry in entries:
        line = _listing_line(entry)
        # TRANSLATORS: how --list-maps marks the player's own maps
        lines.append(_("{line}  [yours]").format(line=line) if entry.own else line)
    return lines


def _listing_line(entry: MapEntry) -> str:
    gm = entry.gm
    if gm is None:
        return _("{title:28} {name:20} cannot load: {error}").format(
            title=entry.title, name=entry.path.name, error=entry.error)
    limits = "/".join(str(gm.score_limit[t]) for t in sorted(gm.score_limit))
    limits = (_("score {limits}, {turn_limit} rounds") if gm.turn_limit else
              _("score {limits}")).format(limits=limits, turn_limit=gm.turn_limit)
    note = f"  ({entry.error})" if entry.error else ""
    return (f"{gm.name:28} {entry.path.name:20} {gm.rows}x{gm.cols:<3} "
            f"{gm.mode:18} {limits:24} {badge.status(gm).text}{note}")
