"""The live hit-chance table of the map properties: the roll checker's numbers for the rules
being typed, the cells a change moves marked, in a real dialog under Xvfb."""

from __future__ import annotations

import tkinter as tk

import pytest

from laser_flag.engine.rolls import TWO_D6, to_hit
from laser_flag.engine.ruleset import CLASSES, DEFAULT_RULESET
from laser_flag.tools.roll_chart import percent
from laser_flag.tools.rolls import SHOOTER_POSITIONS
from map_editor.properties_dialog import PropertiesDialog
from map_editor.roll_table import CHANGED_BACK, PLAIN_BACK, grid_for
from map_editor.storage import new_map_data

from .xdo import pump, search, wait_for, xdotool

SNIPER_ROWS = range(CLASSES.index("sniper") * len(SHOOTER_POSITIONS),
                    (CLASSES.index("sniper") + 1) * len(SHOOTER_POSITIONS))


def test_the_default_rules_mark_nothing_and_agree_with_to_hit():
    grid = grid_for(DEFAULT_RULESET)
    assert grid.changed == frozenset()
    plain = DEFAULT_RULESET["basic"]
    first = to_hit(plain, plain, shooter_class="basic", shooter_elevated=False,
                   target_elevated=False, target_in_cover=False, snap=False, dice=TWO_D6)
    assert grid.hits[0][0] == first


def test_a_changed_class_marks_exactly_the_cells_it_moves():
    rules = DEFAULT_RULESET.with_overrides({"sniper": {"to_hit": 9}})
    grid = grid_for(rules)
    assert grid.changed and {i for i, _ in grid.changed} == set(SNIPER_ROWS)
    assert len(grid.changed) == len(SNIPER_ROWS) * len(grid.cols)


@pytest.mark.slow
def test_typing_a_rule_updates_the_table_at_once(xvfb):
    root = tk.Tk()
    try:
        dialog = PropertiesDialog(root, new_map_data(11, 11), lambda _values: None)
        notebook = dialog.body.winfo_children()[0]
        notebook.select(2)  # the Rules tab
        wait_for(root, dialog.winfo_viewable, what="the properties dialog")
        cell = dialog.rolls.cells[SNIPER_ROWS[0]][0]
        before = cell.cget("text")
        entry = dialog._cells[("sniper", "to_hit")]
        widget = next(w for w in notebook.nametowidget(notebook.select()).winfo_children()
                      if str(w.cget("textvariable")) == str(entry))
        window = search("--name", "^Map properties$")[0]
        widget.focus_force()
        pump(root)
        widget.delete(0, "end")
        xdotool("windowfocus", "--sync", str(window))
        xdotool("type", "9")
        wait_for(root, lambda: entry.get() == "9", what="the typed rule")
        assert cell.cget("background") == CHANGED_BACK and cell.cget("text") != before
        expected = grid_for(DEFAULT_RULESET.with_overrides({"sniper": {"to_hit": 9}}))
        assert cell.cget("text") == percent(float(expected.hits[SNIPER_ROWS[0]][0].probability))
        assert dialog.rolls.cells[0][0].cget("background") == PLAIN_BACK
        widget.delete(0, "end")
        widget.insert(0, "x")  # not a number: the last good table stays, with a note
        note = dialog.rolls_note.cget("text")
        assert note.startswith("Not updated: to hit: type a whole number")  # the row's words
        assert cell.cget("background") == CHANGED_BACK
    finally:
        root.destroy()
