"""Play-test (F5): the editor saves the map and the real game opens on it."""

from __future__ import annotations

import json
import re
import tkinter as tk
from pathlib import Path

import pytest

from laser_flag.engine.mapfile import write_json_atomic
from laser_flag.ui.version import window_title
from map_editor.document import MapDocument
from map_editor.edits import painted
from map_editor.storage import new_map_data
from map_editor.window import APP_NAME, EditorWindow

from .xdo import find_window, key, search, wait_for, window_name

pytestmark = pytest.mark.slow  # a real Tk window on an X server, and the game started from it

UNITS = [["1", "scout", 0, 0], ["2", "grunt", 10, 10]]


def game_windows(pid: int) -> list[int]:
    """The visible windows of process `pid` titled like the game (SDL's titles are not found by
    --name; the X server is shared with other tests, so the process id says whose)."""
    found = search("--onlyvisible", "--pid", str(pid))
    return [w for w in found if window_name(w) == window_title()]


def test_f5_saves_the_edit_and_starts_the_game_on_the_map(xvfb: str, tmp_path: Path,
                                                           monkeypatch):
    # The editor draws off-screen with SDL's dummy driver; the game it starts must not.
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    path = tmp_path / "trial.json"
    write_json_atomic(path, {**new_map_data(11, 11), "units": UNITS})
    root = tk.Tk()
    window = EditorWindow(root, MapDocument(new_map_data(11, 11)))
    try:
        assert window.open_path(path)
        window.doc.history.change("paint", painted(window.doc, [(5, 5)], "wall"))
        editor_id = find_window("^" + re.escape(f"{path.name} - {APP_NAME}"), root)
        key(root, editor_id, "F5")
        wait_for(root, lambda: window.play_process is not None)
        wait_for(root, lambda: game_windows(window.play_process.pid), timeout=30)
        assert window.play_process.poll() is None, "the game is running"
        assert window.play_process.args[-1] == str(path)
        assert "--play-test" in window.play_process.args  # not offered as a saved game
        saved = json.loads(path.read_text())
        assert saved["units"] == UNITS and saved["tiles"][5][5] == "wall"
    finally:
        if window.play_process is not None:
            window.play_process.kill()
            window.play_process.wait()
        root.destroy()
