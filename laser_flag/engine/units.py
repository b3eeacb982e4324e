"""A unit on the board (RULES.md §2) and its laser states."""

from __future__ import annotations

from dataclasses import dataclass

from .game_map import Pos

CHARGED, CHARGING, DEACTIVATED = "charged", "charging", "deactivated"


@dataclass(slots=True)
class Unit:
    """A unit's live state; its id is its index in the map's unit list."""

    id: int
    team: str
    unit_class: str
    pos: Pos
    ap: int
    laser: str = CHARGED
    snap_shots: int = 0
    elevated: bool = False  # standing on cover
    fired: bool = False  # fired during its team's current (or last) turn
