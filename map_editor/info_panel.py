"""Live facts about the map (mode, units, symmetry) and the selected unit's editor."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from laser_flag.engine.game_map import TEAMS, GameMap
from laser_flag.engine.ruleset import CLASS_LABELS, CLASSES

from .document import UnitRow
from .legend import Legend
from .symmetry import SYMMETRIES
from .tooltip import tip
from .words import unit_at

UnitChange = Callable[[str, str], None]  # team, class


class InfoPanel(ttk.Frame):
    """Updated after every edit, so a designer sees what the game will make of the map."""

    def __init__(self, master: tk.Misc, on_unit_change: UnitChange,
                 on_unit_delete: Callable[[], None], on_properties: Callable[[], None],
                 on_hide_overlay: Callable[[], None]) -> None:
        super().__init__(master, padding=6, width=230)
        self._on_unit_change = on_unit_change
        self.mode = self._fact("Game mode", "What the bases make of the map (RULES §7)")
        self.units = self._fact("Units", "Starting units per team")
        self.symmetry = self._fact(
            "Symmetry", "Which symmetries the map has now, teams and bases swapped (Map menu)")
        self.size = self._fact("Size", "Rows x columns")
        button = ttk.Button(self, text="Map properties...", command=on_properties)
        button.pack(fill="x", pady=(10, 0))
        tip(button, "Name, teams, colours, limits and rule overrides. Ctrl+P")
        self._selected_box(on_unit_delete)
        self.legend = Legend(self, on_hide_overlay)  # an overlay's colours, while it is shown

    def _fact(self, title: str, help_text: str) -> ttk.Label:
        heading = ttk.Label(self, text=title, font=("TkDefaultFont", 10, "bold"))
        heading.pack(anchor="w", pady=(8, 0))
        value = ttk.Label(self, text="", wraplength=210, justify="left")
        value.pack(anchor="w")
        tip(heading, help_text)
        return value

    def _selected_box(self, on_delete: Callable[[], None]) -> None:
        self.unit_box = ttk.LabelFrame(self, text="Selected unit", padding=6)
        self.unit_box.pack(fill="x", pady=(14, 0))
        self.unit_label = ttk.Label(self.unit_box, text="none: click a unit with the Unit tool")
        self.unit_label.pack(anchor="w")
        self.unit_team = tk.StringVar()
        row = ttk.Frame(self.unit_box)
        row.pack(anchor="w")
        for team in TEAMS:
            radio = ttk.Radiobutton(row, text=f"Team {team}", value=team, variable=self.unit_team,
                                    command=self._changed)
            radio.pack(side="left")
            tip(radio, f"Move the selected unit to team {team}")
        self.unit_class = ttk.Combobox(self.unit_box, state="readonly", width=12,
                                       values=[CLASS_LABELS[c] for c in CLASSES])
        self.unit_class.bind("<<ComboboxSelected>>", lambda _e: self._changed())
        self.unit_class.pack(anchor="w", pady=2)
        tip(self.unit_class, "Change the selected unit's class")
        delete = ttk.Button(self.unit_box, text="Delete unit", command=on_delete)
        delete.pack(anchor="w")
        tip(delete, "Remove the selected unit from the map. Key Delete")
        self._unit_widgets = [*row.winfo_children(), self.unit_class, delete]

    def _changed(self) -> None:
        if self.unit_class.current() >= 0 and self.unit_team.get():
            self._on_unit_change(self.unit_team.get(), CLASSES[self.unit_class.current()])

    def show(self, gm: GameMap, symmetric: list[str]) -> None:
        self.mode.configure(text=gm.mode)
        counts = [sum(1 for u in gm.units if u.team == t) for t in TEAMS]
        self.units.configure(text="\n".join(
            f"{gm.teams[t].name} (team {t}): {n}" for t, n in zip(TEAMS, counts, strict=True)))
        self.symmetry.configure(text="\n".join(
            f"{'✔' if s in symmetric else '✘'} {s}" for s in SYMMETRIES))
        self.size.configure(text=f"{gm.rows} x {gm.cols}")

    def show_unit(self, unit: UnitRow | None) -> None:
        """The selected unit's team and class, or a hint when none is selected."""
        for widget in self._unit_widgets:
            widget.state(["disabled" if unit is None else "!disabled"])
        if unit is None:
            self.unit_label.configure(text="none: click a unit with the Unit tool")
            self.unit_team.set("")
            self.unit_class.set("")
            return
        self.unit_label.configure(text=unit_at(unit))
        self.unit_team.set(unit.team)
        self.unit_class.current(CLASSES.index(unit.unit_class))
