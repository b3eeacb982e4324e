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
from laser_flag.engine.game_map import TILE_KINDS, Pos
from laser_flag.engine.mapfile import MapError

from . import edits, suggestions, symmetry
from .balance_panel import BalancePanel, Hooks
from .balance_run import LAYERS, store_badge
from .board_view import PROBLEM_COLOUR, SELECT_COLOUR, SIGHT_COLOUR, BoardView
from .dialogs import CANCEL, SAVE, ask_new_size, ask_save_changes
from .document import MapDocument
from .info_panel import InfoPanel
from .menus import build_menus
from .overlays import exposure, frozen, heat_bands, sight
from .pointer import BRUSH, LOS, RECT, Pointer
from .properties import changes
from .properties_dialog import PropertiesDialog
from .render import Overlays, ppm_data, tile_swatch
from .storage import copy_path, is_bundled, new_map_data, read_map, save_folder, write_map
from .tool_panel import SWATCH_PX, TERRAIN_KEYS, TOOL_INFO, ToolPanel
from .validation import Problem, find_problem, preview_map
from .words import place, unit_at

APP_NAME = "Laser Flag Map Editor"
MAP_TYPES = [("Laser Flag maps", "*.json *.txt"), ("All files", "*")]
PLAY_COMMAND = [sys.executable, "-m", "laser_flag", "--map"]


def _hits_label(low: int, high: int) -> str:
    counts = str(low) if low == high else f"{low}-{high}"
    return f"{counts} hit{'' if high == 1 else 's'}"


def game_env() -> dict[str, str]:
    """The environment for the play-tested game, minus the off-screen driver the editor uses."""
    env = dict(os.environ)
    if env.get("SDL_VIDEODRIVER") == "dummy":
        del env["SDL_VIDEODRIVER"]
    return env


