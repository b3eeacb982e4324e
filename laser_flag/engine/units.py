"""A unit on the board (RULES.md §2) and its laser states."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .frozen import maker
from .game_map import Pos
from .terms import Laser, Team

CHARGED, CHARGING, DEACTIVATED = Laser.CHARGED, Laser.CHARGING, Laser.DEACTIVATED


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit at one moment; its id is its index in the map's unit list.

    Frozen, so whoever reads a unit cannot change the game: the engine replaces a unit that
    changes with a changed copy (`changed`).
    """

    id: int
    team: Team
    unit_class: str
    pos: Pos
    ap: int
    laser: Laser = CHARGED
    snap_shots: int = 0
    elevated: bool = False  # standing on cover
    fired: bool = False  # fired during its team's current (or last) turn

    def moved(self, pos: Pos, ap: int, laser: Laser, elevated: bool) -> Unit:
        """A copy as a move leaves it: made on nearly every action."""
        return _make(self.id, self.team, self.unit_class, pos, ap, laser, self.snap_shots,
                     elevated, self.fired)

    def changed(self, **fields: Any) -> Unit:
        """A copy with `fields` changed, as dataclasses.replace makes it but a fraction of its
        cost (a search changes units on every action); an unknown name raises AttributeError."""
        if not fields.keys() <= _FIELDS:
            raise AttributeError(f"a unit has no field {sorted(fields.keys() - _FIELDS)[0]!r}")
        get = fields.get
        return _make(get("id", self.id), get("team", self.team),
                     get("unit_class", self.unit_class), get("pos", self.pos), get("ap", self.ap),
                     get("laser", self.laser), get("snap_shots", self.snap_shots),
                     get("elevated", self.elevated), get("fired", self.fired))


_make = maker(Unit)
_FIELDS = frozenset(Unit.__slots__)
