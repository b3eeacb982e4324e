"""Live facts about the map (mode, units, symmetry) and the selected unit's editor."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from laser_flag.engine.game_map import TEAMS, GameMap
from laser_flag.engine.ruleset import CLASSES, class_label
from laser_flag.i18n import N_, _

from .document import UnitRow
from .legend import Legend
from .symmetry import SYMMETRIES
from .tooltip import tip
from .words import unit_at

UnitChange = Callable[[str, str], None]  # team, class
NO_UNIT = N_("none: use the Unit tool")


class InfoPanel(ttk.Frame):
    """Updated after every edit, so a designer sees what the game will make of the map."""

    def __init__(self, master: tk.Misc, on_unit_change: UnitChange,
                 on_unit_delete: Callable[[], None], on_properties: Callable[[], None],
                 on_hide_overlay: Callable[[], None]) -> None:
        super().__init__(master, padding=6, width=230)
        self._on_unit_change = on_unit_change
        facts = ttk.Frame(self)
        facts.pack(fill="x", pady=(6, 0))
        self.mode = self._fact(facts, _("Mode"), _("What the bases make of the map (RULES §7)"))
        self.size = self._fact(facts, _("Size"), _("Rows x columns"))
        self.units = self._fact(facts, _("Units"), _("Starting units per team"))
        self.symmetry = self._fact(
            facts, _("Symmetry"), _("Which symmetries the map has now, teams and bases swapped "
                                    "(Map menu)"))
        button = ttk.Button(self, text=_("Map properties..."), command=on_properties)
        button.pack(fill="x", pady=(10, 0))
        tip(button, _("Name, teams, colours, limits and rule overrides. Ctrl+P"))
        self._selected_box(on_unit_delete)
        self.legend = Legend(self, on_hide_overlay)  # an overlay's colours, while it is shown

    def _fact(self, facts: ttk.Frame, title: str, help_text: str) -> ttk.Label:
        """A bold name and its value, side by side (the panel fits a small window)."""
        row = len(facts.grid_slaves(column=0))
        heading = ttk.Label(facts, text=title, font=("TkDefaultFont", 10, "bold"))
        heading.grid(row=row, column=0, sticky="nw", padx=(0, 8), pady=1)
        value = ttk.Label(facts, text="", wraplength=150, justify="left")
        value.grid(row=row, column=1, sticky="nw", pady=1)
        tip(heading, help_text)
        return value

    def _selected_box(self, on_delete: Callable[[], None]) -> None:
        self.unit_box = ttk.LabelFrame(self, text=_("Selected unit"), padding=6)
        self.unit_box.pack(fill="x", pady=(10, 0))
        self.unit_label = ttk.Label(self.unit_box, text=_(NO_UNIT),
                                    wraplength=210)
        self.unit_label.pack(anchor="w")
        self.unit_team = tk.StringVar()
        row = ttk.Frame(self.unit_box)
        row.pack(anchor="w")
        for team in TEAMS:
            radio = ttk.Radiobutton(row, text=_("Team {team}").format(
                team=team), value=team, variable=self.unit_team,
                                    command=self._changed)
            radio.pack(side="left")
            tip(radio, _("Move the selected unit to team {team}").format(team=team))
        change = ttk.Frame(self.unit_box)
        change.pack(anchor="w", pady=(2, 0))
        self.unit_class = ttk.Combobox(change, state="readonly", width=9,
                                       values=[class_label(c) for c in CLASSES])
        self.unit_class.bind("<<ComboboxSelected>>", lambda _e: self._changed())
        self.unit_class.pack(side="left")
        tip(self.unit_class, _("Change the selected unit's class"))
        delete = ttk.Button(change, text=_("Delete"), command=on_delete, width=7)
        delete.pack(side="left", padx=(6, 0))
        tip(delete, _("Remove the selected unit from the map. Key Delete"))
        self._unit_widgets = [*row.winfo_children(), self.unit_class, delete]

    def _changed(self) -> None:
        if self.unit_class.current() >= 0 and self.unit_team.get():
            self._on_unit_change(self.unit_team.get(), CLASSES[self.unit_class.current()])

    def show(self, gm: GameMap, symmetric: list[str]) -> None:
        self.mode.configure(text=_(gm.mode))
        counts = [sum(1 for u in gm.units if u.team == t) for t in TEAMS]
        self.units.configure(text="\n".join(
            _("{name} (team {team}): {count}").format(name=gm.teams[t].name, team=t, count=n)
            for t, n in zip(TEAMS, counts, strict=True)))
        self.symmetry.configure(text="\n".join(
            f"{'✔' if s in symmetric else '✘'} {_(s)}" for s in SYMMETRIES))
        self.size.configure(text=f"{gm.rows} x {gm.cols}")

    def show_unit(self, unit: UnitRow | None) -> None:
        """The selected unit's team and class, or a hint when none is selected."""
        for widget in self._unit_widgets:
            widget.state(["disabled" if unit is None else "!disabled"])
        if unit is None:
            self.unit_label.configure(text=_(NO_UNIT))
            self.unit_team.set("")
            self.unit_class.set("")
            return
        self.unit_label.configure(text=unit_at(unit))
        self.unit_team.set(unit.team)
        self.unit_class.current(CLASSES.index(unit.unit_class))
