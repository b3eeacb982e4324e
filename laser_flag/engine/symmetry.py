"""A map's symmetries with the two teams swapped: where each tile goes, and what it becomes.

The editor's symmetry tools and the map generator share these: a map equal to its own image
(tiles and units, teams swapped) plays the same from either side but for who moves first.
"""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import N_
from .game_map import BASE_1, BASE_2, Pos

# Keys of the editor's commands, and words of its menus and panel: translated where shown.
LEFT_RIGHT, TOP_BOTTOM, ROTATE = N_("left-right"), N_("top-bottom"), N_("rotate 180°")
SYMMETRIES = (LEFT_RIGHT, TOP_BOTTOM, ROTATE)

_SWAPPED_TILE = {BASE_1: BASE_2, BASE_2: BASE_1}


def image_fn(symmetry: str, rows: int, cols: int) -> Callable[[Pos], Pos]:
    """Where each tile goes under `symmetry` on a rows x cols board."""
    flip_r = symmetry in (TOP_BOTTOM, ROTATE)
    flip_c = symmetry in (LEFT_RIGHT, ROTATE)

    def image(pos: Pos) -> Pos:
        return (rows - 1 - pos[0] if flip_r else pos[0], cols - 1 - pos[1] if flip_c else pos[1])

    return image


def swapped_tile(kind: str) -> str:
    """The tile the other team sees: base_1 and base_2 trade places."""
    return _SWAPPED_TILE.get(kind, kind)
