"""Firing (RULES.md §3, Fire; §5): the class's fire cost, the shot, then snap shots back (§6)."""

from __future__ import annotations

from . import overwatch, shots
from .actions import Fire
from .draft import Draft
from .ruleset import Ruleset
from .units import Unit


def fire(d: Draft, action: Fire) -> None:
    """Apply a legal Fire."""
    unit = d.units[action.unit_id] = fired(d.index.rules, d.units[action.unit_id])
    shots.shoot(d, unit, d.units[action.target_id], snap=False)
    overwatch.snap_shots_at(d, unit.id)


def fire_cost(rules: Ruleset, unit: Unit) -> int:
    """The AP a shot of this unit spends now (its class's cost, or all it has)."""
    return rules[unit.unit_class].fire_cost(unit.ap)


def fired(rules: Ruleset, unit: Unit) -> Unit:
    """The unit as a Fire leaves it if no snap shot hits it."""
    return unit.changed(ap=unit.ap - fire_cost(rules, unit), fired=True)
