"""A private Xvfb display and an editor window for the editor's window tests (skipped without
Xvfb or xdotool)."""

from __future__ import annotations

import contextlib
import os
import tkinter as tk
from collections.abc import Iterator

import pytest

from laser_flag.engine.game_map import WALL
from laser_flag.engine.mapfile import write_json_atomic
from map_editor.document import MapDocument
from map_editor.storage import new_map_data
from map_editor.window import EditorWindow
from tests.xserver import missing_tools, private_display

from .helpers import blank
from .xdo import find_window, wait_for


@pytest.fixture(scope="session")
def xvfb() -> Iterator[str]:
    """DISPLAY of a fresh virtual screen, set in os.environ for the session."""
    missing = missing_tools()
    if missing:
        pytest.skip(f"window tests need {' and '.join(missing)} (apt-get install xvfb xdotool)")
    old = os.environ.get("DISPLAY")
    with private_display() as display:
        os.environ["DISPLAY"] = display
        try:
            yield display
        finally:
            if old is None:
                os.environ.pop("DISPLAY", None)
            else:
                os.environ["DISPLAY"] = old


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
