"""Small modal dialogs: unsaved changes (Save / Discard / Cancel) and the size of a new map."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from laser_flag.i18n import N_, _

from .storage import NEW_SIDES, new_side
from .tooltip import tip

SAVE, DISCARD, CANCEL = "save", "discard", "cancel"
UNSAVED_TITLE = N_("Unsaved changes")


class Modal(tk.Toplevel):
    """A dialog over `parent` that holds the focus until it is answered."""

    def __init__(self, parent: tk.Misc, title: str) -> None:
        super().__init__(parent)
        self.title(title)
        self.transient(parent.winfo_toplevel())
        self.resizable(False, False)
        self.body = ttk.Frame(self, padding=12)
        self.body.pack(fill="both", expand=True)
        self.first: tk.Widget | None = None  # the field that takes the keys first

    def run(self) -> None:
        self.grab_set()
        self.focus_force()
        if self.first is not None:
            self.first.focus_set()
        self.wait_window()


def ask_save_changes(parent: tk.Misc, name: str, action: str) -> str:
    """SAVE, DISCARD or CANCEL for unsaved changes to `name` before `action`."""
    dialog = Modal(parent, _(UNSAVED_TITLE))
    answer = tk.StringVar(value=CANCEL)

    def choose(value: str) -> None:
        answer.set(value)
        dialog.destroy()

    question = _("{name} has unsaved changes.\nSave them before {action}?").format(
        name=name, action=action)
    ttk.Label(dialog.body, text=question, justify="left").grid(
        row=0, column=0, columnspan=3, sticky="w", pady=(0, 12))
    buttons = [(SAVE, _("Save"), "s", _("Save the map, then go on")),
               (DISCARD, _("Discard"), "d", _("Throw the changes away and go on")),
               (CANCEL, _("Cancel"), "Escape", _("Go back to the map, changes kept"))]
    for col, (value, label, key, what) in enumerate(buttons):
        button = ttk.Button(dialog.body, text=label, command=lambda v=value: choose(v))
        button.grid(row=1, column=col, padx=4)
        tip(button, _("{what}. Key {key}").format(what=what, key=key))
        dialog.bind(f"<Key-{key}>" if len(key) == 1 else f"<{key}>", lambda _e, v=value: choose(v))
    dialog.protocol("WM_DELETE_WINDOW", lambda: choose(CANCEL))
    dialog.run()
    return answer.get()


def ask_new_size(parent: tk.Misc) -> tuple[int, int] | None:
    """Rows and columns for a new map (11 to 21 each, typed or picked with the arrows), or None
    when cancelled; a bad value is named in the dialog, which stays open."""
    dialog = Modal(parent, _("New map"))
    sides = {label: tk.StringVar(value=str(NEW_SIDES[-1])) for label in (_("Rows"), _("Columns"))}
    fields: dict[str, ttk.Spinbox] = {}
    result: list[tuple[int, int]] = []
    for row, (label, var) in enumerate(sides.items()):
        ttk.Label(dialog.body, text=label).grid(row=row, column=0, sticky="w", padx=(0, 8))
        fields[label] = spin = ttk.Spinbox(dialog.body, from_=NEW_SIDES[0], to=NEW_SIDES[-1],
                                           textvariable=var, width=5)
        spin.grid(row=row, column=1, pady=2, sticky="w")
        tip(spin, _("{label} of the new map: type {NEW_SIDES} to {NEW_SIDES2} or use the "
                    "arrows").format(
            label=label, NEW_SIDES=NEW_SIDES[0], NEW_SIDES2=NEW_SIDES[-1]))
    error = ttk.Label(dialog.body, foreground="#c00000", wraplength=260)
    error.grid(row=2, column=0, columnspan=2, sticky="w")

    def create() -> None:
        size = []
        for label, var in sides.items():
            try:
                size.append(new_side(var.get(), label))
            except ValueError as e:
                error.configure(text=str(e))
                fields[label].focus_set()
                fields[label].selection_range(0, "end")
                return
        result.append((size[0], size[1]))
        dialog.destroy()

    ok = ttk.Button(dialog.body, text=_("Create"), command=create)
    ok.grid(row=3, column=0, columnspan=2, pady=(6, 0))
    tip(ok, _("Start an all-floor map of this size without units. Key Return"))
    dialog.bind("<Return>", lambda _e: create())
    dialog.bind("<KP_Enter>", lambda _e: create())
    dialog.bind("<Escape>", lambda _e: dialog.destroy())
    dialog.first = fields["Rows"]
    fields["Rows"].selection_range(0, "end")
    dialog.run()
    return result[0] if result else None
