"""The editor window: one document, the board, the panels, files and the unsaved-work guard."""

from __future__ import annotations

import os
import subprocess
import sys
import tkinter as tk
from pathlib import Path
from tkinter import filedialog, messagebox, ttk
from typing import Any

from laser_flag.board.tile_labels import TILE_LABELS
from laser_flag.engine.game_map import TILE_KINDS, GameMap, Pos
from laser_flag.engine.mapfile import MapError
from laser_flag.i18n import N_, _, ngettext
from laser_flag.random_maps import origin

from . import commands, symmetry
from .balance_panel import BalancePanel, Hooks
from .balance_run import LAYERS
from .board_view import (
    BOARD_AREA,
    MIN_AREA,
    PROBLEM_COLOUR,
    SELECT_COLOUR,
    SIGHT_COLOUR,
    BoardView,
)
from .dialogs import CANCEL, SAVE, ask_new_size, ask_save_changes
from .document import MapDocument
from .generate_dialog import GenerateDialog
from .info_panel import InfoPanel
from .menus import build_menus
from .overlay_choice import HITS, SIGHT, OverlayChoice, hits_label
from .overlays import heat_bands
from .pointer import BRUSH, LOS, RECT, UNIT, Pointer
from .problems_panel import ProblemsPanel
from .properties_dialog import PropertiesDialog
from .render import Overlays, ppm_data, sight_shades, tile_swatch
from .storage import copy_path, is_bundled, new_map_data, proposed_path
from .tool_panel import SWATCH_PX, TERRAIN_KEYS, TOOL_INFO, ToolPanel
from .validation import Checked, Problem, check
from .words import place, problem_row, unit_name

APP_NAME = N_("Laser Flag Map Editor")
MAP_TYPES = [(N_("Laser Flag maps"), "*.json *.txt"), (N_("All files"), "*")]

PLAY_COMMAND = [sys.executable, "-m", "laser_flag", "--play-test", "--map"]
SIDE_PANELS_PX = (480, 200)  # room the panels, menu, status bar and Problems list take
HOVER_CHARS = 38  # the hover bar: "row 20, column 20: Team 2 base, Team 2 Sniper" mostly fits


def map_types() -> list[tuple[str, str]]:
    """The open and save dialogs' file types, in the editor's language."""
    return [(_(name), pattern) for name, pattern in MAP_TYPES]


def board_area(root: tk.Misc) -> int:
    """The board's first size: what the screen leaves beside the panels, so the window fits a
    small screen; it grows and shrinks with the window after that."""
    room = min(root.winfo_screenwidth() - SIDE_PANELS_PX[0],
               root.winfo_screenheight() - SIDE_PANELS_PX[1])
    return max(MIN_AREA, min(BOARD_AREA, room))


def game_env() -> dict[str, str]:
    """The environment for the play-tested game, minus the off-screen driver the editor uses."""
    env = dict(os.environ)
    if env.get("SDL_VIDEODRIVER") == "dummy":
        del env["SDL_VIDEODRIVER"]
    return env


