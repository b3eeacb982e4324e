"""The tool palette: terrain, tool, brush size and the unit to place, each with a key."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from laser_flag.board.tile_labels import TILE_LABELS
from laser_flag.engine.game_map import TEAMS, TILE_KINDS
from laser_flag.engine.ruleset import CLASSES, class_label
from laser_flag.i18n import _

from .pointer import BRUSH, LOS, RECT, UNIT
from .tooltip import tip

TERRAIN_KEYS = dict(zip(TILE_KINDS, "123456", strict=True))
TERRAIN_HELP = {
    "level": _("open ground"),
    "elevated": _("a low block units climb onto; never blocks sight"),
    "wall": _("blocks movement and sight; painting it over a unit removes the unit"),
    "base_1": _("recharges team 1's lasers"),
    "base_2": _("recharges team 2's lasers"),
    "base_u": _("recharges both teams' lasers"),
}
TOOL_INFO = {  # tool: (label, key, what it does)
    BRUSH: (_("Brush"), "b", _("Paint the chosen terrain: click or drag")),
    RECT: (_("Rectangle"), "r", _("Fill a rectangle with the chosen terrain: drag corner to "
                                    "corner")),
    UNIT: (_("Unit"), "u", _("Click an empty tile to place a unit, drag a unit to move it")),
    LOS: (_("Sight"), "l", _("Click a tile to see every tile it has line of sight to")),
}
BRUSH_SIZES = (1, 2, 3, 4, 5)
SWATCH_PX = 22


class ToolPanel(ttk.Frame):
    """Holds the current tool settings as Tk variables; `on_change` runs after any change."""

    def __init__(self, master: tk.Misc, on_change: Callable[[], None]) -> None:
        super().__init__(master, padding=6)
        self.tool = tk.StringVar(value=BRUSH)
        self.kind = tk.StringVar(value="wall")
        self.brush = tk.IntVar(value=1)
        self.team = tk.StringVar(value="1")
        self.unit_class = tk.StringVar(value=CLASSES[0])
        self.swatches: dict[str, tk.PhotoImage] = {}
        self._terrain_buttons: dict[str, tk.Radiobutton] = {}
        for var in (self.tool, self.kind, self.brush, self.team, self.unit_class):
            var.trace_add("write", lambda *__: on_change())
        self._terrain()
        self._tools()
        self._brush()
        self._unit()

    def _heading(self, text: str) -> None:
        ttk.Label(self, text=text, font=("TkDefaultFont", 10, "bold")).pack(anchor="w", pady=(8, 2))

    def _choice(self, var: tk.Variable, value: object, text: str, help_text: str) -> tk.Radiobutton:
        button = tk.Radiobutton(self, text=text, variable=var, value=value, indicatoron=False,
                                anchor="w", compound="left", padx=6, pady=2)
        button.pack(fill="x", pady=1)
        tip(button, help_text)
        return button

    def _terrain(self) -> None:
        self._heading(_("Terrain"))
        for kind in TILE_KINDS:
            key = TERRAIN_KEYS[kind]
            text = f"{_(TILE_LABELS[kind])}  [{key}]"
            help_text = _("{TILE_LABELS}: {TERRAIN_HELP}. Key {key}").format(
                TILE_LABELS=_(TILE_LABELS[kind]), TERRAIN_HELP=TERRAIN_HELP[kind], key=key)
            self._terrain_buttons[kind] = self._choice(self.kind, kind, text, help_text)

    def _tools(self) -> None:
        self._heading(_("Tool"))
        for tool, (label, key, what) in TOOL_INFO.items():
            self._choice(self.tool, tool, f"{label}  [{key.upper()}]", _("{what}. Key "
                                                                         "{upper}").format(
                what=what, upper=key.upper()))

    def _brush(self) -> None:
        self._heading(_("Brush size"))
        spin = ttk.Spinbox(self, from_=BRUSH_SIZES[0], to=BRUSH_SIZES[-1], width=5,
                           textvariable=self.brush, state="readonly")
        spin.pack(anchor="w")
        tip(spin, _("Side of the square the brush paints, in tiles. Keys [ and ]"))

    def _unit(self) -> None:
        self._heading(_("New unit"))
        for team in TEAMS:
            help_text = _("Place units of team {team}. Key T toggles").format(team=team)
            self._choice(self.team, team, _("Team {team}").format(team=team), help_text)
        combo = ttk.Combobox(self, values=[class_label(c) for c in CLASSES], state="readonly",
                             width=10)
        combo.current(0)
        combo.bind("<<ComboboxSelected>>",
                   lambda _e: self.unit_class.set(CLASSES[combo.current()]))
        self.unit_class.trace_add(
            "write", lambda *__: combo.current(CLASSES.index(self.unit_class.get())))
        combo.pack(anchor="w", pady=2)
        tip(combo, _("Class of the units the Unit tool places. Key C cycles"))

    def set_swatches(self, images: dict[str, tk.PhotoImage]) -> None:
        """Show each terrain as the game draws it."""
        self.swatches = images
        for kind, button in self._terrain_buttons.items():
            button.configure(image=images[kind])

    def cycle_class(self) -> None:
        i = CLASSES.index(self.unit_class.get())
        self.unit_class.set(CLASSES[(i + 1) % len(CLASSES)])

    def toggle_team(self) -> None:
        self.team.set("2" if self.team.get() == "1" else "1")

    def step_brush(self, step: int) -> None:
        self.brush.set(min(max(self.brush.get() + step, BRUSH_SIZES[0]), BRUSH_SIZES[-1]))
