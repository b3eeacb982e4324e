"""What each tile kind is called where a screen names it: the Rules screen and the editor."""

from __future__ import annotations

from ..engine.game_map import BASE_1, BASE_2, BASE_U, ELEVATED, LEVEL, WALL

TILE_LABELS = {
    LEVEL: "Floor",
    ELEVATED: "Cover",
    WALL: "Wall",
    BASE_1: "Team 1 base",
    BASE_2: "Team 2 base",
    BASE_U: "Universal base",
}
