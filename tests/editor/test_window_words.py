"""The real editor window under Xvfb: the heatmap's legend and hover counts, the Sight tool
refusing a wall, and the status bar in the game's words."""

from __future__ import annotations

from tkinter import ttk

import pytest

from laser_flag.engine.game_map import WALL
from map_editor.overlays import exposure, frozen, heat_bands
from map_editor.pointer import LOS, UNIT

from .test_fog_property import widget
from .xdo import (
    centre_of,
    click,
    drag,
    hover,
    key,
    tile_on_screen,
    wait_for,
    xdotool,
)

pytestmark = pytest.mark.slow  # a real Tk window on an X server


def _texts_over_tiles(board) -> list[str]:
    """The canvas texts that overlap the tiles (the row and column numbers stay beside them)."""
    x0, y0 = board.origin
    rows, cols = len(board.number_texts()[0]), len(board.number_texts()[1])
    x1, y1 = x0 + cols * board.tile_px, y0 + rows * board.tile_px
    over = board.find_overlapping(x0 + 1, y0 + 1, x1 - 1, y1 - 1)
    return [board.itemcget(i, "text") for i in over if board.type(i) == "text"]


def test_the_heatmap_has_a_legend_and_counts_only_on_hover(shown):
    editor, window = shown
    root = editor.root
    assert not editor.info.legend.winfo_ismapped()
    key(root, window, "h")
    wait_for(root, editor.info.legend.winfo_ismapped, what="the heatmap's legend")
    heat = exposure(frozen(editor.doc.tiles))
    bands = heat_bands(heat)
    labels = [text for _, text in editor.info.legend.rows]
    assert labels == [b.counts() for b in reversed(bands)]  # most exposed first
    assert editor.info.legend.cget("text") == "Exposure: seen from N tiles"
    assert labels[0].endswith(f"-{max(heat.values())}")
    assert labels[-1].startswith(f"{min(heat.values())}")
    assert _texts_over_tiles(editor.board) == []  # no number covers a unit
    hover(root, tile_on_screen(editor, (0, 3)))
    expected = f"row 0, column 3: Floor, Team 1 Scout, seen from {heat[(0, 3)]} tiles"
    wait_for(root, lambda: editor.hover.cget("text") == expected, what=expected)
    click(root, tile_on_screen(editor, (3, 5)))  # the brush paints a wall: new counts
    wait_for(root, lambda: editor.doc.tiles[3][5] == WALL, what="the wall painted")
    after = heat_bands(exposure(frozen(editor.doc.tiles)))
    assert after != bands
    wait_for(root, lambda: editor.info.legend.rows[0][1] == after[-1].counts(),
             what="the legend to follow the edit")
    key(root, window, "h")
    wait_for(root, lambda: not editor.info.legend.winfo_ismapped(), what="the legend gone")


def _use_tool(editor, window: int, key_name: str, tool: str) -> None:
    key(editor.root, window, key_name)
    wait_for(editor.root, lambda: editor.pointer.tool == tool, what=f"the {tool} tool")


def _status_reads(editor, text: str) -> None:
    wait_for(editor.root, lambda: editor.status.cget("text") == text, what=text)


def test_the_sight_tool_refuses_a_wall_with_a_reason(shown):
    editor, window = shown
    _use_tool(editor, window, "l", LOS)
    click(editor.root, tile_on_screen(editor, (6, 4)))
    _status_reads(editor, "No sight from row 6, column 4: it is a wall, and units cannot stand "
                          "there")
    assert editor.pointer.los_origin is None
    click(editor.root, tile_on_screen(editor, (8, 4)))
    _status_reads(editor, "Showing what row 8, column 4 can see")
    assert editor.pointer.los_origin == (8, 4)


def test_selecting_and_deleting_a_unit_names_it_as_the_game_does(shown):
    editor, window = shown
    _use_tool(editor, window, "u", UNIT)
    click(editor.root, tile_on_screen(editor, (4, 7)))
    _status_reads(editor, "Team 2 Sniper at row 4, column 7: drag to move it")
    assert editor.info.unit_label.cget("text") == "Team 2 Sniper at row 4, column 7"
    key(editor.root, window, "Delete")
    _status_reads(editor, "Deleted Team 2 Sniper at row 4, column 7")
    assert editor.doc.units == [["1", "scout", 0, 3]]


def test_the_status_and_hover_bars_follow_a_unit_changing_class_and_team(shown):
    editor, window = shown
    root = editor.root
    _use_tool(editor, window, "u", UNIT)
    click(root, tile_on_screen(editor, (4, 7)))
    _status_reads(editor, "Team 2 Sniper at row 4, column 7: drag to move it")
    assert editor.hover.cget("text") == "row 4, column 7: Floor, Team 2 Sniper"
    click(root, centre_of(editor.info.unit_class))  # opens the class list
    xdotool("key", "Down", "Return")  # Sniper -> Grunt
    _status_reads(editor, "Team 2 Sniper at row 4, column 7 is now a Team 2 Grunt "
                          "(Ctrl+Z undoes)")
    assert editor.hover.cget("text") == "row 4, column 7: Floor, Team 2 Grunt"
    assert editor.info.unit_label.cget("text") == "Team 2 Grunt at row 4, column 7"
    click(root, centre_of(widget(editor.info.unit_box, ttk.Radiobutton, "Team 1")))
    _status_reads(editor, "Team 2 Grunt at row 4, column 7 is now a Team 1 Grunt "
                          "(Ctrl+Z undoes)")
    key(root, window, "ctrl+z")
    _status_reads(editor, "Undid: Change unit")
    assert editor.info.unit_label.cget("text") == "Team 2 Grunt at row 4, column 7"


def test_a_stroke_says_what_it_painted(shown):
    editor, window = shown
    root = editor.root
    drag(root, tile_on_screen(editor, (8, 1)), tile_on_screen(editor, (8, 4)))
    _status_reads(editor, "Painted Wall on 4 tiles")
    hover(root, tile_on_screen(editor, (8, 2)))
    wait_for(root, lambda: editor.hover.cget("text") == "row 8, column 2: Wall",
             what="the hover bar on the new wall")
