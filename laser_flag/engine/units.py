"""A unit on the board (RULES.md §2) and its laser states."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .game_map import Pos

CHARGED, CHARGING, DEACTIVATED = "charged", "charging", "deactivated"


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit at one moment; its id is its index in the map's unit list.

    Frozen, so whoever reads a unit cannot change the game: the engine replaces a unit that
    changes with a changed copy (`changed`).
    """

    id: int
    team: str
    unit_class: str
    pos: Pos
    ap: int
    laser: str = CHARGED
    snap_shots: int = 0
    elevated: bool = False  # standing on cover
    fired: bool = False  # fired during its team's current (or last) turn

    def moved(self, pos: Pos, ap: int, laser: str, elevated: bool) -> Unit:
        """A copy as a move leaves it: made on nearly every action, so built directly."""
        return Unit(self.id, self.team, self.unit_class, pos, ap, laser, self.snap_shots, elevated,
                    self.fired)

    def changed(self, **fields: Any) -> Unit:
        """A copy with `fields` changed, as dataclasses.replace makes it but a third of its cost
        (a search changes units on every action); an unknown name raises AttributeError."""
        unit = object.__new__(Unit)
        for name in self.__slots__:
            object.__setattr__(unit, name, getattr(self, name))
        for name, value in fields.items():
            object.__setattr__(unit, name, value)
        return unit
