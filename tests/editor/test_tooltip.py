"""Tooltips in the real window under Xvfb: shown after a rest on a control, gone when the pointer
leaves, when the control's dialog closes, when a modal dialog grabs the pointer, when the
control is pressed or a key is typed into it, leaving no timer or variable behind; whole on
screen in the screen's corner."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

import pytest

from map_editor.pointer import UNIT
from map_editor.properties_dialog import PropertiesDialog

from .test_fog_property import _all, widget
from .xdo import centre_of, click, find_window, hover, key, tile_on_screen, wait_for

pytestmark = pytest.mark.slow  # a real Tk window on an X server

BRUSH_TIP = "Paint the chosen terrain: click or drag. Key B"
UNIT_TIP = "Click an empty tile to place a unit, drag a unit to move it. Key U"


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


def _dialog_showing_a_tip(editor) -> PropertiesDialog:
    """The properties dialog, the pointer resting on its OK button and the button's tip up."""
    root = editor.root
    dialog = PropertiesDialog(root, editor.doc.data, lambda _values: None)
    ok = widget(dialog, ttk.Button, "OK")
    wait_for(root, ok.winfo_viewable, what="the properties dialog")
    hover(root, centre_of(ok))
    wait_for(root, lambda: _tips(root) == ["Apply the properties (one undo step)"],
             what="the OK button's tip")
    return dialog


def test_a_dialogs_tip_goes_with_the_dialog(editor):
    root = editor.root
    dialog = _dialog_showing_a_tip(editor)
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


def test_a_tip_leaves_when_its_control_is_pressed(editor):
    root = editor.root
    unit = widget(editor.tools, tk.Radiobutton, "Unit  [U]")
    hover(root, centre_of(unit))
    wait_for(root, lambda: _tips(root) == [UNIT_TIP], what="the Unit tool's tip")
    click(root, centre_of(unit))
    wait_for(root, lambda: _tips(root) == [], what="the tip gone with the press")
    assert editor.tools.tool.get() == UNIT  # the press reached the control


def test_a_tip_leaves_when_a_key_is_typed_into_its_control(editor):
    root = editor.root
    dialog = PropertiesDialog(root, editor.doc.data, lambda _values: None)
    description = next(w for w in _all(dialog) if isinstance(w, tk.Text))
    wait_for(root, description.winfo_viewable, what="the properties dialog")
    description.focus_set()
    typed_before = description.get("1.0", "end-1c")
    hover(root, centre_of(description))
    wait_for(root, lambda: _tips(root) == ["A few lines about the map for the map chooser"],
             what="the description's tip")
    key(root, find_window("^Map properties$", root), "x")
    wait_for(root, lambda: _tips(root) == [], what="the tip gone with the key")
    assert description.get("1.0", "end-1c") != typed_before  # the key reached the control


def test_a_tip_in_the_screens_corner_stays_whole_on_screen(editor):
    root = editor.root
    button = widget(editor.info, ttk.Button, "Map properties...")
    width, height = root.winfo_screenwidth(), root.winfo_screenheight()

    def corner() -> tuple[int, int]:  # how far the button's bottom-right is from the screen's
        return (width - button.winfo_rootx() - button.winfo_width(),
                height - button.winfo_rooty() - button.winfo_height())

    x, y = map(int, root.wm_geometry().split("+")[1:])
    dx, dy = corner()
    root.geometry(f"+{x + dx}+{y + dy}")  # the window runs off the screen's bottom
    wait_for(root, lambda: corner() == (0, 0), what="the button in the screen's corner")
    pointer = (width - 4, height - button.winfo_height() // 2)
    hover(root, pointer)
    wait_for(root, lambda: len(_tips(root)) == 1, what="the properties button's tip")
    tip_window = next(w for w in button.winfo_children() if isinstance(w, tk.Toplevel))
    assert tip_window.winfo_rootx() + tip_window.winfo_width() <= width
    assert tip_window.winfo_rooty() + tip_window.winfo_height() < pointer[1]  # above it


def _timers_of_the_gone(root: tk.Misc) -> list[str]:
    """The pending `after` calls whose command went with a destroyed widget."""
    tcl = root.tk
    scripts = [tcl.splitlist(tcl.call("after", "info", timer))[0]
               for timer in tcl.splitlist(tcl.call("after", "info"))]
    return [s for s in scripts if not tcl.call("info", "commands", tcl.splitlist(s)[0])]


def test_a_closed_dialogs_tips_leave_nothing_behind(editor):
    root = editor.root
    dialog = _dialog_showing_a_tip(editor)
    texts = [str(label.cget("textvariable")) for w in _all(dialog)
             if isinstance(w, tk.Toplevel) and w.wm_overrideredirect()
             for label in w.winfo_children()]
    assert texts  # each tip's text is a Tcl variable
    dialog.destroy()
    assert _timers_of_the_gone(root) == []
    assert [v for v in texts if root.getboolean(root.tk.call("info", "exists", v))] == []
