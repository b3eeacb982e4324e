"""The map being edited: its JSON object (unknown keys kept), file path and edit history."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

from laser_flag.engine.game_map import Pos

from .defaults import follow
from .history import History

UnitEntry = list[Any]  # [team, class, row, col], as the file's `units` array holds it


class UnitRow(NamedTuple):
    """One unit of the file's `units` array, read by name instead of by index."""

    team: str
    unit_class: str
    row: int
    col: int

    @property
    def pos(self) -> Pos:
        return (self.row, self.col)


def unit_entries(rows: Iterable[UnitRow]) -> list[UnitEntry]:
    """Rows back as the file's arrays, the form the document keeps and saves."""
    return [list(row) for row in rows]


class MapDocument:
    """A map as its file's JSON object, so a save writes back every key the file had; team
    names and score limits the designer left unchosen follow every edit (defaults.follow)."""

    def __init__(self, data: dict[str, Any], path: Path | None = None) -> None:
        self.data = data
        self.path = path
        self.history = History(data, follow)

    @property
    def tiles(self) -> list[list[str]]:
        return self.data["tiles"]

    @property
    def units(self) -> list[UnitEntry]:
        return self.data["units"]

    @property
    def unit_rows(self) -> list[UnitRow]:
        """The units as named rows (a fresh list: editing it changes nothing)."""
        return [UnitRow(*entry) for entry in self.units]

    @property
    def rows(self) -> int:
        return len(self.tiles)

    @property
    def cols(self) -> int:
        return len(self.tiles[0])

    def in_bounds(self, pos: Pos) -> bool:
        return 0 <= pos[0] < self.rows and 0 <= pos[1] < self.cols

    def tile(self, pos: Pos) -> str:
        return self.tiles[pos[0]][pos[1]]

    def unit_at(self, pos: Pos) -> int | None:
        """Index of the unit standing on `pos`, or None."""
        return next((i for i, u in enumerate(self.unit_rows) if u.pos == tuple(pos)), None)

    @property
    def modified(self) -> bool:
        return self.history.modified

    @property
    def title_name(self) -> str:
        """The file name the window title shows; the map's name until it has a file (a
        generated map has one from the start)."""
        return self.path.name if self.path else (self.data.get("name") or "untitled")
