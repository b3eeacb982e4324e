"""A unit on the board (RULES.md §2) and its laser states."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .frozen import maker
from .game_map import Pos
from .terms import Laser, Team

_SAME: Any = object()  # a field changed() leaves as it is
CHARGED, CHARGING, DEACTIVATED = Laser.CHARGED, Laser.CHARGING, Laser.DEACTIVATED


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit at one moment; its id is its index in the map's unit list.

    Frozen, so whoever reads a unit cannot change the game: the engine replaces a unit that
    changes with a changed copy (`changed`). Its team and laser are always the members of
    `Team` and `Laser` (a plain string given names one), so the engine compares them by identity.
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

    def __post_init__(self) -> None:  # (not run by moved and changed: they copy members)
        object.__setattr__(self, "team", Team(self.team))
        object.__setattr__(self, "laser", Laser(self.laser))

    def moved(self, pos: Pos, ap: int, laser: Laser, elevated: bool) -> Unit:
        """A copy as a move leaves it: made on nearly every action."""
        return _make(self.id, self.team, self.unit_class, pos, ap, laser, self.snap_shots,
                     elevated, self.fired)

    def changed(self, *, id: int = _SAME, team: str = _SAME, unit_class: str = _SAME,
                pos: Pos = _SAME, ap: int = _SAME, laser: str = _SAME, snap_shots: int = _SAME,
                elevated: bool = _SAME, fired: bool = _SAME) -> Unit:
        """A copy with the fields named changed, as dataclasses.replace makes it but a fraction
        of its cost (a search changes units on every action; named parameters, not **fields,
        as a dict of them costs more than the copy); an unknown name raises TypeError."""
        return _make(self.id if id is _SAME else id,
                     self.team if team is _SAME else Team(team),
                     self.unit_class if unit_class is _SAME else unit_class,
                     self.pos if pos is _SAME else pos,
                     self.ap if ap is _SAME else ap,
                     self.laser if laser is _SAME else Laser(laser),
                     self.snap_shots if snap_shots is _SAME else snap_shots,
                     self.elevated if elevated is _SAME else elevated,
                     self.fired if fired is _SAME else fired)


_make = maker(Unit)
