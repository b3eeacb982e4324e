"""The real editor window under Xvfb, driven by xdotool clicks, drags and keys."""

from __future__ import annotations

import json
import re
import shutil
import tkinter as tk
from pathlib import Path

import pytest

from laser_flag.engine.game_map import LEVEL, WALL
from laser_flag.engine.mapfile import load_map, write_json_atomic
from map_editor.commands import name_from_file
from map_editor.pointer import UNIT
from map_editor.storage import new_map_data
from map_editor.window import APP_NAME, EditorWindow

from .xdo import (
    answer_dialog,
    click,
    drag,
    find_window,
    key,
    tile_on_screen,
    wait_for,
    wm_close,
)

pytestmark = pytest.mark.slow  # a real Tk window on an X server

ROOT = Path(__file__).resolve().parents[2]
ORIGINAL_FORMAT = ROOT / "tests" / "data" / "original_format.txt"
UNITS = [["1", "scout", 0, 0], ["2", "grunt", 10, 10]]



def _title(name: str) -> str:
    """The exact window title for `name`, as an xdotool search pattern."""
    return "^" + re.escape(f"{name} - {APP_NAME}") + "$"


def _open(window: EditorWindow, path: Path) -> int:
    assert window.open_path(path)
    return find_window(_title(path.name), window.root)


@pytest.fixture
def small_map(tmp_path: Path) -> Path:
    path = tmp_path / "small.json"
    write_json_atomic(path, {**new_map_data(11, 11), "units": UNITS, "extra": [1, 2]})
    return path


def test_paint_place_undo_and_save_with_real_input(editor, small_map):
    win = _open(editor, small_map)
    root, doc = editor.root, editor.doc
    click(root, tile_on_screen(editor, (2, 2)))  # brush, wall: the defaults
    wait_for(root, lambda: doc.tiles[2][2] == WALL)
    drag(root, tile_on_screen(editor, (4, 1)), tile_on_screen(editor, (4, 5)))
    wait_for(root, lambda: doc.tiles[4][5] == WALL)
    key(root, win, "u")
    wait_for(root, lambda: editor.pointer.tool == UNIT)
    click(root, tile_on_screen(editor, (7, 7)))
    click(root, tile_on_screen(editor, (8, 8)))
    wait_for(root, lambda: len(doc.units) == 4)
    key(root, win, "ctrl+z")  # takes back the second unit only
    wait_for(root, lambda: len(doc.units) == 3)
    assert find_window(_title("small.json*"))
    key(root, win, "ctrl+s")
    wait_for(root, lambda: not doc.modified)
    gm = load_map(small_map)
    walls = {p for p in gm.positions() if gm.kind(p) == WALL}
    assert walls == {(2, 2), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5)}
    assert {gm.kind(p) for p in gm.positions()} == {LEVEL, WALL}
    assert [(u.team, u.unit_class, u.pos) for u in gm.units] == [
        ("1", "scout", (0, 0)), ("2", "grunt", (10, 10)), ("1", "basic", (7, 7))]
    assert json.loads(small_map.read_text())["extra"] == [1, 2]
    assert small_map.with_name("small.json.bak").exists()
    assert find_window(_title("small.json"))


def _bundled() -> list[Path]:
    return [*sorted((ROOT / "maps").glob("*.json")), ORIGINAL_FORMAT]


def test_every_bundled_and_original_map_saves_unchanged(editor, tmp_path):
    maps = [p for p in _bundled() if p.exists()]
    assert len(maps) >= 2
    for source in maps:
        copy = tmp_path / source.name
        shutil.copyfile(source, copy)
        win = _open(editor, copy)
        key(editor.root, win, "ctrl+s")
        wait_for(editor.root, copy.with_name(copy.name + ".bak").exists)
        assert copy.with_name(copy.name + ".bak").exists(), source.name
        expected = json.loads(source.read_text())
        if not expected.get("name", "").strip():  # named after its file, and told so
            expected["name"] = name_from_file(copy)
        assert json.loads(copy.read_text()) == expected, source.name


def test_closing_with_an_unsaved_edit_asks_and_cancel_keeps_it(editor, small_map):
    win = _open(editor, small_map)
    click(editor.root, tile_on_screen(editor, (3, 3)))
    wait_for(editor.root, lambda: editor.doc.tiles[3][3] == WALL)
    answer = answer_dialog("Unsaved changes", "Escape")
    wm_close(win)
    wait_for(editor.root, lambda: not answer.is_alive(), 30, "the dialog to be answered")
    assert answer.found
    assert editor.root.winfo_exists()
    assert editor.doc.modified and editor.doc.tiles[3][3] == WALL
    assert load_map(small_map).tile(3, 3) == LEVEL  # nothing written either

    answer = answer_dialog("Unsaved changes", "d")  # Discard closes the window
    wm_close(win)
    wait_for(editor.root, lambda: _destroyed(editor.root), 30, "the window to close")
    answer.join(timeout=15)
    assert answer.found
    with pytest.raises(tk.TclError, match="destroyed"):
        editor.root.winfo_exists()
    assert load_map(small_map).tile(3, 3) == LEVEL


def _destroyed(root: tk.Tk) -> bool:
    try:
        root.winfo_exists()
    except tk.TclError:
        return True
    return False


def test_a_refused_save_marks_the_place_and_writes_nothing(editor, small_map):
    _open(editor, small_map)
    before = small_map.read_bytes()
    units = [*UNITS, ["1", "basic", 10, 10]]  # loaded from elsewhere: two units on one tile
    editor.doc.history.change("Place unit", {"units": units})
    answer = answer_dialog("Not saved", "Return")
    assert not editor.save()
    wait_for(editor.root, lambda: not answer.is_alive(), 30, "the dialog to be answered")
    assert answer.found
    assert editor.chosen is not None and editor.chosen.cells == ((10, 10),)
    assert editor.pointer.selected == 2  # the unit that stands there too, to move or delete
    assert small_map.read_bytes() == before
    assert not small_map.with_name("small.json.bak").exists()


def test_a_file_that_cannot_be_opened_changes_nothing(editor, small_map, tmp_path):
    _open(editor, small_map)
    bad = tmp_path / "bad.json"
    bad.write_text('{"tiles": [], "units": []}')
    answer = answer_dialog("Cannot open map", "Return")
    assert not editor.open_path(bad)
    wait_for(editor.root, lambda: not answer.is_alive(), 30, "the dialog to be answered")
    assert answer.found
    assert editor.doc.path == small_map and editor.doc.units == UNITS
