"""A unit on the board (RULES.md §2) and its laser states."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
        """A copy as a move leaves it: made on nearly every action, so built as a draft."""
        draft = _Draft.of(self)
        draft.pos, draft.ap, draft.laser, draft.elevated = pos, ap, laser, elevated
        return draft.frozen()

    def changed(self, **fields: Any) -> Unit:
        """A copy with `fields` changed, as dataclasses.replace makes it but a fraction of its
        cost (a search changes units on every action); an unknown name raises AttributeError."""
        draft = _Draft.of(self)
        for name, value in fields.items():
            setattr(draft, name, value)
        return draft.frozen()


class _Draft:
    """A unit's fields without the frozen guard, to build a changed copy in.

    A frozen dataclass fills each field through object.__setattr__, which costs several times a
    plain assignment, and the engine copies a unit on nearly every action. The draft has the
    Unit's very slots, so it turns into a Unit by assigning its class once it is filled.
    """

    __slots__ = Unit.__slots__

    @classmethod
    def of(cls, unit: Unit) -> _Draft:
        """A draft holding every field of `unit`."""
        draft = cls()
        draft.id, draft.team, draft.unit_class = unit.id, unit.team, unit.unit_class
        draft.pos, draft.ap, draft.laser = unit.pos, unit.ap, unit.laser
        draft.snap_shots, draft.elevated, draft.fired = unit.snap_shots, unit.elevated, unit.fired
        return draft

    def frozen(self) -> Unit:
        """This draft, now a Unit (which no one may change)."""
        self.__class__ = Unit  # type: ignore[assignment]
        return self  # type: ignore[return-value]
