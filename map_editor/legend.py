"""A legend for a board overlay: each colour and what it means, shown only with its overlay."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Sequence
from tkinter import ttk

from laser_flag.i18n import _

from .tooltip import tip

RGB = tuple[int, int, int]
SWATCH_W = 3  # characters
ONE_COLUMN = 3  # more entries than this go in two columns, most first down the left one


def hex_colour(rgb: RGB) -> str:
    return "#" + "".join(f"{c:02x}" for c in rgb)


class Legend(ttk.LabelFrame):
    """Packed into its parent when shown, forgotten when hidden; rebuilt on every show, with a
    button that turns the overlay off."""

    def __init__(self, master: tk.Misc, on_hide: Callable[[], None]) -> None:
        super().__init__(master, padding=6)
        self.rows: list[tuple[str, str]] = []  # (colour, text) as shown, for tests and readers
        self._on_hide = on_hide

    def show(self, title: str, entries: Sequence[tuple[RGB, str]], note: str = "") -> None:
        """Show these colours; the same ones again (the next edit's refresh) change nothing."""
        rows = [(hex_colour(rgb), text) for rgb, text in entries]
        if rows == self.rows and self.cget("text") == title and self.winfo_manager():
            return
        for child in self.winfo_children():
            child.destroy()
        self.configure(text=title)
        self.rows = rows
        table = ttk.Frame(self)
        table.pack(anchor="w")
        down = len(rows) if len(rows) <= ONE_COLUMN else (len(rows) + 1) // 2
        for i, (colour, text) in enumerate(rows):
            cell = ttk.Frame(table)
            cell.grid(row=i % down, column=i // down, sticky="w", padx=(0, 10), pady=1)
            tk.Label(cell, background=colour, width=SWATCH_W, relief="solid", borderwidth=1
                     ).pack(side="left")
            ttk.Label(cell, text=text).pack(side="left", padx=(4, 0))
        foot = ttk.Frame(self)
        foot.pack(fill="x", pady=(4, 0))
        hide = ttk.Button(foot, text=_("Hide"), command=self._on_hide, width=5)
        hide.pack(side="right", anchor="n")
        tip(hide, _("Turn this overlay off. Key Esc"))
        ttk.Label(foot, text=note, wraplength=150, justify="left", foreground="#555555"
                  ).pack(side="left", anchor="w")
        self.pack(fill="x", pady=(10, 0))

    def hide(self) -> None:
        self.rows = []
        self.pack_forget()
