"""An editor window for the editor's window tests, on the test process's X server (`xvfb`)."""

from __future__ import annotations

import contextlib
import tkinter as tk
from collections.abc import Iterator

import pytest

from laser_flag.engine.game_map import WALL
from laser_flag.engine.mapfile import write_json_atomic
from map_editor.document import MapDocument
from map_editor.storage import new_map_data
from map_editor.window import EditorWindow

from .helpers import blank
from .xdo import find_window, wait_for


@pytest.fixture
def editor(xvfb: str) -> Iterator[EditorWindow]:
    root = tk.Tk()
    window = EditorWindow(root, MapDocument(new_map_data(11, 11)))
    wait_for(root, root.winfo_viewable, what="the editor window on screen")
    yield window
    with contextlib.suppress(tk.TclError):  # already destroyed by a test that closed it
        root.destroy()


@pytest.fixture
def shown(editor: EditorWindow, tmp_path) -> tuple[EditorWindow, int]:
    """The editor on an 11x11 map with a wall across row 6 and two units; its window id."""
    data = blank(units=[["1", "scout", 0, 3], ["2", "sniper", 4, 7]]).data
    for c in range(2, 9):
        data["tiles"][6][c] = WALL
    path = tmp_path / "walled.json"
    write_json_atomic(path, data)
    assert editor.open_path(path)
    return editor, find_window("walled.json", editor.root)
