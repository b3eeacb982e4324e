"""The properties dialog and the New map dialog in the real window under Xvfb: yes/no rules as
checkboxes, team names and score limits proposed from the map, values the loader would refuse
named before they apply, typed map sizes; and Save As proposing the map's name."""

from __future__ import annotations

import tkinter as tk
from tkinter import colorchooser, ttk

import pytest

from laser_flag.engine.ruleset import COLUMNS
from map_editor import commands
from map_editor.properties_dialog import PropertiesDialog
from map_editor.storage import maps_folder

from .helpers import blank
from .test_fog_property import _all, widget
from .xdo import answer_dialog, centre_of, click, find_window, key, wait_for, xdotool

pytestmark = pytest.mark.slow  # a real Tk window on an X server

FOUR_EACH = [["1", "basic", 0, c] for c in range(4)] + [["2", "basic", 10, c] for c in range(4)]


def _open_dialog(editor) -> tuple[PropertiesDialog, int]:
    dialog = PropertiesDialog(editor.root, editor.doc.data,
                              lambda values: editor.run(commands.set_properties, values))
    wait_for(editor.root, dialog.winfo_viewable, what="the properties dialog")
    return dialog, find_window("^Map properties$", editor.root)


def _tab(editor, dialog: PropertiesDialog, title: str) -> ttk.Frame:
    """Click the notebook tab titled `title`; its frame."""
    notebook = next(w for w in _all(dialog) if isinstance(w, ttk.Notebook))
    index = [notebook.tab(t, "text") for t in notebook.tabs()].index(title)
    x = next(x for x in range(notebook.winfo_width()) if _tab_at(notebook, x) == index)
    click(editor.root, (notebook.winfo_rootx() + x + 8, notebook.winfo_rooty() + 10))
    wait_for(editor.root, lambda: notebook.index("current") == index, what=f"the {title} tab")
    return dialog.nametowidget(notebook.tabs()[index])


def _tab_at(notebook: ttk.Notebook, x: int) -> int | None:
    try:
        return notebook.index(f"@{x},10")
    except tk.TclError:
        return None


def _cell(frame: ttk.Frame, column: str, col: int) -> tk.Widget:
    """The rules table's widget for rule `column` of the class in table column `col`."""
    return frame.grid_slaves(row=COLUMNS.index(column) + 2, column=col)[0]


def test_a_yes_no_rule_is_a_checkbox_and_a_click_writes_the_override(editor):
    dialog, _ = _open_dialog(editor)
    rules = _tab(editor, dialog, "Rules")
    entries = [w.get() for w in _all(rules) if isinstance(w, tk.Entry)]
    assert not {"true", "false", "yes", "no"} & {e.lower() for e in entries}
    climbs = _cell(rules, "climbs_freely", 1)  # Plain
    assert isinstance(climbs, tk.Checkbutton) and climbs.cget("text") == "no"
    click(editor.root, centre_of(climbs))
    wait_for(editor.root, lambda: climbs.cget("text") == "yes", what="the box ticked")
    assert climbs.cget("foreground") == "#0050d0"  # differs from the default
    click(editor.root, centre_of(widget(dialog, ttk.Button, "OK")))
    wait_for(editor.root, lambda: not dialog.winfo_exists(), what="the dialog applied")
    assert editor.doc.data["rules"] == {"basic": {"climbs_freely": True}}
    # the limits the dialog offered (no units yet: 1) are written with the rule it changed
    assert editor.status.cget("text") == "Changed the map's rules, score limit (Ctrl+Z undoes)"
    assert editor.doc.data["score_limit"] == {"1": 1, "2": 1}


