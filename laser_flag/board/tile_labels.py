"""What each tile kind is called where a screen names it: the Rules screen and the editor."""

from __future__ import annotations

from ..engine.game_map import BASE_1, BASE_2, BASE_U, ELEVATED, LEVEL, WALL
from ..i18n import N_

TILE_LABELS = {
    LEVEL: N_("Floor"),
    ELEVATED: N_("Cover"),
    WALL: N_("Wall"),
    BASE_1: N_("Team 1 base"),
    BASE_2: N_("Team 2 base"),
    BASE_U: N_("Universal base"),
}
