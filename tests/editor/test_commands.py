"""The editor's commands on a document, without Tk: each is one undoable edit and says what
it did in the status line."""

from __future__ import annotations

import json

import pytest

from laser_flag.engine.game_map import BASE_1, BASE_2
from laser_flag.engine.mapfile import MapError, write_json_atomic
from map_editor import commands
from map_editor.suggestions import Tweak
from map_editor.symmetry import LEFT_RIGHT, has_symmetry

from .helpers import blank

UNITS = [["1", "scout", 0, 3], ["2", "sniper", 10, 7]]


def test_undo_and_redo_say_what_they_took_back_and_when_there_is_nothing():
    doc = blank(units=UNITS)
    assert commands.undo(doc) == "Nothing to undo"
    commands.delete_unit(doc, 0)
    assert commands.undo(doc) == "Undid: Delete unit" and doc.units == UNITS
    assert commands.redo(doc) == "Redid: Delete unit" and doc.units == UNITS[1:]
    assert commands.redo(doc) == "Nothing to redo"


def test_retyping_a_unit_is_one_edit_and_the_same_type_or_no_selection_none():
    doc = blank(units=UNITS)
    assert commands.change_unit(doc, None, "2", "grunt") == ""
    assert commands.change_unit(doc, 0, "1", "scout") == ""
    assert not doc.history.can_undo
    said = commands.change_unit(doc, 0, "2", "grunt")
    assert doc.units[0] == ["2", "grunt", 0, 3]
    assert said.endswith("is now a Team 2 Grunt (Ctrl+Z undoes)")
    commands.undo(doc)
    assert doc.units == UNITS


def test_deleting_needs_a_selected_unit():
    doc = blank(units=UNITS)
    assert commands.delete_unit(doc, None) == "Select a unit with the Unit tool first"
    assert doc.units == UNITS
    assert commands.delete_unit(doc, 1).startswith("Deleted")
    assert doc.units == UNITS[:1]


def test_mirroring_makes_the_map_symmetric_in_one_undoable_edit():
    doc = blank(units=UNITS[:1])
    doc.tiles[2][1] = BASE_1
    commands.mirror(doc, LEFT_RIGHT, True)
    assert has_symmetry(doc, LEFT_RIGHT)
    assert doc.tiles[2][9] == BASE_2 and ["2", "scout", 0, 7] in doc.units
    commands.undo(doc)
    assert doc.units == UNITS[:1] and doc.tiles[2][9] != BASE_2


def test_properties_change_only_what_differs():
    doc = blank()
    values = {"name": doc.data["name"]}
    assert commands.set_properties(doc, values) == "Map properties: nothing changed"
    assert not doc.history.can_undo
    said = commands.set_properties(doc, {**values, "name": "Crossing"})
    assert said == "Changed the map's name (Ctrl+Z undoes)" and doc.data["name"] == "Crossing"


def test_a_tweak_is_applied_as_a_labelled_edit():
    doc = blank()
    said = commands.apply_tweak(doc, Tweak("a wall at row 1, column 1", {"turn_limit": 30}))
    assert said == "Applied: a wall at row 1, column 1 (Ctrl+Z undoes)"
    assert doc.data["turn_limit"] == 30
    assert commands.undo(doc) == "Undid: Suggestion: a wall at row 1, column 1"


def test_saving_writes_the_file_and_the_document_is_no_longer_modified(tmp_path):
    doc = blank(units=UNITS)
    commands.delete_unit(doc, 0)
    path = tmp_path / "mine.json"
    assert commands.save(doc, path, draft=True) == (
        f"Saved {path} as a draft; it had no name, so it is named 'Mine' after the file "
        "(Map > Properties renames it)")
    assert doc.path == path and not doc.modified and doc.data["name"] == "Mine"
    assert json.loads(path.read_text())["units"] == UNITS[1:]
    again, said = commands.opened(path)
    assert said == f"Opened {path}" and again.data == doc.data and not again.modified


def test_a_file_the_engine_refuses_is_neither_opened_nor_written(tmp_path):
    path = tmp_path / "bad.json"
    write_json_atomic(path, {"tiles": "no rows"})
    with pytest.raises(MapError):
        commands.opened(path)
    doc = blank()
    doc.data["tiles"] = []
    with pytest.raises(MapError):
        commands.save(doc, tmp_path / "out.json", draft=False)
    assert doc.path is None and not (tmp_path / "out.json").exists()
