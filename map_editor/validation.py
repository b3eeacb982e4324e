"""The engine's own map check, every problem with the tiles it is about for the board to mark."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from laser_flag.engine.game_map import GameMap, Pos
from laser_flag.engine.mapfile import MapError, map_problems, parse_map, teams_without_units
from laser_flag.i18n import _


@dataclass(frozen=True)
class Problem:
    """Why the game would refuse a map. `message` names the file (for a dialog), `detail` does
    not (for the Problems list); `cells` are the tiles it is about; `unit` the unit standing
    where none may; `team` the team without units; `loadable` problems may be saved as a draft."""

    message: str
    detail: str
    cells: tuple[Pos, ...] = ()
    loadable: bool = False
    unit: int | None = None
    team: str | None = None


@dataclass(frozen=True)
class Checked:
    """A map as the editor shows it: every problem, and the map to draw."""

    problems: list[Problem]
    preview: GameMap

    @property
    def refusal(self) -> Problem | None:
        """The first problem that keeps the map from being written at all, if any."""
        return next((p for p in self.problems if not p.loadable), None)


def _problem(error: MapError) -> Problem:
    return Problem(str(error), error.detail, error.cells, unit=error.unit)


def check(data: dict[str, Any], source: str) -> Checked:
    """Every reason the game would refuse this map, the loader's first, then each team without
    units; the preview leaves out the units standing where none may.

    MapError when there is no map to draw even so (no grid of known tiles, a malformed unit or
    property): the editor opens only what it can show."""
    errors = map_problems(data, source)
    misplaced = {e.unit for e in errors if e.unit is not None}
    preview = parse_map(_without(data, misplaced) if misplaced else data, source)
    problems = [_problem(e) for e in errors]
    for team in teams_without_units(preview):
        problems.append(_no_units(preview, team, source))
    return Checked(problems, preview)


def _without(data: dict[str, Any], units: set[int]) -> dict[str, Any]:
    """The map without these units (indices into its `units` array)."""
    return {**data, "units": [u for i, u in enumerate(data["units"]) if i not in units]}


def _no_units(gm: GameMap, team: str, source: str) -> Problem:
    detail = _("Team {team} ({name}) has no units, so no game can start").format(
        team=team, name=gm.teams[team].name)
    return Problem(f"{source}: {detail}", detail, loadable=True, team=team)


def find_problem(data: dict[str, Any], source: str) -> Problem | None:
    """The problem Save reports: the first that keeps the map from being written, else the
    first that makes it a draft, else None (the game will play it)."""
    checked = check(data, source)
    return checked.refusal or next(iter(checked.problems), None)


def preview_map(data: dict[str, Any], source: str) -> GameMap:
    """The map to draw: the loader's view, without the units standing where none may (its team
    colours and every other key kept)."""
    return check(data, source).preview
