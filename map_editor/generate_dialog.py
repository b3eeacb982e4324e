"""Map > Generate: the generator's knobs, each candidate previewed with its verdict as the lab
measures it (generate_run: a worker thread, polled here with `after`), and the map made handed
to the editor to edit. The dialog holds the focus while it is open, as the editor's others do.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk
from typing import Any

from laser_flag.engine.mapfile import parse_map
from laser_flag.engine.ruleset import CLASSES, class_label
from laser_flag.i18n import N_, _
from laser_flag.lab.fair_maps import Candidate, Effort, Made
from laser_flag.lab.generator import (
    MAX_UNITS,
    MIN_SIZE,
    MODE_WORDS,
    GeneratorError,
    Knobs,
    build,
)
from laser_flag.random_maps import (
    DEFAULT_KNOBS,
    SEEDS,
    SIZES,
    SYMMETRY_WORDS,
    new_seed,
    squad_of,
)

from .dialogs import Modal
from .generate_run import GenerateRun, Make, make
from .render import Overlays, board_surface, ppm_data
from .tooltip import tip
from .typed import whole

POLL_MS = 200
PREVIEW_PX = 264
RESULTS_PX = 420  # the results column's least width; its sentences wrap at it, in any language
DEFAULT_SECONDS = int(Effort.seconds)  # checked by play this long, as the command line does
MAX_SECONDS = 600
COLUMNS = {"number": ("#", 36), "name": (N_("Map"), 138), "stage": (N_("Checked"), 92),
           "verdict": (N_("Verdict"), 150)}
STAGES = {"screened": N_("screened"), "confirmed": N_("confirmed"), "hard": N_("by Hard")}


class GenerateDialog(Modal):
    """The knobs on the left, the candidates on the right; `on_made(data)` gets the map the
    designer chose to edit, and the dialog closes."""

    def __init__(self, parent: tk.Misc, on_made: Callable[[dict[str, Any]], None],
                 maker: Make = make) -> None:
        super().__init__(parent, _("Generate a map"))
        self.on_made, self.maker = on_made, maker
        self.job: GenerateRun | None = None
        self.made: Made | None = None
        self.shown: dict[int, Candidate] = {}  # each candidate measured, by its number
        self.closing = False
        self._image: tk.PhotoImage | None = None  # Tk draws from it: kept while shown
        self.vars: dict[str, tk.StringVar] = {}  # the typed fields, by knob (or class) name
        self._knobs(ttk.LabelFrame(self.body, text=_("Knobs"), padding=8))
        self._results(ttk.Frame(self.body))
        self._buttons(ttk.Frame(self.body))
        self.protocol("WM_DELETE_WINDOW", self.cancel)
        self.bind("<Escape>", lambda _e: self.cancel())
        self.bind("<Return>", lambda _e: self.generate())
        self.bind("<KP_Enter>", lambda _e: self.generate())

    # --- building -------------------------------------------------------

    def _spin(self, box: ttk.Frame, row: int, name: str, label: str, value: int, low: int,
              high: int, what: str) -> None:
        var = self.vars[name] = tk.StringVar(value=str(value))
        ttk.Label(box, text=label).grid(row=row, column=0, sticky="w", padx=(0, 8), pady=2)
        spin = ttk.Spinbox(box, from_=low, to=high, textvariable=var, width=8)
        spin.grid(row=row, column=1, sticky="w", pady=2)
        tip(spin, what)

    def _choice(self, box: ttk.Frame, row: int, label: str, words: dict[str, str], value: str,
                what: str) -> ttk.Combobox:
        ttk.Label(box, text=label).grid(row=row, column=0, sticky="w", padx=(0, 8), pady=2)
        combo = ttk.Combobox(box, values=[_(w) for w in words.values()], state="readonly",
                             width=22)
        combo.current(list(words).index(value))
        combo.grid(row=row, column=1, columnspan=2, sticky="w", pady=2)
        tip(combo, what)
        return combo

    def _knobs(self, box: ttk.LabelFrame) -> None:
        box.grid(row=0, column=0, sticky="nsew", padx=(0, 10))
        k = DEFAULT_KNOBS
        self._spin(box, 0, "seed", _("Seed"), new_seed(), 0, SEEDS - 1,
                               _("The same seed and knobs always make the same map"))
        again = ttk.Button(box, text=_("New seed"), command=self.new_seed)
        again.grid(row=0, column=2, sticky="w", padx=(6, 0))
        tip(again, _("Draw another seed. Key F2"))
        self.bind("<F2>", lambda _e: self.new_seed())
        self._spin(box, 1, "size", _("Size"), k.size, MIN_SIZE, SIZES[-1],
                               _("Tiles a side: {low} to {high}").format(low=MIN_SIZE,
                                                                        high=SIZES[-1]))
        self.mode = self._choice(box, 2, _("Mode"), MODE_WORDS, k.mode, _(
            "Capture the Flag: both teams have bases; Assault: only team 2 has; Elimination: "
            "no bases, the last team standing wins"))
        for i, cls in enumerate(CLASSES):
            self._spin(box, 3 + i, cls, _("{cls} units a team").format(cls=_(class_label(cls))),
                       k.units.count(cls), 0, MAX_UNITS, _(
                           "How many of each team's units are of this class (1 to {most} "
                           "units in all)").format(most=MAX_UNITS))
        row = 3 + len(CLASSES)
        self._spin(box, row, "cover", _("Cover (percent of the floor)"), round(k.cover * 100), 0,
                                30, _("Low blocks to hide behind or stand on"))
        self._spin(box, row + 1, "walls", _("Walls (percent of the board)"), round(k.walls * 100),
                                0, 30, _("Walls block movement and sight"))
        self._spin(box, row + 2, "elevation", _("Raised cover (percent of the cover)"),
                                    round(k.elevation * 100), 0, 100, _(
                                        "Cover in 2x2 blocks to stand on, rather than single "
                                        "blocks to hide behind"))
        self._spin(box, row + 3, "bases", _("Bases a team"), k.bases, 1, 4, _(
            "Where lasers recharge: none in Elimination, only team 2's in Assault"))
        self.symmetry = self._choice(box, row + 4, _("Symmetry"), SYMMETRY_WORDS, k.symmetry,
                                     _("How team 2's half is made from team 1's, teams swapped"))
        self._spin(box, row + 5, "seconds", _("Check by play, seconds"), DEFAULT_SECONDS, 0,
                                  MAX_SECONDS, _(
                                      "Bots play each candidate until one is fair or the time "
                                      "is up (then the nearest is kept); 0: no games, the first "
                                      "candidate as it is"))

    def _results(self, box: ttk.Frame) -> None:
        box.grid(row=0, column=1, sticky="nsew")
        self.preview = ttk.Label(box, anchor="center", width=1, justify="center",
                                 wraplength=RESULTS_PX,
                                 text=_("Each candidate is drawn here while the bots play it."))
        self.preview.grid(row=0, column=0, sticky="nsew")
        self.tree = ttk.Treeview(box, columns=list(COLUMNS), show="headings", height=6,
                                 selectmode="browse")
        for key, (title, width) in COLUMNS.items():
            self.tree.heading(key, text=_(title))
            self.tree.column(key, width=width, stretch=key == "verdict")
        self.tree.grid(row=1, column=0, sticky="nsew", pady=(6, 0))
        self.tree.bind("<<TreeviewSelect>>", lambda _e: self._chosen_row())
        tip(self.tree, _("Each candidate as the bots measured it; click one to see it"))
        self.said = ttk.Label(box, wraplength=RESULTS_PX, justify="left")  # the last verdict, whole
        self.said.grid(row=2, column=0, sticky="w", pady=(6, 0))
        self.status = ttk.Label(box, text=_("Set the knobs, then Generate."),
                                wraplength=RESULTS_PX, justify="left")
        self.status.grid(row=3, column=0, sticky="w")
        self.error = ttk.Label(box, foreground="#c00000", wraplength=RESULTS_PX, justify="left")
        self.error.grid(row=4, column=0, sticky="w")
        box.rowconfigure(0, minsize=PREVIEW_PX)
        box.columnconfigure(0, minsize=RESULTS_PX)

    def _buttons(self, box: ttk.Frame) -> None:
        box.grid(row=1, column=0, columnspan=2, sticky="e", pady=(10, 0))
        specs = [("generate", _("Generate"), self.generate, _("Make and check a map. Key Return")),
                 ("edit", _("Edit this map"), self.edit, _(
                     "Open the map made as a new map in the editor, to change and save")),
                 ("cancel", _("Cancel"), self.cancel, _(
                     "Stop the checking and close; the editor's map stays. Key Esc"))]
        self.button: dict[str, ttk.Button] = {}
        for col, (name, label, command, what) in enumerate(specs):
            self.button[name] = ttk.Button(box, text=label, command=command)
            self.button[name].grid(row=0, column=col, padx=4)
            tip(self.button[name], what)
        self.button["edit"].state(["disabled"])

    # --- acting -----------------------------------------------------------

    def new_seed(self) -> None:
        self.vars["seed"].set(str(new_seed()))

    def knobs(self) -> tuple[int, Knobs]:
        """The seed and knobs as typed; ValueError (GeneratorError too) says which is wrong."""
        field = {name: var.get() for name, var in self.vars.items()}
        seed = whole(field["seed"], _("Seed"), 0, SEEDS - 1)
        counts = {cls: whole(field[cls], _(class_label(cls)), 0, MAX_UNITS) for cls in CLASSES}
        share = {name: whole(field[name], what, 0, high) / 100 for name, what, high in (
            ("cover", _("Cover"), 30), ("walls", _("Walls"), 30),
            ("elevation", _("Raised cover"), 100))}
        knobs = Knobs(size=whole(field["size"], _("Size"), MIN_SIZE, SIZES[-1]),
                      mode=list(MODE_WORDS)[self.mode.current()], units=squad_of(counts),
                      bases=whole(field["bases"], _("Bases a team"), 1, 4),
                      symmetry=list(SYMMETRY_WORDS)[self.symmetry.current()], **share)
        return seed, knobs

    def generate(self) -> None:
        """Start checking candidates for the knobs (a run already going is left to finish)."""
        if self.running:
            return
        try:
            seed, knobs = self.knobs()
            seconds = whole(self.vars["seconds"].get(), _("Check by play, seconds"), 0, MAX_SECONDS)
        except (ValueError, GeneratorError) as err:
            self.error.configure(text=str(err))
            return
        self.error.configure(text="")
        self.made, self.shown = None, {}
        self.said.configure(text="")
        self.tree.delete(*self.tree.get_children())
        self.button["edit"].state(["disabled"])
        self.button["generate"].state(["disabled"])
        self.job = GenerateRun(seed, knobs, seconds, self.maker)
        self.job.start()
        self._measuring(0)
        self.after(POLL_MS, self._poll)

    @property
    def running(self) -> bool:
        return self.job is not None and self.job.running

    def show(self) -> None:
        """On screen, holding the focus; Tk's loop goes on (the poll needs it)."""
        self.grab_set()
        self.focus_force()
        self.button["generate"].focus_set()

    def _poll(self) -> None:
        """The candidates measured since the last poll; the result once the run has ended."""
        for candidate in self.job.news():
            self._add(candidate)
        if self.job.running:
            self.after(POLL_MS, self._poll)
        elif self.closing:
            self.destroy()
        else:
            self._finished()

    def _add(self, candidate: Candidate) -> None:
        self.shown[candidate.number] = candidate
        self.tree.insert("", "end", iid=str(candidate.number), values=(
            candidate.number, candidate.data["name"],
            _(STAGES.get(candidate.stage, candidate.stage)), candidate.said))
        self.tree.see(str(candidate.number))
        self._say(candidate)
        if self.job.running and not self.closing:
            self._measuring(candidate.number + 1)

    def _measuring(self, number: int) -> None:
        """Candidate `number` shown while the bots play it (build is quick; its games are not)."""
        data = build(self.job.seed, self.job.knobs, number)
        self.show_map(data)
        self.status.configure(text=_("Candidate {number}, {name}: bots are playing it (at most "
                                     "{seconds} s in all)...").format(
            number=number, name=data["name"], seconds=self.job.seconds))

    def _finished(self) -> None:
        self.button["generate"].state(["!disabled"])
        if self.job.made is None:
            self.error.configure(text=_("Not generated: {error}").format(error=self.job.error))
            return
        self.made = made = self.job.made
        self.show_map(made.data)
        self.button["edit"].state(["!disabled"])
        self.status.configure(text=_(
            "Made {name} from seed {seed}, candidate {number} of {tried}: {verdict}").format(
            name=made.data["name"], seed=made.seed, number=made.candidate,
            tried=len(made.tried), verdict=made.status.said))
        self.button["edit"].focus_set()

    def _chosen_row(self) -> None:
        chosen = self.tree.selection()
        if chosen:
            candidate = self.shown[int(chosen[0])]
            self.show_map(candidate.data)
            self._say(candidate)

    def _say(self, candidate: Candidate) -> None:
        """A candidate's verdict whole (the list's column may cut it)."""
        self.said.configure(text=_("Candidate {number}, {name}: {verdict}").format(
            number=candidate.number, name=candidate.data["name"],
            verdict=candidate.said))

    def show_map(self, data: dict[str, Any]) -> None:
        """The map drawn as the game draws it, as big as the preview's square allows."""
        gm = parse_map(data, data["name"])
        tile_px = max(4, PREVIEW_PX // max(gm.rows, gm.cols))
        self._image = tk.PhotoImage(data=ppm_data(board_surface(gm, tile_px, False, Overlays())))
        self.preview.configure(image=self._image)

    def edit(self) -> None:
        """The map made, to the editor; the dialog closes."""
        if self.made is not None and not self.running:
            data = self.made.data
            self.destroy()
            self.on_made(data)

    def destroy(self) -> None:
        """Gone with its Tcl variables and image, let go here on Tk's thread: left to a garbage
        collection, they could be freed on the worker's, and Tk is called from its own only.
        A run still going (the editor closing under it) is stopped."""
        if self.job is not None:
            self.job.cancel()
        self.vars.clear()
        self._image = None
        super().destroy()

    def cancel(self) -> None:
        """Close; a run still going is stopped first, and the dialog goes once it has."""
        if self.running:
            self.closing = True
            self.job.cancel()
            self.status.configure(text=_("Stopping the games..."))
            for button in self.button.values():
                button.state(["disabled"])
        else:
            self.destroy()
