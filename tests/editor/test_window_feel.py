"""The editor as a player meets it, in the real window under Xvfb: the keyboard reaches it from
the start (nothing clicked, no menu opened); the window keeps its height as the Problems list
empties; a map without a name is saved named after its file, and the status line says so."""

from __future__ import annotations

import re

import pytest

from laser_flag.engine.mapfile import load_map, write_json_atomic
from map_editor import window as editor_window
from map_editor.window import APP_NAME

from .helpers import blank
from .xdo import click, find_window, key, pump, row_on_screen, tile_on_screen, wait_for, xdotool

pytestmark = pytest.mark.slow  # a real Tk window on an X server


def test_ctrl_n_works_before_anything_was_clicked_or_opened(editor, monkeypatch):
    asked: list[bool] = []
    monkeypatch.setattr(editor_window, "ask_new_size", lambda parent: asked.append(True))
    find_window("^" + re.escape(f"untitled - {APP_NAME}"), editor.root)
    root = editor.root
    xdotool("mousemove", str(root.winfo_screenwidth() - 1), str(root.winfo_screenheight() - 1))
    pump(root)
    xdotool("key", "ctrl+n")  # to whichever window has the keyboard: no focus given by hand
    wait_for(root, lambda: asked, what="the New map dialog asked for")


def test_the_window_keeps_its_height_when_the_problems_list_empties(editor):
    root = editor.root
    window = find_window("untitled", root)
    assert [where for where, _ in editor.problems.rows] == ["Team 1", "Team 2"]
    root.update_idletasks()
    height, board = root.winfo_height(), editor.board.winfo_height()
    click(root, row_on_screen(editor.problems.tree, "1"))  # the Unit tool, for team 2
    click(root, tile_on_screen(editor, (9, 9)))
    key(root, window, "t")
    click(root, tile_on_screen(editor, (1, 1)))
    wait_for(root, lambda: editor.problems.rows == [], what="a playable map")
    root.update_idletasks()
    pump(root)
    assert (root.winfo_height(), editor.board.winfo_height()) == (height, board)


def test_a_map_without_a_name_is_saved_named_after_its_file_and_says_so(editor, tmp_path):
    root = editor.root
    data = blank(units=[["1", "scout", 0, 0], ["2", "grunt", 10, 10]]).data
    data["name"] = "  "
    path = tmp_path / "my_arena.json"
    write_json_atomic(path, data)
    assert editor.open_path(path)
    window = find_window("my_arena.json", root)
    key(root, window, "ctrl+s")
    wait_for(root, lambda: load_map(path).name == "My arena", what="the map saved, named")
    assert editor.status.cget("text").endswith(
        "it had no name, so it is named 'My arena' after the file (Map > Properties renames it)")
    assert not editor.doc.modified and editor.doc.data["name"] == "My arena"
    key(root, window, "ctrl+z")  # the naming is an edit like any other
    wait_for(root, lambda: editor.doc.data["name"] == "  ", what="the name taken back")
