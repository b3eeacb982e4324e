"""The unit-class table of RULES.md §2: the one place the game's numbers live.

A map's `rules` object may override any cell of the table (MAP_FORMAT.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from ..i18n import N_, _
from .json_reader import clip

AP_PER_TURN = 3
CLASSES = ("basic", "scout", "sniper", "grunt")
# Each class's name as players read it: translated by class_label.
CLASS_LABELS = {"basic": N_("Plain"), "scout": N_("Scout"), "sniper": N_("Sniper"),
                "grunt": N_("Grunt")}
ALL_AP = "all"  # `firing_costs` value: firing spends all remaining AP


def class_label(unit_class: str) -> str:
    """A unit class's name ("scout") as players read it, in the language spoken."""
    return _(CLASS_LABELS[unit_class])


@dataclass(frozen=True)
class ClassRules:
    """One row of the table in RULES.md §2 (column names in snake case)."""

    speed: int
    to_hit: int
    cover_defense: int
    elevated_defense: int
    elevated_attack: int
    max_snap_shots: int
    snap_shot_penalty: int
    climbs_freely: bool
    firing_costs: int | str  # AP spent by one shot, or ALL_AP
    moves_after_firing: bool

    def fire_cost(self, ap: int) -> int:
        """AP a shot takes from a unit that has `ap` left."""
        return ap if self.firing_costs == ALL_AP else min(ap, int(self.firing_costs))


DEFAULT_CLASSES: Mapping[str, ClassRules] = {
    "basic": ClassRules(4, 7, 1, -1, -1, 2, 1, False, ALL_AP, True),
    "scout": ClassRules(5, 8, 1, -1, -1, 2, 1, True, ALL_AP, True),
    "sniper": ClassRules(3, 6, 1, -1, -1, 2, 1, False, 1, False),
    "grunt": ClassRules(4, 7, 2, -2, -2, 3, 2, False, ALL_AP, True),
}

COLUMNS = tuple(f.name for f in fields(ClassRules))
_BOOL_COLUMNS = ("climbs_freely", "moves_after_firing")
# The allowed range of each integer column (docs/MAP_FORMAT.md): wide enough for any variant
# that plays, narrow enough that no value can hang a search or overflow a roll.
RANGES: Mapping[str, tuple[int, int]] = {
    "speed": (0, 99),
    "to_hit": (0, 20),
    "cover_defense": (-12, 12),
    "elevated_defense": (-12, 12),
    "elevated_attack": (-12, 12),
    "max_snap_shots": (0, 9),
    "snap_shot_penalty": (-12, 12),
    "firing_costs": (1, 9),  # or ALL_AP
}


class RulesError(ValueError):
    """A rule override that is not a valid cell of the table; the message names the cell."""


def _show(value: Any) -> str:
    return clip(repr(value), 40)


def _check_value(where: str, column: str, value: Any) -> Any:
    if column in _BOOL_COLUMNS:
        if not isinstance(value, bool):
            raise RulesError(_("{where}: must be true or false, not {value}").format(
                where=where, value=_show(value)))
        return value
    if column == "firing_costs" and value == ALL_AP:
        return value
    low, high = RANGES[column]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(_("{where}: must be an integer {low} to {high}, not {value}").format(
            where=where, low=low, high=high, value=_show(value)))
    if not low <= value <= high:
        problem = _('{where}: must be {low} to {high} or "all", not {value}') \
            if column == "firing_costs" else _("{where}: must be {low} to {high}, not {value}")
        raise RulesError(problem.format(where=where, low=low, high=high, value=_show(value)))
    return value


@dataclass(frozen=True)
class Ruleset:
    """The class table in force for one game: the defaults with a map's overrides applied."""

    classes: Mapping[str, ClassRules]
    ap_per_turn: int = AP_PER_TURN

    def __getitem__(self, unit_class: str) -> ClassRules:
        return self.classes[unit_class]

    def with_overrides(self, overrides: Mapping[str, Any], where: str = "rules") -> Ruleset:
        """A copy with `{class: {column: value}}` applied; RulesError names a bad cell."""
        if not isinstance(overrides, Mapping):
            raise RulesError(_("{where}: must be an object of classes").format(where=where))
        classes = dict(self.classes)
        for unit_class, cells in overrides.items():
            if unit_class not in classes:
                known = ", ".join(CLASSES)
                raise RulesError(_("{where}: unknown class {value} (one of {known})").format(
                    where=where, value=_show(unit_class), known=known))
            if not isinstance(cells, Mapping):
                raise RulesError(_("{where}: must be an object of columns").format(
                    where=f"{where}.{unit_class}"))
            for column, value in cells.items():
                if column not in COLUMNS:
                    known = ", ".join(COLUMNS)
                    raise RulesError(_("{where}: unknown column {value} (one of {known})").format(
                        where=f"{where}.{unit_class}", value=_show(column), known=known))
                _check_value(f"{where}.{unit_class}.{column}", column, value)
            classes[unit_class] = replace(classes[unit_class], **cells)
        return Ruleset(classes, self.ap_per_turn)


DEFAULT_RULESET = Ruleset(DEFAULT_CLASSES)