def test_teams_are_offered_names_from_their_colours_and_limits_from_their_units(editor,
                                                                              monkeypatch):
    editor.doc.history.change("Place unit", {"units": FOUR_EACH})
    assert editor.doc.data["score_limit"] == {"1": 4, "2": 4}  # no bases: a hit removes
    dialog, _ = _open_dialog(editor)
    teams = _tab(editor, dialog, "Teams")
    names = [w for w in _all(teams) if type(w) is ttk.Entry]
    assert [w.get() for w in names] == ["Black", "4", "Purple", "4"]
    monkeypatch.setattr(colorchooser, "askcolor", lambda *a, **k: ((40, 160, 60), "#28a03c"))
    click(editor.root, centre_of(teams.grid_slaves(row=2, column=1)[0]))  # team 1's colour
    wait_for(editor.root, lambda: names[0].get() == "Green", what="the name after the colour")
    names[2].delete(0, "end")
    click(editor.root, centre_of(names[2]))
    xdotool("type", "x" * 41)
    click(editor.root, centre_of(widget(dialog, ttk.Button, "OK")))
    error = next(w for w in _all(dialog) if isinstance(w, ttk.Label)
                 and str(w.cget("foreground")) == "#c00000")
    wait_for(editor.root, lambda: error.cget("text") == 'team_names["2"]: 41 characters, '
             "at most 40", what="the loader's refusal named in the dialog")
    assert dialog.winfo_exists() and editor.doc.data["team_names"]["2"] == "Purple"
    names[2].delete(0, "end")
    click(editor.root, centre_of(names[2]))
    xdotool("type", "Raiders")
    click(editor.root, centre_of(widget(dialog, ttk.Button, "OK")))
    wait_for(editor.root, lambda: not dialog.winfo_exists(), what="the dialog applied")
    assert editor.doc.data["team_names"] == {"1": "Green", "2": "Raiders"}
    assert editor.doc.data["team_color"]["1"] == [40, 160, 60]


def test_new_map_sides_take_typing_and_a_bad_one_is_named(editor):
    root = editor.root
    done: list[str] = []

    def in_the_dialog() -> None:
        dialog = next(w for w in root.winfo_children()
                      if isinstance(w, tk.Toplevel) and w.title() == "New map")
        window = find_window("^New map$", root)
        key(root, window, "9")  # replaces the selected 21
        key(root, window, "Return")
        error = next(w for w in _all(dialog) if isinstance(w, ttk.Label)
                     and str(w.cget("foreground")) == "#c00000")
        wait_for(root, lambda: error.cget("text") == "Rows: type a whole number from 11 to "
                 "21, not '9'", what="the bad size named")
        done.append("named")
        key(root, window, "BackSpace")
        xdotool("type", "13")
        key(root, window, "Tab")  # to Columns, its text selected
        xdotool("type", "15")
        key(root, window, "Return")

    root.after(300, in_the_dialog)
    editor.new_map()
    assert done == ["named"]
    assert (editor.doc.rows, editor.doc.cols) == (13, 15)
    assert editor.status.cget("text") == "New 13 x 15 map"


def test_save_as_proposes_the_maps_name_in_the_players_maps_folder(editor):
    root = editor.root
    editor.doc.history.change("Map properties", {"name": "Twin Peaks: the Return", "units":
                                                  FOUR_EACH})
    taken = maps_folder() / "twin_peaks_the_return.json"
    taken.write_text("another map, kept")
    window = find_window("untitled", root)
    answer = answer_dialog("Save map as", "Return")  # take the proposal
    key(root, window, "ctrl+shift+s")
    wait_for(root, lambda: editor.doc.path is not None, 30, "the map saved")
    answer.join(timeout=15)
    assert editor.doc.path == maps_folder() / "twin_peaks_the_return-2.json"
    assert editor.doc.path.exists() and taken.read_text() == "another map, kept"
    assert not editor.doc.modified


def test_a_new_map_in_the_editor_names_its_teams_after_their_colours(editor):
    dialog, _ = _open_dialog(editor)
    assert blank().data["team_names"] == {"1": "Black", "2": "Purple"}
    teams = _tab(editor, dialog, "Teams")
    entries = [w.get() for w in _all(teams) if type(w) is ttk.Entry]
    assert entries == ["Black", "1", "Purple", "1"]  # no units yet: the least limit
    assert "Alice" not in entries and "21" not in entries
