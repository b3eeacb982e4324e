"""The map properties dialog: texts, teams, limits and the rule-override table."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import colorchooser, ttk
from typing import Any

from laser_flag.engine.game_map import TEAMS
from laser_flag.engine.ruleset import (
    CLASSES,
    COLUMNS,
    DEFAULT_RULESET,
    RulesError,
    Ruleset,
    class_label,
)
from laser_flag.i18n import N_, _

from . import defaults
from .dialogs import Modal
from .properties import (
    RULE_LABELS,
    cell_text,
    check_values,
    effective,
    parse_cell,
    positive,
    rule_cells,
    rule_overrides,
    yes_no,
)
from .roll_table import RollTable, grid_for
from .tooltip import tip

# Each colour key's colour picker: its title and its button's tip, whole sentences.
COLOUR_KEYS = {"team_color": (N_("Team {team}: colour"), N_("Pick team {team}'s colour")),
               "alt_team_color": (N_("Team {team}: alternate colour"),
                                  N_("Pick team {team}'s alternate colour"))}
CHANGED_CELL = "#0050d0"
TEXT_PX = 640  # explanations wrap: the dialog fits a 900 px wide screen


def _hex(rgb: list[int]) -> str:
    return "#" + "".join(f"{v:02x}" for v in rgb)


class PropertiesDialog(Modal):
    """Edits a copy of the properties; OK hands the new values to `on_ok` (only if all parse)."""

    def __init__(self, parent: tk.Misc, data: dict[str, Any],
                 on_ok: Callable[[dict[str, Any]], None]) -> None:
        super().__init__(parent, _("Map properties"))
        self._on_ok = on_ok
        self._data = data
        self._colours = {k: effective(data, k) for k in COLOUR_KEYS}
        notebook = ttk.Notebook(self.body)
        notebook.pack(fill="both", expand=True)
        self._general(notebook, data)
        self._teams(notebook, data)
        self._rules(notebook, data)
        self._hit_chances(notebook)
        self.error = ttk.Label(self.body, foreground="#c00000", wraplength=560)
        self.error.pack(anchor="w", pady=4)
        buttons = ttk.Frame(self.body)
        buttons.pack(anchor="e")
        ok = ttk.Button(buttons, text=_("OK"), command=self._ok)
        ok.pack(side="left", padx=4)
        tip(ok, _("Apply the properties (one undo step)"))
        cancel = ttk.Button(buttons, text=_("Cancel"), command=self.destroy)
        cancel.pack(side="left")
        tip(cancel, _("Close without changing anything. Key Escape"))
        self.bind("<Escape>", lambda _e: self.destroy())

    def _tab(self, notebook: ttk.Notebook, title: str) -> ttk.Frame:
        frame = ttk.Frame(notebook, padding=10)
        notebook.add(frame, text=title)
        return frame

    def _entry(self, frame: ttk.Frame, row: int, col: int, text: str, help_text: str,
               width: int = 30) -> tk.StringVar:
        var = tk.StringVar(value=text)
        entry = ttk.Entry(frame, textvariable=var, width=width)
        entry.grid(row=row, column=col, sticky="w", padx=4, pady=2)
        tip(entry, help_text)
        return var

    def _general(self, notebook: ttk.Notebook, data: dict[str, Any]) -> None:
        frame = self._tab(notebook, _("General"))
        self._texts = {}
        fields = (("name", _("Name"), _("The map's name, shown in the game's map chooser")),
                  ("author", _("Author"), _("Who made the map, shown in the game's map chooser")))
        for row, (key, label, what) in enumerate(fields):
            ttk.Label(frame, text=label).grid(row=row, column=0, sticky="w")
            self._texts[key] = self._entry(frame, row, 1, effective(data, key), what)
        ttk.Label(frame, text=_("Description")).grid(row=2, column=0, sticky="nw")
        self._description = tk.Text(frame, width=50, height=5, wrap="word")
        self._description.insert("1.0", effective(data, "description"))
        self._description.grid(row=2, column=1, padx=4, pady=2)
        tip(self._description, _("A few lines about the map for the map chooser"))
        ttk.Label(frame, text=_("Round limit")).grid(row=3, column=0, sticky="w")
        limit = effective(data, "turn_limit")
        self._turn_limit = self._entry(frame, 3, 1, "" if limit is None else str(limit),
                                       _("Rounds before the higher score wins; blank: no limit"), 8)
        self._fog = tk.BooleanVar(value=effective(data, "fog_of_war"))
        fog = ttk.Checkbutton(frame, text=_("Fog of war by default"), variable=self._fog)
        fog.grid(row=4, column=1, sticky="w", padx=4, pady=2)
        tip(fog, _("Games on this map start with fog of war: each side sees only what its units "
                   "see (players may switch it off as a game starts; Play-test follows it)"))

    def _teams(self, notebook: ttk.Notebook, data: dict[str, Any]) -> None:
        frame = self._tab(notebook, _("Teams"))
        names, limits = defaults.shown(data, "team_names"), defaults.shown(data, "score_limit")
        outlines = effective(data, "b_w_team_color")
        self._outlines = {t: tk.StringVar(value=outlines[t]) for t in TEAMS}
        self._names, self._limits = {}, {}
        labels = (_("Name"), _("Colour"), _("Alternate colour"), _("Outline"), _("Score limit"))
        for row, label in enumerate(labels, start=1):
            ttk.Label(frame, text=label).grid(row=row, column=0, sticky="w")
        for col, team in enumerate(TEAMS, start=1):
            ttk.Label(frame, text=_("Team {team}").format(team=team),
                      font=("TkDefaultFont", 10, "bold")).grid(row=0, column=col)
            self._names[team] = self._entry(
                frame, 1, col, names[team], _("Team {team}'s name. Left as proposed, it follows "
                                              "the team's colour").format(
                    team=team), 16)
            for row, key in enumerate(COLOUR_KEYS, start=2):
                self._colour_button(frame, row, col, key, team)
            outline = ttk.Combobox(frame, values=("black", "white"), width=8, state="readonly",
                                   textvariable=self._outlines[team])
            outline.grid(row=4, column=col, sticky="w", padx=4)
            tip(outline, _("Team {team}'s outline shade around units").format(team=team))
            self._limits[team] = self._entry(
                frame, 5, col, str(limits[team]), _("Points team {team} needs to win. Left as "
                                                    "proposed, it follows the units").format(
                    team=team), 6)
        self._proposal = ttk.Label(frame, wraplength=440, justify="left", foreground="#555555")
        self._proposal.grid(row=6, column=0, columnspan=3, sticky="w", pady=(10, 0))
        self._propose()

    def _propose(self) -> None:
        """Say what the map proposes with the colours picked, and why, under the team table."""
        proposed = defaults.proposals({**self._data, "team_color": self._colours["team_color"]})
        names, limits = proposed["team_names"], proposed["score_limit"]
        self._proposal.configure(text=(
            _("Proposed from the map: names {names} and {names2}, after the colours; score limits "
              "{limits} and {limits2}: one and a half hits per enemy unit that can recharge at a "
              "base, one per enemy unit that cannot. A name or limit left as proposed follows the "
              "map as you edit it.").format(
                names=names['1'], names2=names['2'], limits=limits['1'], limits2=limits['2'])))

    def _colour_button(self, frame: ttk.Frame, row: int, col: int, key: str, team: str) -> None:
        button = tk.Button(frame, width=6, background=_hex(self._colours[key][team]))

        def pick() -> None:
            title = _(COLOUR_KEYS[key][0]).format(team=team)
            rgb, __ = colorchooser.askcolor(_hex(self._colours[key][team]), parent=self,
                                            title=title)
            if rgb is not None:
                self._recolour(key, team, [int(v) for v in rgb])
                button.configure(background=_hex(self._colours[key][team]))

        button.configure(command=pick)
        button.grid(row=row, column=col, sticky="w", padx=4, pady=2)
        tip(button, _(COLOUR_KEYS[key][1]).format(team=team))

    def _recolour(self, key: str, team: str, rgb: list[int]) -> None:
        """A new colour; the team names left as proposed follow the main colour."""
        before = {t: tuple(c) for t, c in self._colours["team_color"].items()}
        self._colours[key] = {**self._colours[key], team: rgb}
        if key == "team_color":
            after = {t: tuple(c) for t, c in self._colours["team_color"].items()}
            names = defaults.renamed({t: v.get() for t, v in self._names.items()}, before, after)
            for t, name in names.items():
                self._names[t].set(name)
            self._propose()

    def _rules(self, notebook: ttk.Notebook, data: dict[str, Any]) -> None:
        frame = self._tab(notebook, _("Rules"))
        ttk.Label(frame, text=_("The ruleset of RULES.md; blue cells differ from the default and "
                                "are written to the map. Hover a cell for its default."),
                  wraplength=TEXT_PX).grid(
            row=0, column=0, columnspan=len(CLASSES) + 1, sticky="w", pady=(0, 6))
        self._cells: dict[tuple[str, str], tk.Variable] = {}
        cells = rule_cells(data)
        for col, unit_class in enumerate(CLASSES, start=1):
            ttk.Label(frame, text=class_label(unit_class)).grid(row=1, column=col)
        for row, column in enumerate(COLUMNS, start=2):
            label = ttk.Label(frame, text=_(RULE_LABELS[column]))
            label.grid(row=row, column=0, sticky="w")
            tip(label, _("The rule's key in the map file and RULES.md: {key}").format(key=column))
            for col, unit_class in enumerate(CLASSES, start=1):
                self._cell(frame, row, col, unit_class, column, cells[(unit_class, column)])

    def _cell(self, frame: ttk.Frame, row: int, col: int, unit_class: str, column: str,
              value: Any) -> None:
        """A number rule as a field, a yes/no rule as a checkbox; blue when not the default."""
        default = getattr(DEFAULT_RULESET[unit_class], column)
        if yes_no(column):
            var: tk.Variable = tk.BooleanVar(value=value)
            widget: tk.Checkbutton | tk.Entry = tk.Checkbutton(frame, variable=var, width=4,
                                                               anchor="w")
        else:
            var = tk.StringVar(value=cell_text(value))
            widget = tk.Entry(frame, textvariable=var, width=7, justify="center")
        widget.grid(row=row, column=col, padx=2, pady=1)

        def recolour(*__: object) -> None:
            now = var.get()
            if yes_no(column):
                changed = now != default
                widget.configure(text=cell_text(now))
            else:
                changed = now.strip().lower() != str(default)
            widget.configure(foreground=CHANGED_CELL if changed else "black")

        var.trace_add("write", recolour)
        var.trace_add("write", lambda *__: self._rules_typed())
        recolour()
        tip(widget, _("{class_label} {replace}; default {cell_text}").format(
            class_label=class_label(unit_class), replace=column.replace('_', ' '),
            cell_text=cell_text(default)))
        self._cells[(unit_class, column)] = var

    def _hit_chances(self, notebook: ttk.Notebook) -> None:
        frame = self._tab(notebook, _("Hit chances"))
        ttk.Label(frame, text=_("Chance to hit with the rules on the Rules tab, updated as you "
                                "type; marked cells need another roll than with the default "
                                "rules."),
                  wraplength=TEXT_PX).pack(anchor="w", pady=(0, 6))
        self.rolls = RollTable(frame, grid_for(self._rules_typed_in()))
        self.rolls.pack(anchor="w")
        self.rolls_note = ttk.Label(frame, text="", foreground="#c00000")
        self.rolls_note.pack(anchor="w")

    def _overrides(self) -> dict[str, dict[str, Any]]:
        """The Rules tab's cells that differ from the defaults; ValueError names a bad cell."""
        cells = {k: v.get() if yes_no(k[1]) else parse_cell(k[1], v.get())
                 for k, v in self._cells.items()}
        try:
            return rule_overrides(cells)
        except RulesError as e:
            raise ValueError(str(e)) from None

    def _rules_typed_in(self) -> Ruleset:
        return DEFAULT_RULESET.with_overrides(self._overrides())

    def _rules_typed(self) -> None:
        """Refresh the hit chances after a rule cell changed (the last good table stays)."""
        if not hasattr(self, "rolls"):
            return  # the Rules tab is still being built
        try:
            self.rolls.show(grid_for(self._rules_typed_in()))
        except ValueError as e:
            self.rolls_note.configure(text=_("Not updated: {e}").format(e=e))
            return
        self.rolls_note.configure(text="")

    def values(self) -> dict[str, Any]:
        """Every property as its JSON value; ValueError names the first field that is wrong."""
        rules = self._overrides()
        values = {
            **{k: v.get() for k, v in self._texts.items()},
            "description": self._description.get("1.0", "end-1c"),
            "turn_limit": positive(self._turn_limit.get(), _("Round limit"), blank_ok=True),
            "fog_of_war": self._fog.get(),
            "team_names": {t: v.get() for t, v in self._names.items()},
            "score_limit": {t: positive(v.get(), _("Team {t}'s score limit").format(t=t))
                            for t, v in self._limits.items()},
            "b_w_team_color": {t: v.get() for t, v in self._outlines.items()},
            **self._colours,
            "rules": rules,
        }
        check_values(values)
        return values

    def _ok(self) -> None:
        try:
            values = self.values()
        except ValueError as e:
            self.error.configure(text=str(e))
            return
        self.destroy()
        self._on_ok(values)
