"""Mirror and rotation symmetry of a map, with the two teams (and their bases) swapped."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from laser_flag.engine.game_map import Pos, other_team
from laser_flag.engine.symmetry import (
    LEFT_RIGHT,
    ROTATE,
    SYMMETRIES,
    TOP_BOTTOM,
    image_fn,
    swapped_tile,
)
from laser_flag.i18n import N_

from .document import MapDocument, UnitRow, unit_entries

# What "keep the first half" copies, per symmetry, for menus and tooltips.
FIRST_HALF = {LEFT_RIGHT: N_("left"), TOP_BOTTOM: N_("top"), ROTATE: N_("top")}
SECOND_HALF = {LEFT_RIGHT: N_("right"), TOP_BOTTOM: N_("bottom"), ROTATE: N_("bottom")}


def _unit_image(unit: UnitRow, image: Callable[[Pos], Pos]) -> UnitRow:
    return UnitRow(other_team(unit.team), unit.unit_class, *image(unit.pos))


def has_symmetry(doc: MapDocument, symmetry: str) -> bool:
    """Whether the map equals its own image with teams swapped: same tiles, same units."""
    image = image_fn(symmetry, doc.rows, doc.cols)
    for r, row in enumerate(doc.tiles):
        for c, kind in enumerate(row):
            ir, ic = image((r, c))
            if doc.tiles[ir][ic] != swapped_tile(kind):
                return False
    units = sorted(doc.unit_rows)
    return units == sorted(_unit_image(u, image) for u in units)


def symmetries(doc: MapDocument) -> list[str]:
    """The symmetries the map has now, for the live indicator."""
    return [s for s in SYMMETRIES if has_symmetry(doc, s)]


def mirrored(doc: MapDocument, symmetry: str, keep_first: bool = True) -> dict[str, Any]:
    """New tiles and units: the kept half copied onto the other half, its teams swapped.

    A tile is on the first half when it comes before its image in reading order, so
    one rule covers all three symmetries; tiles that are their own image stay as they are.
    """
    image = image_fn(symmetry, doc.rows, doc.cols)

    def kept(pos: Pos) -> bool:
        return pos < image(pos) if keep_first else pos > image(pos)

    tiles = copy.deepcopy(doc.tiles)
    for r in range(doc.rows):
        for c in range(doc.cols):
            if kept((r, c)):
                ir, ic = image((r, c))
                tiles[ir][ic] = swapped_tile(doc.tiles[r][c])
    stay = [u for u in doc.unit_rows if kept(u.pos) or image(u.pos) == u.pos]
    copies = [_unit_image(u, image) for u in stay if kept(u.pos)]
    return {"tiles": tiles, "units": unit_entries(stay + copies)}
