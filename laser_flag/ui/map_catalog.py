"""The maps the menu offers: every file in maps/ (and any opened one), loaded or with its error."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..engine.game_map import GameMap
from ..engine.mapfile import MapError, load_map, team_without_units
from ..resources import bundled_maps

MAPS_DIR = bundled_maps()
MAP_SUFFIXES = (".json", ".txt")


@dataclass(frozen=True)
class MapEntry:
    """A map file; `gm` when it loads, `error` when it cannot be played (and why)."""

    path: Path
    gm: GameMap | None
    error: str | None

    @property
    def title(self) -> str:
        return self.gm.name if self.gm else self.path.stem

    @property
    def playable(self) -> bool:
        return self.gm is not None and self.error is None


def load_entry(path: Path) -> MapEntry:
    """Load one file; a refusal becomes the entry's error, never an exception."""
    try:
        gm = load_map(path)
    except (MapError, OSError) as exc:
        return MapEntry(path, None, str(exc))
    empty = team_without_units(gm)
    error = f"team {empty} has no units: open it in the Map Editor" if empty else None
    return MapEntry(path, gm, error)


def scan(directory: Path = MAPS_DIR) -> list[MapEntry]:
    """Every map file in `directory`, sorted by file name."""
    if not directory.is_dir():
        return []
    files = sorted(p for p in directory.iterdir() if p.suffix.lower() in MAP_SUFFIXES)
    return [load_entry(p) for p in files]


def find_map(text: str, directory: Path = MAPS_DIR) -> Path:
    """A `--map` argument: a file that exists, else a bundled map's file stem ('duel')."""
    path = Path(text)
    if path.exists():
        return path
    stem = directory / f"{text}.json"
    if path.name == text and stem.is_file():
        return stem
    names = ", ".join(sorted(p.stem for p in directory.glob("*.json")))
    raise ValueError(f"no map file {text!r}, and no bundled map of that name (one of {names})")


def listing(entries: list[MapEntry]) -> list[str]:
    """One line per map, as `laser-flag --list-maps` prints them: name, file, size, mode, limits."""
    lines = [f"{'name':28} {'file':20} {'size':6} {'mode':18} limits"]
    for entry in entries:
        gm = entry.gm
        if gm is None:
            lines.append(f"{entry.title:28} {entry.path.name:20} cannot load: {entry.error}")
            continue
        limits = "/".join(str(gm.score_limit[t]) for t in sorted(gm.score_limit))
        turns = f", {gm.turn_limit} rounds" if gm.turn_limit else ""
        note = f"  ({entry.error})" if entry.error else ""
        lines.append(f"{gm.name:28} {entry.path.name:20} {gm.rows}x{gm.cols:<3} "
                     f"{gm.mode:18} score {limits}{turns}{note}")
    return lines
