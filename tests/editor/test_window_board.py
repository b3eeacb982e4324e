"""The board in the real window under Xvfb: row and column numbers counted as the game and the
status bar count them, and tiles that follow the window's size without losing the pointer."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from laser_flag.engine.game_map import WALL
from laser_flag.engine.mapfile import write_json_atomic
from map_editor.board_view import LABEL_COLOUR, LABEL_HOVER, tile_px_for
from tests.waits import wait_until
from tests.xserver import private_display

from .helpers import blank
from .xdo import click, find_window, hover, tile_on_screen, wait_for, xdotool

pytestmark = pytest.mark.slow  # a real Tk window on an X server


@pytest.fixture
def wide(editor, tmp_path):
    """The editor on a 12-row, 17-column map; its window id."""
    path = tmp_path / "wide.json"
    write_json_atomic(path, blank(12, 17, units=[["1", "scout", 0, 0], ["2", "grunt", 11, 16]]
                                  ).data)
    assert editor.open_path(path)
    return editor, find_window("wide.json", editor.root)


def _fill(editor, kind: str) -> tuple[list[str], list[str]]:
    """The row and column numbers drawn in `kind` (normal or highlighted) colour."""
    board = editor.board
    rows, cols = board.number_texts()
    return ([r for i, r in enumerate(rows) if board.itemcget(f"row{i}", "fill") == kind],
            [c for i, c in enumerate(cols) if board.itemcget(f"col{i}", "fill") == kind])


def test_the_numbers_count_rows_and_columns_from_0_and_follow_the_pointer(wide):
    editor, _ = wide
    root, board = editor.root, editor.board
    assert board.number_texts() == ([str(r) for r in range(12)], [str(c) for c in range(17)])
    for r in range(12):  # each row number sits beside its row, each column number above
        x, y = board.coords(board.find_withtag(f"row{r}")[0])
        assert x < board.origin[0] and y == board.tile_centre((r, 0))[1]
    for c in range(17):
        x, y = board.coords(board.find_withtag(f"col{c}")[0])
        assert y < board.origin[1] and x == board.tile_centre((0, c))[0]
    hover(root, tile_on_screen(editor, (3, 14)))
    wait_for(root, lambda: _fill(editor, LABEL_HOVER) == (["3"], ["14"]),
             what="row 3 and column 14 highlighted")
    assert editor.hover.cget("text") == "row 3, column 14: Floor"  # the same numbers
    hover(root, tile_on_screen(editor, (11, 16)))
    wait_for(root, lambda: _fill(editor, LABEL_HOVER) == (["11"], ["16"]),
             what="the highlight following the pointer")
    assert len(_fill(editor, LABEL_COLOUR)[0]) == 11
    assert editor.hover.cget("text") == "row 11, column 16: Floor, Team 2 Grunt"


def test_the_tiles_follow_the_window_and_clicks_still_land_on_their_tile(wide):
    editor, window = wide
    root, board = editor.root, editor.board
    before = board.tile_px
    xdotool("windowsize", "--sync", str(window), "1300", "950")
    wait_for(root, lambda: board.tile_px > before, what="bigger tiles in a bigger window")
    width, height = board.winfo_width(), board.winfo_height()
    assert board.tile_px == tile_px_for(width, height, 12, 17)
    click(root, tile_on_screen(editor, (5, 9)))
    wait_for(root, lambda: editor.doc.tiles[5][9] == WALL, what="the wall painted")
    bigger = board.tile_px
    xdotool("windowsize", "--sync", str(window), "800", "560")
    wait_for(root, lambda: board.tile_px < bigger, what="smaller tiles in a smaller window")
    click(root, tile_on_screen(editor, (6, 2)))
    wait_for(root, lambda: editor.doc.tiles[6][2] == WALL, what="the second wall painted")
    walls = {(r, c) for r, row in enumerate(editor.doc.tiles) for c, k in enumerate(row)
             if k == WALL}
    assert walls == {(5, 9), (6, 2)}


def _geometry(display: str, window: str) -> tuple[int, int]:
    out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], check=True,
                         capture_output=True, text=True, env={**os.environ, "DISPLAY": display},
                         timeout=20).stdout
    values = dict(line.split("=") for line in out.split())
    return int(values["WIDTH"]), int(values["HEIGHT"])


def _search(display: str, name: str) -> list[str]:
    return subprocess.run(["xdotool", "search", "--name", name], capture_output=True, text=True,
                          env={**os.environ, "DISPLAY": display}, timeout=20).stdout.split()


def test_the_editor_fits_a_900x600_screen_with_the_heatmap_legend_shown(xvfb, tmp_path):
    crossfire = Path(__file__).resolve().parents[2] / "maps" / "crossfire.json"
    with private_display("900x600x24") as display:
        env = {**os.environ, "DISPLAY": display}
        editor = subprocess.Popen([sys.executable, "-m", "map_editor", str(crossfire)], env=env)
        try:
            window = wait_until(lambda: _search(display, "crossfire.json"), "the editor", 60)[0]
            width, height = wait_until(lambda: _geometry(display, window), "its size", 20)
            assert width <= 900 and height <= 600
            subprocess.run(["xdotool", "windowfocus", "--sync", window, "key", "h"], env=env,
                           check=True, timeout=20)
            wait_until(lambda: _geometry(display, window) != (width, height) or None,
                       "the legend to change the layout", 60)
            width, height = _geometry(display, window)
            assert width <= 900 and height <= 600
        finally:
            editor.terminate()
            editor.wait(timeout=20)
