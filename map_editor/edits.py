"""Map edits as pure functions: the new `tiles` / `units` values an editor action produces."""

from __future__ import annotations

import copy

from laser_flag.engine.game_map import WALL, Pos
from laser_flag.i18n import _

from .document import MapDocument, UnitEntry, UnitRow, unit_entries
from .words import place, unit_at


class EditRefused(ValueError):
    """An edit the map cannot take; the message says why, for the status bar."""


def brush_cells(doc: MapDocument, centre: Pos, size: int) -> list[Pos]:
    """The square of `size` tiles around `centre` (even sizes extend down and right), clipped."""
    start = (centre[0] - (size - 1) // 2, centre[1] - (size - 1) // 2)
    cells = [(start[0] + dr, start[1] + dc) for dr in range(size) for dc in range(size)]
    return [p for p in cells if doc.in_bounds(p)]


def rect_cells(a: Pos, b: Pos) -> list[Pos]:
    """Every tile of the rectangle with corners `a` and `b`."""
    rows = range(min(a[0], b[0]), max(a[0], b[0]) + 1)
    cols = range(min(a[1], b[1]), max(a[1], b[1]) + 1)
    return [(r, c) for r in rows for c in cols]


def painted(doc: MapDocument, cells: list[Pos], kind: str) -> dict[str, list]:
    """Tiles with `cells` set to `kind`; a wall painted under a unit removes that unit."""
    tiles = copy.deepcopy(doc.tiles)
    for r, c in cells:
        tiles[r][c] = kind
    values: dict[str, list] = {"tiles": tiles}
    if kind == WALL:
        walled = set(cells)
        kept = [u for u in doc.unit_rows if u.pos not in walled]
        if len(kept) != len(doc.units):
            values["units"] = unit_entries(kept)
    return values


def _free(doc: MapDocument, pos: Pos, moving: int | None = None) -> None:
    if not doc.in_bounds(pos):
        raise EditRefused(_("{place} is outside the map").format(place=place(pos)))
    if doc.tile(pos) == WALL:
        raise EditRefused(_("{place} is a wall, and units cannot stand on walls").format(
            place=place(pos)))
    other = doc.unit_at(pos)
    if other is not None and other != moving:
        raise EditRefused(_("{unit_at} stands there").format(unit_at=unit_at(doc.unit_rows[other])))


def with_unit_placed(doc: MapDocument, team: str, unit_class: str, pos: Pos) -> list[UnitEntry]:
    _free(doc, pos)
    return unit_entries([*doc.unit_rows, UnitRow(team, unit_class, *pos)])


def with_unit_moved(doc: MapDocument, index: int, pos: Pos) -> list[UnitEntry]:
    _free(doc, pos, moving=index)
    rows = doc.unit_rows
    rows[index] = rows[index]._replace(row=pos[0], col=pos[1])
    return unit_entries(rows)


def with_unit_changed(
    doc: MapDocument, index: int, team: str, unit_class: str
) -> list[UnitEntry]:
    rows = doc.unit_rows
    rows[index] = rows[index]._replace(team=team, unit_class=unit_class)
    return unit_entries(rows)


def without_unit(doc: MapDocument, index: int) -> list[UnitEntry]:
    rows = doc.unit_rows
    del rows[index]
    return unit_entries(rows)
