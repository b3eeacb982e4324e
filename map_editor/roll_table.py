"""The live hit-chance table of the map properties dialog: the roll checker's grid (shooter
class and position x target class and position) for the rules being typed, cells that differ
from the default rules marked, so a designer sees what a number does before saving."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from laser_flag.engine.rolls import TWO_D6
from laser_flag.engine.ruleset import Ruleset
from laser_flag.i18n import _
from laser_flag.tools.roll_chart import Grid, percent
from laser_flag.tools.rolls import chart_grid

SEPARATOR = " · "  # between a class and a position in the grid's labels
CHANGED_TEXT, CHANGED_BACK, PLAIN_BACK = "#0050d0", "#fff1a8", "#ffffff"
CELL_FONT = ("TkDefaultFont", 9)


def grid_for(rules: Ruleset) -> Grid:
    """The roll checker's grid for `rules` with the game's dice, marks against the defaults."""
    return chart_grid(rules, TWO_D6, [])


class RollTable(ttk.Frame):
    """Labels built once for the grid's shape; show() refreshes their numbers and marks."""

    def __init__(self, master: tk.Misc, grid: Grid) -> None:
        super().__init__(master)
        self.cells: list[list[tk.Label]] = []
        self._grid = grid
        self._headings(grid)
        for i, name in enumerate(grid.rows):
            shooter, position = name.split(SEPARATOR)
            first = i % grid.group == 0
            ttk.Label(self, text=shooter if first else "", font=("TkDefaultFont", 9, "bold")
                      ).grid(row=i + 2, column=0, sticky="w", padx=(0, 6),
                             pady=(4 if first else 0, 0))
            ttk.Label(self, text=_(position), font=CELL_FONT).grid(row=i + 2, column=1, sticky="w",
                                                                padx=(0, 4))
            self.cells.append([self._cell(i, j) for j in range(len(grid.cols))])
        self.hover = ttk.Label(self, text=_("Hover a cell for the roll it needs"),
                               foreground="#555555")
        self.hover.grid(row=len(grid.rows) + 2, column=0, columnspan=len(grid.cols) + 2,
                        sticky="w", pady=(6, 0))
        self.show(grid)

    def _headings(self, grid: Grid) -> None:
        ttk.Label(self, text=_("shooter ↓  target →"), foreground="#555555").grid(
            row=0, column=0, columnspan=2, sticky="w")
        for j, name in enumerate(grid.cols):
            target, position = name.split(SEPARATOR)
            if j % grid.group == 0:
                ttk.Label(self, text=target, font=("TkDefaultFont", 9, "bold")).grid(
                    row=0, column=j + 2, columnspan=grid.group)
            ttk.Label(self, text=_(position), font=("TkDefaultFont", 8), wraplength=44,
                      justify="center").grid(row=1, column=j + 2, padx=1)

    def _cell(self, i: int, j: int) -> tk.Label:
        cell = tk.Label(self, width=4, font=CELL_FONT, relief="groove", borderwidth=1)
        pad = (6 if j % self._grid.group == 0 else 0, 0)
        cell.grid(row=i + 2, column=j + 2, padx=pad, sticky="nsew")
        cell.bind("<Enter>", lambda _e: self._describe(i, j))
        return cell

    def show(self, grid: Grid) -> None:
        """New numbers; a cell whose needed roll differs from the default rules' is marked."""
        self._grid = grid
        for i, row in enumerate(grid.hits):
            for j, hit in enumerate(row):
                changed = (i, j) in grid.changed
                self.cells[i][j].configure(
                    text=percent(float(hit.probability)),
                    foreground=CHANGED_TEXT if changed else "black",
                    background=CHANGED_BACK if changed else PLAIN_BACK)

    def _describe(self, i: int, j: int) -> None:
        hit = self._grid.hits[i][j]
        said = _("{rows} shooting {cols}: needs {needed} on 2d6, {percent} (differs from the "
                 "default rules)") if (i, j) in self._grid.changed else \
            _("{rows} shooting {cols}: needs {needed} on 2d6, {percent}")
        self.hover.configure(text=said.format(
            rows=self._grid.rows[i], cols=self._grid.cols[j], needed=hit.needed,
            percent=percent(float(hit.probability))))
