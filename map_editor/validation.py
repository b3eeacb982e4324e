"""The engine's own map check, with the place of a problem turned into board tiles."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from laser_flag.engine.game_map import WALL, GameMap, Pos
from laser_flag.engine.mapfile import MapError, parse_map, team_without_units

_TILE_REF = re.compile(r"tiles\[(\d+)\]\[(\d+)\]")
_UNIT_REF = re.compile(r"units\[(\d+)\]")
_POS_REF = re.compile(r"\((\d+), (\d+)\)")


@dataclass(frozen=True)
class Problem:
    """Why a map cannot be played; `loadable` problems may still be saved as a draft."""

    message: str
    cells: tuple[Pos, ...]
    loadable: bool


def _unit_pos(data: dict[str, Any], index: int) -> Pos | None:
    units = data.get("units")
    try:
        r, c = units[index][2], units[index][3]
    except (TypeError, IndexError, KeyError):
        return None
    return (r, c) if isinstance(r, int) and isinstance(c, int) else None


def places_in(message: str, data: dict[str, Any]) -> tuple[Pos, ...]:
    """The board tiles an engine error message names: tiles[r][c], units[i] and (r, c)."""
    found = [(int(r), int(c)) for r, c in _TILE_REF.findall(message)]
    found += [_unit_pos(data, int(i)) for i in _UNIT_REF.findall(message)]
    found += [(int(r), int(c)) for r, c in _POS_REF.findall(message)]
    return tuple(dict.fromkeys(p for p in found if p is not None))


def find_problem(data: dict[str, Any], source: str) -> Problem | None:
    """The first reason the game would refuse this map, or None when it is playable."""
    try:
        gm = parse_map(data, source)
    except MapError as e:
        return Problem(str(e), places_in(str(e), data), loadable=False)
    team = team_without_units(gm)
    if team is None:
        return None
    name = gm.teams[team].name
    return Problem(f"{source}: team {team} ({name}) has no units", (), loadable=True)


def preview_map(data: dict[str, Any], source: str) -> GameMap:
    """The map to draw: the loader's view, or, while a problem stands, its tiles and fine units."""
    try:
        return parse_map(data, source)
    except MapError:
        seen: set[tuple[int, int]] = set()
        tiles = data["tiles"]
        units = []
        for unit in data["units"]:
            pos = (unit[2], unit[3])
            if pos not in seen and 0 <= pos[0] < len(tiles) and 0 <= pos[1] < len(tiles[0]):
                seen.add(pos)
                units.append(unit)
        return parse_map({"tiles": tiles, "units": [u for u in units if _not_wall(tiles, u)]})


def _not_wall(tiles: list[list[str]], unit: list[Any]) -> bool:
    return tiles[unit[2]][unit[3]] != WALL