class EditorWindow:
    """Draws the document and routes input to the commands that edit it (map_editor.commands),
    the pointer's tools and the overlay choice; the files and dialogs are its own."""

    def __init__(self, root: tk.Tk, doc: MapDocument) -> None:
        self.root = root
        self.doc = doc
        self.pointer = Pointer(doc)
        self.overlay = OverlayChoice(self.pointer)
        self.balance: BalancePanel | None = None
        self.alternate = False
        self.checked: Checked | None = None  # the problems and the preview, after each edit
        self.chosen: Problem | None = None  # the problem shown on the board
        self.hovered: Pos | None = None
        self.play_process: subprocess.Popen | None = None
        self._build()
        root.protocol("WM_DELETE_WINDOW", self.close)
        root.bind("<Map>", self._first_shown, add=True)
        self.refresh()

    def _first_shown(self, event: tk.Event) -> None:
        """The window, once on screen, takes the keyboard: its shortcuts (Ctrl+N, ...) work
        from the start, not only once a click or a menu has given it the focus."""
        if event.widget is self.root:
            self.root.unbind("<Map>")
            self.root.focus_force()

    # --- building -------------------------------------------------------

    def _build(self) -> None:
        self.tools = ToolPanel(self.root, self._tools_changed)
        self.tools.grid(row=0, column=0, sticky="ns")
        centre = ttk.Frame(self.root, padding=(8, 4, 8, 4))
        centre.grid(row=0, column=1, sticky="nsew")
        pointer = self.pointer
        self.board = BoardView(centre, board_area(self.root),
                               lambda pos: self._pointed(pointer.press, pos),
                               lambda pos: self._pointed(pointer.drag, pos),
                               lambda pos: self._pointed(pointer.release, pos), self._hover)
        self.board.grid(row=0, column=0, sticky="nsew")
        self.problems = ProblemsPanel(centre, self.show_problem)
        self.problems.grid(row=1, column=0, sticky="ew", pady=(4, 0))
        centre.rowconfigure(0, weight=1)
        centre.columnconfigure(0, weight=1)
        self.info = InfoPanel(
            self.root, lambda team, unit_class: self.run(commands.change_unit, pointer.selected,
                                                         team, unit_class),
            self.delete_unit, self.edit_properties, lambda: self.view(self.overlay.hide))
        self.info.grid(row=0, column=2, sticky="ns")
        bars = ttk.Frame(self.root)
        bars.grid(row=1, column=0, columnspan=3, sticky="ew")
        # Fixed asked-for widths: a long message is cut at the window's edge, never widens it.
        self.status = ttk.Label(bars, text="", relief="sunken", anchor="w", padding=(6, 2),
                                width=1)
        self.status.pack(side="left", fill="x", expand=True)
        self.hover = ttk.Label(bars, text="", relief="sunken", anchor="w", padding=(6, 2),
                               width=HOVER_CHARS)
        self.hover.pack(side="right")
        self.root.columnconfigure(1, weight=1)
        self.root.rowconfigure(0, weight=1)
        build_menus(self.root, self)
        self._bind_keys()

    def _bind_keys(self) -> None:
        choose, set_tool = self._choose_terrain, self.tools.tool.set
        terrain = {key: (lambda k=kind: choose(k)) for kind, key in TERRAIN_KEYS.items()}
        tools = {info[1]: (lambda t=tool: set_tool(t)) for tool, info in TOOL_INFO.items()}
        keys: dict[str, Any] = {
            **terrain,
            **tools,
            "h": lambda: self.view(self.overlay.toggle_exposure),
            "a": self.toggle_alternate,
            "t": self.tools.toggle_team,
            "c": self.tools.cycle_class,
            "bracketleft": lambda: self.tools.step_brush(-1),
            "bracketright": lambda: self.tools.step_brush(1),
            "Escape": lambda: self.view(self.overlay.hide),
        }
        for key, command in keys.items():
            self.root.bind(f"<Key-{key}>", lambda _e, c=command: c())

    def _choose_terrain(self, kind: str) -> None:
        self.tools.kind.set(kind)
        if self.tools.tool.get() != RECT:
            self.tools.tool.set(BRUSH)

    def _tools_changed(self) -> None:
        p, t = self.pointer, self.tools
        p.tool, p.kind, p.brush = t.tool.get(), t.kind.get(), t.brush.get()
        p.team, p.unit_class = t.team.get(), t.unit_class.get()
        if p.tool != LOS:
            p.los_origin = None
        self.refresh()

    # --- showing --------------------------------------------------------

    def refresh(self) -> None:
        """Redraw everything from the document; cheap enough to run after every edit."""
        self.pointer.forget_gone()
        self.checked = check(self.doc.data, self.doc.title_name)
        # the chosen problem stays chosen while the map still has it
        self.chosen = next((p for p in self.checked.problems if p == self.chosen), None)
        gm = self.checked.preview
        overlays = Overlays(self.overlay.seen(), self.overlay.heat())
        self.board.show(gm, self.alternate, overlays, self._marks)
        self._legend(gm)
        if self._balance_open():
            self.balance.show_badge()
        self.problems.show([problem_row(p, self.doc.unit_rows) for p in self.checked.problems])
        self.info.show(gm, symmetry.symmetries(self.doc))
        selected = self.pointer.selected
        self.info.show_unit(None if selected is None else self.doc.unit_rows[selected])
        self.tools.set_swatches({k: tk.PhotoImage(data=ppm_data(tile_swatch(gm, k, SWATCH_PX)))
                                 for k in TILE_KINDS})
        mark = "*" if self.doc.modified else ""
        self.root.title(f"{self.doc.title_name}{mark} - {_(APP_NAME)}")
        if self.hovered is not None and self.doc.in_bounds(self.hovered):
            self._hover(self.hovered)  # the tile under the pointer may have changed

    def _marks(self) -> None:
        """Outlines over the board: the selected unit, problems in red over it (the chosen one
        thicker), the Sight tool's viewpoint and a rectangle being dragged."""
        if self.pointer.selected is not None:
            unit = self.doc.unit_rows[self.pointer.selected]
            self.board.mark([unit.pos], SELECT_COLOUR)
        for problem in self.checked.problems if self.checked else []:
            self.board.mark(problem.cells, PROBLEM_COLOUR, width=4 if problem == self.chosen
                            else 2)
        if self.overlay.shown() == SIGHT:
            self.board.mark([self.pointer.los_origin], SIGHT_COLOUR)
        if self.pointer.rect:
            self.board.frame(*self.pointer.rect)

    def _legend(self, gm: GameMap) -> None:
        """The shown overlay's colours and what they mean; gone with the overlay."""
        shown, legend = self.overlay.shown(), self.info.legend
        if shown is None:
            legend.hide()
        elif shown == SIGHT:
            seen, unseen = sight_shades(gm)
            legend.show(_("Sight from {place}").format(place=place(self.pointer.los_origin)),
                        [(seen, _("in its line of sight")), (unseen, _("out of its sight"))],
                        _("Click or drag over the board with the Sight tool to look from another "
                          "tile."))
        elif shown == HITS:
            counts = self.overlay.hit_counts
            bands = [(b.colour, hits_label(b.low, b.high)) for b in reversed(heat_bands(counts))]
            layer = _(LAYERS[self.overlay.hit_layer])
            legend.show(_("Hit map: {LAYERS}").format(LAYERS=layer), bands,
                        _("Hits in the Balance panel's games."))
        else:
            bands = [(b.colour, b.counts()) for b in reversed(heat_bands(self.overlay.heat()))]
            legend.show(_("Exposure: seen from N tiles"), bands, _("Hover a tile for its count."))

    def say(self, message: str) -> None:
        if message:
            self.status.configure(text=message)

    # --- routing input to the document --------------------------------------

    def run(self, command: Any, *args: Any) -> None:
        """`command(doc, *args)` from map_editor.commands: its line in the status bar, then
        everything redrawn."""
        self.say(command(self.doc, *args))
        self.refresh()

    def view(self, choice: Any) -> None:
        """A method of the overlay choice, which returns its status line."""
        self.say(choice())
        self.refresh()

    def _pointed(self, action: Any, pos: Pos) -> None:
        """A press, drag or release with the current tool."""
        origin = self.pointer.los_origin
        self.say(action(pos))
        self.overlay.looked_from(origin)
        self.refresh()

    def _hover(self, pos: Pos) -> None:
        """The tile under the pointer in the hover bar: its terrain, unit and overlay count."""
        self.hovered = pos
        if self.pointer.rect is not None:
            return
        index = self.doc.unit_at(pos)
        told = [_(TILE_LABELS[self.doc.tile(pos)])]
        if index is not None:
            told.append(unit_name(*self.doc.unit_rows[index][:2]))
        told.append(self.overlay.note(pos))
        self.hover.configure(text=f"{place(pos)}: {', '.join(filter(None, told))}")

    def show_problem(self, index: int) -> None:
        """Show problem `index` of the list: its tile marked, its unit selected with the Unit
        tool (to drag it away or delete it), or the Unit tool set for a team without units."""
        problems = self.checked.problems
        problem = self.chosen = problems[index]
        said = _("Problem {value} of {count}: {where}: {what}")
        if problem.unit is not None:
            self.tools.tool.set(UNIT)
            self.pointer.selected = problem.unit
            said = _("Problem {value} of {count}: {where}: {what}: drag it to a free tile or "
                     "press Delete")
        elif problem.team is not None:
            self.tools.tool.set(UNIT)
            self.tools.team.set(problem.team)
            said = _("Problem {value} of {count}: {where}: {what}: click a free tile to place one")
        where, what = problem_row(problem, self.doc.unit_rows)
        self.say(said.format(value=index + 1, count=len(problems), where=where, what=what))
        self.refresh()

    def check_map(self) -> None:
        """Check the map as Save does: the first problem shown, or the map's all-clear."""
        self.refresh()
        if self.checked.problems:
            self.problems.choose(0)
        else:
            self.say(commands.all_clear(self.checked.preview))

    def delete_unit(self) -> None:
        index, self.pointer.selected = self.pointer.selected, None
        self.run(commands.delete_unit, index)

    def edit_properties(self) -> None:
        PropertiesDialog(self.root, self.doc.data,
                         lambda values: self.run(commands.set_properties, values)).run()

    def open_balance(self) -> None:
        """The Balance panel (one at a time: a second request brings it forward)."""
        if self._balance_open():
            self.balance.lift()
            return
        hooks = Hooks(lambda: self.doc, self.show_hits,
                      lambda tweak: self.run(commands.apply_tweak, tweak),
                      lambda value: self.run(commands.keep_badge, value))
        self.balance = BalancePanel(self.root, hooks)

    def show_hits(self, layer: str, counts: dict[Pos, int]) -> None:
        """The Balance panel's hit map (OverlayChoice.take_hits), redrawn when it shows."""
        if self.overlay.take_hits(layer, counts):
            self.refresh()

    def use_sight_tool(self) -> None:
        self.tools.tool.set(LOS)
        self.say(_("Sight tool: click a tile to see what it has line of sight to"))

    def toggle_alternate(self) -> None:
        self.alternate = not self.alternate
        self.refresh()

    # --- files ----------------------------------------------------------

    def _confirm_discard(self, action: str) -> bool:
        """True when the current map may be replaced or closed (saved, or the user agreed)."""
        if not self.doc.modified:
            return True
        answer = ask_save_changes(self.root, self.doc.title_name, action)
        if answer == SAVE:
            return self.save()
        return answer != CANCEL

    def _replace(self, doc: MapDocument, message: str) -> None:
        if self._balance_open():
            self.balance.close()  # its numbers and hit map were of the map being replaced
        self.doc = self.pointer.doc = doc
        self.pointer.selected = None
        self.overlay.forget()
        self.chosen = None
        self.say(message)
        self.refresh()

    def new_map(self) -> None:
        if self._confirm_discard(_("starting a new map")):
            size = ask_new_size(self.root)
            if size:
                self._replace(MapDocument(new_map_data(*size)), _("New {size} x {size2} "
                                                                  "map").format(
                    size=size[0], size2=size[1]))

    def generate_map(self) -> None:
        """Map > Generate: the dialog, once the current map may be replaced (asked as New
        asks); the map it makes opens unsaved, for Save As."""
        if self._confirm_discard(_("generating a map")):
            GenerateDialog(self.root, self.open_generated).show()

    def open_generated(self, data: dict[str, Any]) -> None:
        doc = MapDocument(data)
        doc.history.mark_unsaved()
        self._replace(doc, _("{name}, {origin}: not saved yet (Save As keeps it)").format(
            name=data["name"], origin=origin(data)))

    def open_map(self) -> None:
        if self._confirm_discard(_("opening another map")):
            name = filedialog.askopenfilename(parent=self.root, filetypes=map_types(),
                                              title=_("Open a map"))
            if name:
                self.open_path(Path(name))

    def open_path(self, path: Path) -> bool:
        """Load `path`; a file the engine refuses is reported and nothing changes."""
        try:
            doc, message = commands.opened(path)
        except MapError as e:
            messagebox.showerror(_("Cannot open map"), str(e), parent=self.root)
            self.say(_("Not opened: {e}").format(e=e))
            return False
        self._replace(doc, message)
        problems = len(self.checked.problems)
        if problems and self.checked.refusal:
            self.say(ngettext(
                "Opened {path}: {problems} problem to mend before it can be saved; the Problems "
                "list under the board names it",
                "Opened {path}: {problems} problems to mend before it can be saved; the Problems "
                "list under the board names them", problems).format(path=path, problems=problems))
        return True

    def save(self) -> bool:
        """Save in place; a bundled map as a copy in the player's folder, which it then edits."""
        path = self.doc.path
        if path is None:
            return self.save_as()
        if not is_bundled(path):
            return self._save_to(path)
        copy = copy_path(path)
        saved = self._save_to(copy)
        if saved:
            said = _("{name} ships with the game, so it was saved as your copy (a draft): "
                     "{copy}") if self.checked.problems else \
                _("{name} ships with the game, so it was saved as your copy: {copy}")
            self.say(said.format(name=path.name, copy=copy))
        return saved

    def save_as(self) -> bool:
        """Save under a name the designer picks: the map's name is proposed, in its folder."""
        proposed = proposed_path(self.doc.data, self.doc.path)
        name = filedialog.asksaveasfilename(
            parent=self.root, filetypes=map_types(), defaultextension=".json",
            title=_("Save map as"), initialdir=str(proposed.parent), initialfile=proposed.name,
        )
        return self._save_to(Path(name)) if name else False

    def _save_to(self, path: Path) -> bool:
        """Write the map if the engine accepts it (a draft needs a yes); True once written."""
        checked = check(self.doc.data, path.name)
        self.refresh()
        if checked.problems and not self._may_save_with(checked):
            return False
        try:
            self.run(commands.save, path, bool(checked.problems))
        except (MapError, OSError) as e:
            messagebox.showerror(_("Not saved"), str(e), parent=self.root)
            return False
        return True

    def _may_save_with(self, checked: Checked) -> bool:
        """No for a map the loader refuses (its problem shown), the designer's word for a draft."""
        refusal = checked.refusal
        if refusal is not None:
            messagebox.showerror(_("Not saved"), _(
                "{message}\n\nThe place is marked in red on the board, and the Problems list "
                "under it names every problem. Nothing was written.").format(
                message=refusal.message), parent=self.root)
            self.problems.choose(checked.problems.index(refusal))
            self.say(_("Not saved: {detail}").format(detail=refusal.detail))
            return False
        return messagebox.askyesno(
            _("Save draft anyway?"), _(
                "{message}\n\nThe game will not start on this map until that is fixed. Save it "
                "as a draft anyway?").format(message=checked.problems[0].message),
            parent=self.root)

    def play_test(self) -> None:
        """Save, then start the game on this map in its own process."""
        if not self.save() or self.doc.path is None:
            return
        if self.checked.problems:
            self.say(_("Cannot play-test a draft: {detail}").format(
                detail=self.checked.problems[0].detail))
            return
        self.play_process = subprocess.Popen([*PLAY_COMMAND, str(self.doc.path)], env=game_env())
        self.say(_("Play-testing {name} in the game window").format(name=self.doc.path.name))

    def _balance_open(self) -> bool:
        return self.balance is not None and self.balance.winfo_exists()

    def close(self) -> None:
        if self._confirm_discard("closing"):
            if self._balance_open():
                self.balance.close()  # its worker processes end with it
            self.root.destroy()
