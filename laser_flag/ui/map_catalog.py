"""The maps the menu offers: every file in maps/ (and any opened one), loaded or with its error."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..engine.game_map import GameMap
from ..engine.mapfile import MapError, load_map, team_without_units

MAPS_DIR = Path(__file__).resolve().parents[2] / "maps"
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
