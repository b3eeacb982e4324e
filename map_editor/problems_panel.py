"""The live Problems list under the board: what keeps the game from playing the map, each with
its place in the game's words; choosing one shows it."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Sequence
from tkinter import ttk

from laser_flag.i18n import _, ngettext

from .tooltip import tip

FINE_COLOUR, PROBLEM_COLOUR = "#1b7a1b", "#b00020"
LIST_ROWS = 3
WHERE_PX, PROBLEM_PX = 125, 255  # the list asks for no more than a small window's board


class ProblemsPanel(ttk.Frame):
    """A heading that says whether the map is playable and, when it is not, the problems;
    `on_choose(index)` runs when one is chosen (clicked, or picked with the arrow keys)."""

    def __init__(self, master: tk.Misc, on_choose: Callable[[int], None]) -> None:
        super().__init__(master)
        self._on_choose = on_choose
        self.rows: list[tuple[str, str]] = []  # (where, problem) as listed, for tests and readers
        self._chosen: int | None = None
        self.heading = ttk.Label(self, font=("TkDefaultFont", 10, "bold"))
        self.heading.grid(row=0, column=0, columnspan=2, sticky="w")
        tip(self.heading, _("Checked after every edit by the game's own loader, as Save checks it. "
                            "Map > Check map (Ctrl+K) shows the first problem"))
        self.tree = ttk.Treeview(self, columns=("where", "problem"), show="headings",
                                 height=LIST_ROWS, selectmode="browse")
        self.tree.heading("where", text=_("Where"), anchor="w")
        self.tree.heading("problem", text=_("Problem"), anchor="w")
        self.tree.column("where", width=WHERE_PX, stretch=False)
        self.tree.column("problem", width=PROBLEM_PX, stretch=True)
        self.scroll = ttk.Scrollbar(self, orient="vertical", command=self.tree.yview)
        self.tree.configure(yscrollcommand=self.scroll.set)
        self.tree.bind("<ButtonPress-1>", self._clicked)
        self.tree.bind("<<TreeviewSelect>>", lambda _e: self._selected())
        self.columnconfigure(0, weight=1)
        # The list's room is kept while it is hidden (no problems): the window and the board
        # keep their size as problems come and go.
        self.rowconfigure(1, minsize=self.tree.winfo_reqheight())

    def show(self, rows: Sequence[tuple[str, str]]) -> None:
        """List these (where, problem) rows; the same rows again keep the selection."""
        rows = list(rows)
        if rows == self.rows and self.heading.cget("text"):
            return
        self.rows, self._chosen = rows, None
        self.tree.delete(*self.tree.get_children())
        for i, row in enumerate(rows):
            self.tree.insert("", "end", iid=str(i), values=row)
        if not rows:
            self.heading.configure(text=_("✔ No problems: the game can start on this map"),
                                   foreground=FINE_COLOUR)
            self.tree.grid_remove()
            self.scroll.grid_remove()
            return
        count = ngettext("{count} problem", "{count} problems", len(rows)).format(count=len(rows))
        self.heading.configure(text=_("✘ {count}: click one to show it on the board").format(
            count=count),
                               foreground=PROBLEM_COLOUR)
        self.tree.grid(row=1, column=0, sticky="ew")
        self.scroll.grid(row=1, column=1, sticky="ns")

    def choose(self, index: int) -> None:
        """Select row `index` and bring the list the keyboard's focus (Check map)."""
        iid = str(index)
        self.tree.selection_set(iid)
        self.tree.focus(iid)
        self.tree.see(iid)
        self.tree.focus_set()
        self._chosen = index
        self._on_choose(index)

    def _clicked(self, event: tk.Event) -> str | None:
        """A click chooses its row, even the one already selected (to show it again)."""
        iid = self.tree.identify_row(event.y)
        if not iid:
            return None
        self.choose(int(iid))
        return "break"

    def _selected(self) -> None:
        """A row picked with the arrow keys (a click or choose() has shown it already)."""
        selection = self.tree.selection()
        if selection and int(selection[0]) != self._chosen:
            self.choose(int(selection[0]))
