"""The map being edited: its JSON object (unknown keys kept), file path and edit history."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from laser_flag.engine.game_map import Pos

from .history import History

Unit = list[Any]  # [team, class, row, col] as in the file


class MapDocument:
    """A map as its file's JSON object, so a save writes back every key the file had."""

    def __init__(self, data: dict[str, Any], path: Path | None = None) -> None:
        self.data = data
        self.path = path
        self.history = History(data)

    @property
    def tiles(self) -> list[list[str]]:
        return self.data["tiles"]

    @property
    def units(self) -> list[Unit]:
        return self.data["units"]

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
        return next((i for i, u in enumerate(self.units) if (u[2], u[3]) == tuple(pos)), None)

    @property
    def modified(self) -> bool:
        return self.history.modified

    @property
    def title_name(self) -> str:
        """The file name the window title shows."""
        return self.path.name if self.path else "untitled"
