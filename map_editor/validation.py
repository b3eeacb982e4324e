"""The engine's own map check, with the tiles a problem is about for the board to mark."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from laser_flag.engine.game_map import WALL, GameMap, Pos
from laser_flag.engine.mapfile import MapError, parse_map, team_without_units

from .document import UnitRow, unit_entries


@dataclass(frozen=True)
class Problem:
    """Why a map cannot be played; `loadable` problems may still be saved as a draft."""

    message: str
    cells: tuple[Pos, ...]
    loadable: bool


def find_problem(data: dict[str, Any], source: str) -> Problem | None:
    """The first reason the game would refuse this map, or None when it is playable."""
    try:
        gm = parse_map(data, source)
    except MapError as e:
        return Problem(str(e), e.cells, loadable=False)
    team = team_without_units(gm)
    if team is None:
        return None
    name = gm.teams[team].name
    return Problem(f"{source}: team {team} ({name}) has no units", (), loadable=True)


def preview_map(data: dict[str, Any], source: str) -> GameMap:
    """The map to draw: the loader's view, or, while a unit stands where none may, the map
    without it (its team colours and every other key kept)."""
    try:
        return parse_map(data, source)
    except MapError:
        return parse_map({**data, "units": unit_entries(_standing(data))}, source)


def _standing(data: dict[str, Any]) -> list[UnitRow]:
    """The units on a free floor tile of the grid, the first one only where several share it."""
    tiles = data["tiles"]
    seen: set[Pos] = set()
    standing = []
    for unit in (UnitRow(*entry) for entry in data["units"]):
        inside = 0 <= unit.row < len(tiles) and 0 <= unit.col < len(tiles[0])
        if inside and unit.pos not in seen and tiles[unit.row][unit.col] != WALL:
            seen.add(unit.pos)
            standing.append(unit)
    return standing