class EditorWindow:
    """Owns the document being edited and keeps every view in step with it."""

    def __init__(self, root: tk.Tk, doc: MapDocument) -> None:
        self.root = root
        self.doc = doc
        self.pointer = Pointer(doc)
        self.heatmap = False
        self.balance: BalancePanel | None = None
        self.hit_layer, self.hit_counts = "", {}  # the Balance panel's hit map, when shown
        self.alternate = False
        self.problem: Problem | None = None
        self.play_process: subprocess.Popen | None = None
        self._build()
        root.protocol("WM_DELETE_WINDOW", self.close)
        self.refresh()

    # --- building -------------------------------------------------------

    def _build(self) -> None:
        self.tools = ToolPanel(self.root, self._tools_changed)
        self.tools.grid(row=0, column=0, sticky="ns")
        self.board = BoardView(self.root, self._press, self._drag, self._release, self._hover)
        self.board.grid(row=0, column=1, padx=8, pady=8, sticky="n")
        self.info = InfoPanel(self.root, self.change_unit, self.delete_unit, self.edit_properties)
        self.info.grid(row=0, column=2, sticky="ns")
        self.status = ttk.Label(self.root, text="", relief="sunken", anchor="w", padding=(6, 2))
        self.status.grid(row=1, column=0, columnspan=2, sticky="ew")
        self.hover = ttk.Label(self.root, text="", relief="sunken", anchor="w", padding=(6, 2))
        self.hover.grid(row=1, column=2, sticky="ew")
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
            "h": self.toggle_heatmap,
            "a": self.toggle_alternate,
            "t": self.tools.toggle_team,
            "c": self.tools.cycle_class,
            "bracketleft": lambda: self.tools.step_brush(-1),
            "bracketright": lambda: self.tools.step_brush(1),
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
        gm = preview_map(self.doc.data, self.doc.title_name)
        tiles = frozen(self.doc.tiles)
        origin = self.pointer.los_origin
        heat = self.hit_counts if self.hit_layer else exposure(tiles) if self.heatmap else {}
        overlays = Overlays(sight(tiles, origin) if origin else None, heat)
        self.board.show(gm, self.alternate, overlays)
        self._legend(heat)
        if self._balance_open():
            self.balance.show_badge()
        self._marks()
        self.info.show(gm, symmetry.symmetries(self.doc))
        selected = self.pointer.selected
        self.info.show_unit(None if selected is None else self.doc.unit_rows[selected])
        self.tools.set_swatches({k: tk.PhotoImage(data=ppm_data(tile_swatch(gm, k, SWATCH_PX)))
                                 for k in TILE_KINDS})
        mark = "*" if self.doc.modified else ""
        self.root.title(f"{self.doc.title_name}{mark} - {APP_NAME}")

    def _marks(self) -> None:
        if self.pointer.selected is not None:
            unit = self.doc.unit_rows[self.pointer.selected]
            self.board.mark([unit.pos], SELECT_COLOUR)
        if self.pointer.los_origin:
            self.board.mark([self.pointer.los_origin], SIGHT_COLOUR)
        if self.pointer.rect:
            self.board.frame(*self.pointer.rect)
        if self.problem:
            self.board.mark(self.problem.cells, PROBLEM_COLOUR, width=4)

    def _legend(self, heat: dict[Pos, int]) -> None:
        """The heatmap's colours with their counts, most exposed first; gone with the heatmap."""
        if not heat:
            self.info.legend.hide()
            return
        if self.hit_layer:
            bands = [(b.colour, _hits_label(b.low, b.high)) for b in reversed(heat_bands(heat))]
            self.info.legend.show(f"Hit map: {LAYERS[self.hit_layer]}", bands,
                                  "Hits in the games the Balance panel measured.")
            return
        bands = [(band.colour, band.label()) for band in reversed(heat_bands(heat))]
        self.info.legend.show("Exposure heatmap", bands, "Hover a tile for its exact count.")

    def say(self, message: str) -> None:
        if message:
            self.status.configure(text=message)

    # --- board input ----------------------------------------------------

    def _press(self, pos: Pos) -> None:
        self.say(self.pointer.press(pos))
        self._edited()

    def _drag(self, pos: Pos) -> None:
        self.say(self.pointer.drag(pos))
        self._edited()

    def _release(self, pos: Pos) -> None:
        self.say(self.pointer.release(pos))
        self._edited()
        self._hover(pos)

    def _hover(self, pos: Pos) -> None:
        if self.pointer.rect is None:
            kind = TILE_LABELS[self.doc.tile(pos)]
            heat = exposure(frozen(self.doc.tiles)).get(pos) if self.heatmap else None
            seen = f", seen from {heat} tiles" if heat is not None else ""
            if self.hit_layer:
                seen = f", {_hits_label(*[self.hit_counts.get(pos, 0)] * 2)}"
            self.hover.configure(text=f"{place(pos)}: {kind}{seen}")

    def _edited(self) -> None:
        """After any change: a shown problem is re-checked, so its mark goes once fixed."""
        if self.problem is not None:
            self.problem = find_problem(self.doc.data, self.doc.title_name)
        self.refresh()

    # --- edit commands --------------------------------------------------

    def undo(self) -> None:
        label = self.doc.history.undo()
        self.say(f"Undid: {label}" if label else "Nothing to undo")
        self._edited()

    def redo(self) -> None:
        label = self.doc.history.redo()
        self.say(f"Redid: {label}" if label else "Nothing to redo")
        self._edited()

    def change_unit(self, team: str, unit_class: str) -> None:
        index = self.pointer.selected
        if index is not None:
            units = edits.with_unit_changed(self.doc, index, team, unit_class)
            self.doc.history.change("Change unit", {"units": units})
            self._edited()

    def delete_unit(self) -> None:
        index = self.pointer.selected
        if index is None:
            self.say("Select a unit with the Unit tool first")
            return
        unit = self.doc.unit_rows[index]
        self.doc.history.change("Delete unit", {"units": edits.without_unit(self.doc, index)})
        self.pointer.selected = None
        self.say(f"Deleted {unit_at(unit)}")
        self._edited()

    def mirror(self, which: str, keep_first: bool) -> None:
        self.doc.history.change(f"Mirror {which}", symmetry.mirrored(self.doc, which, keep_first))
        self.say(f"Mirrored {which}: both sides are now equal, teams swapped (Ctrl+Z undoes)")
        self._edited()

    def edit_properties(self) -> None:
        PropertiesDialog(self.root, self.doc.data, self._apply_properties).run()

    def _apply_properties(self, values: dict[str, Any]) -> None:
        changed = changes(self.doc.data, values)
        if changed:
            self.doc.history.change("Map properties", changed)
            self.say(f"Changed {', '.join(sorted(changed))}")
        self._edited()

    def open_balance(self) -> None:
        """The Balance panel (one at a time: a second request brings it forward)."""
        if self._balance_open():
            self.balance.lift()
            return
        hooks = Hooks(lambda: self.doc, self.show_hits, self.apply_suggestion, self.store_badge)
        self.balance = BalancePanel(self.root, hooks)

    def show_hits(self, layer: str, counts: dict[Pos, int]) -> None:
        self.hit_layer, self.hit_counts = layer, counts
        self.refresh()

    def apply_suggestion(self, tweak: suggestions.Tweak) -> None:
        suggestions.apply(self.doc, tweak)
        self.say(f"Applied: {tweak.label} (Ctrl+Z undoes)")
        self._edited()

    def store_badge(self, value: dict[str, Any]) -> None:
        problem = store_badge(self.doc, value)
        unkept = f"; not kept as measured here: {problem}" if problem else ""
        self.say(f"Stored the balance badge: saving writes it into the map (Ctrl+Z undoes){unkept}")
        self._edited()

    def use_sight_tool(self) -> None:
        self.tools.tool.set(LOS)

    def toggle_heatmap(self) -> None:
        self.heatmap = not self.heatmap
        self.say("Exposure heatmap: how many tiles see each tile" if self.heatmap else "")
        self.refresh()

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
        self.doc = doc
        self.pointer.doc = doc
        self.pointer.selected = self.pointer.los_origin = None
        self.problem = None
        self.say(message)
        self.refresh()

    def new_map(self) -> None:
        if self._confirm_discard("starting a new map"):
            size = ask_new_size(self.root)
            if size:
                self._replace(MapDocument(new_map_data(*size)), f"New {size[0]} x {size[1]} map")

    def open_map(self) -> None:
        if self._confirm_discard("opening another map"):
            name = filedialog.askopenfilename(parent=self.root, filetypes=MAP_TYPES,
                                              title="Open a map")
            if name:
                self.open_path(Path(name))

    def open_path(self, path: Path) -> bool:
        """Load `path`; a file the engine refuses is reported and nothing changes."""
        try:
            data = read_map(path)
        except MapError as e:
            messagebox.showerror("Cannot open map", str(e), parent=self.root)
            self.say(f"Not opened: {e}")
            return False
        note = " (it ships with the game: saving makes your own copy)" if is_bundled(path) else ""
        self._replace(MapDocument(data, path), f"Opened {path}{note}")
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
            draft = " (a draft)" if self.problem else ""
            self.say(f"{path.name} ships with the game, so it was saved as your copy{draft}: "
                     f"{copy}")
        return saved

    def save_as(self) -> bool:
        name = filedialog.asksaveasfilename(
            parent=self.root, filetypes=MAP_TYPES, defaultextension=".json",
            title="Save map as", initialdir=str(save_folder(self.doc.path)),
        )
        return self._save_to(Path(name)) if name else False

    def _save_to(self, path: Path) -> bool:
        """Write the map if the engine accepts it (a draft needs a yes); True once written."""
        self.problem = find_problem(self.doc.data, path.name)
        self.refresh()
        if self.problem and not self._may_save_with(self.problem):
            return False
        try:
            write_map(self.doc.data, path)
        except (MapError, OSError) as e:
            messagebox.showerror("Not saved", str(e), parent=self.root)
            return False
        self.doc.path = path
        self.doc.history.mark_saved()
        self.say(f"Saved {path}" + (" as a draft" if self.problem else ""))
        self.refresh()
        return True

    def _may_save_with(self, problem: Problem) -> bool:
        if not problem.loadable:
            messagebox.showerror("Not saved", f"{problem.message}\n\nThe place is marked in red "
                                 "on the board. Nothing was written.", parent=self.root)
            self.say(f"Not saved: {problem.message}")
            return False
        return messagebox.askyesno(
            "Save draft anyway?", f"{problem.message}\n\nThe game will not start on this map "
            "until that is fixed. Save it as a draft anyway?", parent=self.root)

    def play_test(self) -> None:
        """Save, then start the game on this map in its own process."""
        if not self.save() or self.doc.path is None:
            return
        if self.problem:
            self.say(f"Cannot play-test a draft: {self.problem.message}")
            return
        self.play_process = subprocess.Popen([*PLAY_COMMAND, str(self.doc.path)], env=game_env())
        self.say(f"Play-testing {self.doc.path.name} in the game window")

    def _balance_open(self) -> bool:
        return self.balance is not None and self.balance.winfo_exists()

    def close(self) -> None:
        if self._confirm_discard("closing"):
            if self._balance_open():
                self.balance.close()  # its worker processes end with it
            self.root.destroy()
