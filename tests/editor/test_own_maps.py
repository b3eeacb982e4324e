"""The editor and the player's maps folder, in a real Tk window: bundled maps saved as copies."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from laser_flag.engine.game_map import LEVEL, WALL
from laser_flag.resources import bundled_maps
from map_editor import window as window_module
from map_editor.document import MapDocument
from map_editor.edits import painted
from map_editor.window import APP_NAME, EditorWindow

from .xdo import find_window, key, wait_for

pytestmark = pytest.mark.slow  # a real Tk window on an X server

DUEL = bundled_maps() / "duel.json"



def _window_of(editor: EditorWindow, name: str) -> int:
    return find_window("^" + re.escape(f"{name} - {APP_NAME}") + "$", editor.root)


def floor_tiles(doc: MapDocument) -> list[tuple[int, int]]:
    """The open floor of a map, where painting a wall changes it."""
    return [(r, c) for r in range(doc.rows) for c in range(doc.cols) if doc.tile((r, c)) == LEVEL]


def test_a_bundled_map_is_saved_as_a_copy_in_the_players_folder(editor, data_dir):
    before = DUEL.read_bytes()
    assert editor.open_path(DUEL)
    assert "ships with the game" in editor.status.cget("text")
    floor = floor_tiles(editor.doc)
    editor.doc.history.change("paint", painted(editor.doc, [floor[0]], WALL))
    editor.refresh()
    key(editor.root, _window_of(editor, "duel.json*"), "ctrl+s")
    copy = data_dir / "maps" / "duel.json"
    wait_for(editor.root, lambda: not editor.doc.modified, what="the save")
    assert DUEL.read_bytes() == before  # the bundled file is never written
    row, col = floor[0]
    assert json.loads(copy.read_text(encoding="utf-8"))["tiles"][row][col] == WALL
    assert editor.doc.path == copy
    status = editor.status.cget("text")
    assert "saved as your copy" in status and str(copy) in status
    editor.doc.history.change("paint", painted(editor.doc, [floor[1]], WALL))
    assert editor.save()  # from now on the copy is the map being edited
    assert sorted(p.name for p in copy.parent.iterdir()) == ["duel.json", "duel.json.bak"]

    assert editor.open_path(DUEL)  # a second copy of the same bundled map takes a new name
    assert editor.save()
    assert editor.doc.path == data_dir / "maps" / "duel-2.json"


def test_a_new_map_is_saved_as_from_the_players_folder(editor, data_dir, monkeypatch):
    asked: dict[str, str] = {}

    def ask(**options: str) -> str:
        asked.update(options)
        return str(Path(options["initialdir"]) / "mine.json")

    monkeypatch.setattr(window_module.filedialog, "asksaveasfilename", ask)
    editor.doc.history.change("units", {"units": [["1", "scout", 0, 0], ["2", "grunt", 10, 10]]})
    assert editor.save()  # an untitled map: Save asks where, starting in the player's folder
    assert asked["initialdir"] == str(data_dir / "maps")
    assert (data_dir / "maps" / "mine.json").is_file() and editor.doc.path.name == "mine.json"
