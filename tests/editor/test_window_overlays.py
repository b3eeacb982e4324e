"""One overlay at a time, each with its legend, in the real window under Xvfb: the Sight tool's
view, the exposure heatmap and the Balance panel's hit map replace each other; Hide and Esc
take the one shown away."""

from __future__ import annotations

from tkinter import ttk

import pytest

from map_editor.balance_run import FIRED_FROM
from map_editor.overlay_choice import EXPOSURE, HITS, SIGHT
from map_editor.overlays import exposure, frozen, sight
from map_editor.render import Overlays, board_surface

from .test_fog_property import widget
from .xdo import centre_of, click, key, tile_on_screen, wait_for

pytestmark = pytest.mark.slow  # a real Tk window on an X server


def _pixel(editor, pos: tuple[int, int]) -> tuple[int, int, int]:
    """The colour drawn near a tile's top-left corner (away from any unit)."""
    x, y = editor.board.tile_centre(pos)
    offset = editor.board.tile_px // 2 - 3
    r, g, b = editor.board._photo.get(x - editor.board.origin[0] - offset,
                                      y - editor.board.origin[1] - offset)
    return r, g, b


def _expected(editor, pos, overlays: Overlays) -> tuple[int, int, int]:
    px = editor.board.tile_px
    surface = board_surface(editor.checked.preview, px, False, overlays)
    return tuple(surface.get_at((pos[1] * px + 3, pos[0] * px + 3)))[:3]


def _legend_title(editor) -> str:
    return editor.info.legend.cget("text") if editor.info.legend.winfo_ismapped() else ""


def test_each_overlay_replaces_the_one_shown_and_brings_its_own_legend(shown):
    editor, window = shown
    root, tiles = editor.root, frozen(editor.doc.tiles)
    key(root, window, "h")
    wait_for(root, lambda: _legend_title(editor) == "Exposure: seen from N tiles",
             what="the heatmap's legend")
    heat_only = Overlays(heat=exposure(tiles))
    assert _pixel(editor, (9, 5)) == _expected(editor, (9, 5), heat_only)

    key(root, window, "l")
    click(root, tile_on_screen(editor, (8, 4)))
    wait_for(root, lambda: _legend_title(editor) == "Sight from row 8, column 4",
             what="the Sight overlay's legend in place of the heatmap's")
    assert editor.overlay.shown() == SIGHT
    sight_only = Overlays(sight=sight(tiles, (8, 4)))
    for pos in ((9, 5), (2, 5), (6, 4)):  # seen, hidden behind the wall row, the wall
        assert _pixel(editor, pos) == _expected(editor, pos, sight_only)
    assert [text for _, text in editor.info.legend.rows] == ["in its line of sight",
                                                            "out of its sight"]

    editor.show_hits(FIRED_FROM, {(9, 5): 3, (2, 5): 1})  # as the Balance panel hands it over
    wait_for(root, lambda: _legend_title(editor).startswith("Hit map"), what="the hit map")
    assert editor.overlay.shown() == HITS and editor.pointer.los_origin is None
    assert _pixel(editor, (9, 5)) == _expected(editor, (9, 5),
                                               Overlays(heat={(9, 5): 3, (2, 5): 1}))

    key(root, window, "h")
    wait_for(root, lambda: editor.overlay.shown() == EXPOSURE, what="the heatmap again")
    editor.show_hits(FIRED_FROM, {(9, 5): 4, (2, 5): 1})  # another game finished meanwhile
    assert editor.overlay.shown() == EXPOSURE  # the designer's choice stays
    click(root, centre_of(widget(editor.info.legend, ttk.Button, "Hide")))
    wait_for(root, lambda: _legend_title(editor) == "", what="the legend gone with Hide")
    assert editor.overlay.shown() is None
    assert _pixel(editor, (9, 5)) == _expected(editor, (9, 5), Overlays())

    key(root, window, "h")
    wait_for(root, lambda: editor.overlay.shown() == EXPOSURE, what="the heatmap")
    key(root, window, "Escape")
    wait_for(root, lambda: _legend_title(editor) == "", what="the legend gone with Esc")
    assert editor.status.cget("text") == "Overlay hidden"
