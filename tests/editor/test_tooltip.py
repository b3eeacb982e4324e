"""Tooltips in the real window under Xvfb: shown after a rest on a control, gone when the pointer
leaves, when the control's dialog closes, and when a dialog's grab swallows the Leave."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

import pytest

from map_editor.properties_dialog import PropertiesDialog

from .test_fog_property import _all, widget
from .xdo import centre_of, find_window, hover, key, tile_on_screen, wait_for

pytestmark = pytest.mark.slow  # a real Tk window on an X server

BRUSH_TIP = "Paint the chosen terrain: click or drag. Key B"


def _tips(root: tk.Misc) -> list[str]:
    """The texts of the tooltips (undecorated windows) on screen anywhere in the application."""
    windows = [w for w in _all(root) if isinstance(w, tk.Toplevel) and w.wm_overrideredirect()]
    return [_text(label) for w in windows if w.winfo_ismapped() for label in w.winfo_children()]


def _text(label: tk.Misc) -> str:
    variable = label.cget("textvariable")
    return label.getvar(str(variable)) if str(variable) else label.cget("text")


def test_a_tip_shows_after_a_rest_and_leaves_with_the_pointer(editor):
    root = editor.root
    brush = widget(editor.tools, tk.Radiobutton, "Brush  [B]")
    hover(root, centre_of(brush))
    wait_for(root, lambda: _tips(root) == [BRUSH_TIP], what="the Brush tool's tip")
    tip_window = next(w for w in brush.winfo_children() if isinstance(w, tk.Toplevel))
    x, y = centre_of(brush)
    assert tip_window.winfo_rootx() > x and tip_window.winfo_rooty() > y  # never under it
    hover(root, tile_on_screen(editor, (5, 5)))
    wait_for(root, lambda: _tips(root) == [], what="the tip gone with the pointer")
    hover(root, centre_of(widget(editor.tools, tk.Radiobutton, "Unit  [U]")))
    wait_for(root, lambda: _tips(root) == [
        "Click an empty tile to place a unit, drag a unit to move it. Key U"],
        what="the next control's tip alone")


def test_a_dialogs_tip_goes_with_the_dialog(editor):
    root = editor.root
    dialog = PropertiesDialog(root, editor.doc.data, lambda _values: None)
    ok = widget(dialog, ttk.Button, "OK")
    wait_for(root, ok.winfo_viewable, what="the properties dialog")
    hover(root, centre_of(ok))
    wait_for(root, lambda: _tips(root) == ["Apply the properties (one undo step)"],
             what="the OK button's tip")
    key(root, find_window("^Map properties$", root), "Escape")
    wait_for(root, lambda: not dialog.winfo_exists(), what="the dialog closed")
    assert _tips(root) == []


def test_a_tip_leaves_when_a_modal_dialog_holds_the_pointer(editor):
    root = editor.root
    brush = widget(editor.tools, tk.Radiobutton, "Brush  [B]")
    hover(root, centre_of(brush))
    wait_for(root, lambda: _tips(root) == [BRUSH_TIP], what="the Brush tool's tip")
    seen: list[list[str]] = []

    def while_the_dialog_is_open() -> None:
        dialog = next(w for w in root.winfo_children()
                      if isinstance(w, tk.Toplevel) and w.title() == "New map")
        hover(root, tile_on_screen(editor, (5, 5)))  # under the dialog's grab
        wait_for(root, lambda: BRUSH_TIP not in _tips(root), what="the tip gone")
        seen.append(_tips(root))
        dialog.destroy()

    root.after(300, while_the_dialog_is_open)
    editor.new_map()  # the New map dialog: modal until the check above closes it
    assert seen and BRUSH_TIP not in seen[0]
