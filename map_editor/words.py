"""Places and units in the words the game uses, for the editor's status bar and panels."""

from __future__ import annotations

from laser_flag.engine.game_map import Pos
from laser_flag.engine.ruleset import class_label
from laser_flag.i18n import _

from .document import UnitRow
from .validation import Problem


def place(pos: Pos) -> str:
    """`row 0, column 3`: rows and columns counted from 0, as the game's board edges number them."""
    return _("row {pos}, column {pos2}").format(pos=pos[0], pos2=pos[1])


def unit_name(team: str, unit_class: str) -> str:
    """`Team 1 Scout`."""
    return _("Team {team} {class_label}").format(team=team, class_label=class_label(unit_class))


def unit_at(unit: UnitRow) -> str:
    """`Team 1 Scout at row 0, column 3`."""
    return _("{unit_name} at {place}").format(
        unit_name=unit_name(unit.team, unit.unit_class), place=place(unit.pos))


def problem_row(problem: Problem, units: list[UnitRow]) -> tuple[str, str]:
    """A problem as the Problems list shows it: where (the tile, else the team or the map) and
    what (the loader's words, after the unit's name when a unit stands where none may)."""
    unit = units[problem.unit] if problem.unit is not None else None
    what = f"{unit_name(unit.team, unit.unit_class)}: {problem.detail}" if unit else problem.detail
    if unit is not None and not problem.cells:
        return place(unit.pos), what  # off the board: the loader's words say so
    if problem.cells:
        more = len(problem.cells) - 1
        if not more:
            return place(problem.cells[0]), what
        return _("{place} and {more} more").format(place=place(problem.cells[0]), more=more), what
    return (_("Team {team}").format(team=problem.team) if problem.team else _("The map")), what
