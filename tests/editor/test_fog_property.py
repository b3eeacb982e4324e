"""The map's fog-of-war default in the properties dialog, saved for the game and play-test."""

from __future__ import annotations

import tkinter as tk
from pathlib import Path
from tkinter import ttk

import pytest

from laser_flag.engine import Game, load_map
from laser_flag.engine.mapfile import write_json_atomic
from map_editor import commands
from map_editor.properties_dialog import PropertiesDialog
from map_editor.storage import new_map_data
from map_editor.window import EditorWindow

pytestmark = pytest.mark.slow  # a real Tk window on an X server

UNITS = [["1", "scout", 0, 0], ["2", "grunt", 10, 10]]


def widget(root: tk.Misc, kind: type, text: str) -> tk.Widget:
    """The one widget of `kind` showing `text` under `root`."""
    found = [w for w in _all(root) if isinstance(w, kind) and w.cget("text") == text]
    assert len(found) == 1, f"{len(found)} {kind.__name__} widgets say {text!r}"
    return found[0]


def _all(root: tk.Misc) -> list[tk.Misc]:
    children = root.winfo_children()
    return children + [w for c in children for w in _all(c)]


def test_the_fog_switch_is_one_undoable_change_saved_in_the_map(editor: EditorWindow,
                                                                 tmp_path: Path) -> None:
    path = tmp_path / "foggy.json"
    write_json_atomic(path, {**new_map_data(11, 11), "name": "Foggy", "units": UNITS})
    assert editor.open_path(path)
    dialog = PropertiesDialog(editor.root, editor.doc.data,
                              lambda values: editor.run(commands.set_properties, values))
    switch = widget(dialog, ttk.Checkbutton, "Fog of war by default")
    switch.invoke()
    widget(dialog, ttk.Button, "OK").invoke()
    assert editor.doc.data["fog_of_war"] is True
    assert editor.save()
    gm = load_map(path)
    assert gm.fog_of_war and Game(gm, seed=1).fog  # what play-test's `--map` game starts with
    editor.doc.history.undo()
    assert "fog_of_war" not in editor.doc.data
