"""The Balance panel: the lab on the map being edited, its hit map, its badge and suggestions.

Runs play in background processes; the panel polls them with Tk's `after`, so the editor
stays responsive and the table's intervals narrow as games finish.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from tkinter import ttk
from typing import Any

from laser_flag.engine import Pos
from laser_flag.lab import LabRun, Pairing
from laser_flag.lab.pairings import is_mirror
from laser_flag.lab.pairings import label as pairing_label
from laser_flag.lab.report import verdict

from . import balance_run as model
from . import suggestions
from .document import MapDocument
from .tool_panel import tip

POLL_MS = 250
CHOICES: tuple[Pairing, ...] = (*model.DEFAULT_PAIRINGS, ("greedy", "greedy"))
SUGGEST_TWEAKS = 6  # tweaks measured per request
SUGGEST_GAMES = 4  # per mirror pairing and tweak: a rough rate, its interval shows how rough
COLUMNS = {"pairing": ("Pairing", 125), "games": ("Games", 55),
           "rate": ("Team 1 wins [95%]", 160), "rounds": ("Rounds", 60),
           "cap": ("Cap draws", 80), "ended": ("Ended by", 130)}
NO_HITS = ""
STALE_NOTE = " (measured before your last edits)"


@dataclass(frozen=True)
class Hooks:
    """What the panel asks of the editor window."""

    document: Callable[[], MapDocument]
    show_hits: Callable[[str, dict[Pos, int]], None]  # layer name ("" for none), counts
    apply_tweak: Callable[[suggestions.Tweak], None]
    store_badge: Callable[[dict[str, Any]], None]


def rate_text(rate: float | None, interval: Sequence[float] | None) -> str:
    if rate is None or interval is None:
        return "-"
    return f"{rate:.0%} [{interval[0]:.0%}-{interval[1]:.0%}]"


def row_values(row: dict[str, Any]) -> tuple[str, ...]:
    """One report row as the table shows it."""
    ended = ", ".join(f"{why} {n}" for why, n in row["victories"].items())
    rounds = "-" if row["mean_rounds"] is None else f"{row['mean_rounds']:.1f}"
    return (pairing_label(row["pairing"]), str(row["games"]),
            rate_text(row["team1_win_rate"], row["team1_interval"]), rounds,
            str(row["victories"].get("cap", 0)), ended or "-")


class BalancePanel(tk.Toplevel):
    """A window beside the editor; closing it stops its run and takes the hit map away."""

    def __init__(self, parent: tk.Misc, hooks: Hooks) -> None:
        super().__init__(parent)
        self.title("Balance")
        self.hooks = hooks
        self.run: LabRun | None = None
        self.measured: LabRun | None = None  # the last measure run played to the end
        self.shown: LabRun | None = None  # the measure run whose rows the table shows
        self.tried: list[suggestions.Tweak] = []  # the tweaks the current run measures
        self.found: list[suggestions.Measured] = []
        self.layers: dict[str, dict[Pos, int]] = {}
        self.verdict_text = ""
        body = ttk.Frame(self, padding=10)
        body.pack(fill="both", expand=True)
        self._settings(body)
        self._results(body)
        self._hit_map(body)
        self._suggestions(body)
        self.protocol("WM_DELETE_WINDOW", self.close)
        self.bind("<Escape>", lambda _e: self.close())
        self.show_badge()

    # --- building -------------------------------------------------------

    def _settings(self, body: ttk.Frame) -> None:
        box = ttk.LabelFrame(body, text="Measure this map (as edited, saved or not)", padding=6)
        box.pack(fill="x")
        self.chosen = {p: tk.BooleanVar(value=p in model.DEFAULT_PAIRINGS) for p in CHOICES}
        for i, (pairing, var) in enumerate(self.chosen.items()):
            check = ttk.Checkbutton(box, text=pairing_label(pairing), variable=var)
            check.grid(row=i // 2, column=2 * (i % 2), columnspan=2, sticky="w", padx=(0, 8))
            tip(check, f"Bots playing each other: {pairing[0]} and {pairing[1]}, sides swapped "
                       "every other game")
        below = (len(CHOICES) + 1) // 2  # the first row under the pairings' two columns
        ttk.Label(box, text="Games per pairing").grid(row=below, column=0, sticky="w", pady=4)
        self.games = tk.IntVar(value=model.DEFAULT_GAMES)
        spin = ttk.Spinbox(box, from_=2, to=1000, textvariable=self.games, width=6)
        spin.grid(row=below, column=1, sticky="w")
        tip(spin, f"More games narrow the intervals; {model.DEFAULT_GAMES} take about a minute")
        ttk.Label(box, text="Hard bot's search steps").grid(row=below + 1, column=0, sticky="w")
        self.steps = tk.IntVar(value=model.DEFAULT_STEPS)
        steps = ttk.Spinbox(box, from_=1, to=100000, textvariable=self.steps, width=6)
        steps.grid(row=below + 1, column=1, sticky="w")
        tip(steps, "How far a searching bot looks per decision: more plays better and slower "
            "(the badge records it)")
        buttons = ttk.Frame(box)
        buttons.grid(row=below, column=2, columnspan=2, rowspan=2, sticky="e")
        self.measure_button = ttk.Button(buttons, text="Measure", command=self.measure)
        self.measure_button.pack(side="left", padx=4)
        tip(self.measure_button, "Play the games in the background. Key Return")
        self.stop_button = ttk.Button(buttons, text="Stop", command=self.stop, state="disabled")
        self.stop_button.pack(side="left")
        tip(self.stop_button, "Stop now and keep the games played so far")
        self.bar = ttk.Progressbar(box, length=360, mode="determinate")
        self.bar.grid(row=below + 2, column=0, columnspan=3, sticky="ew", pady=(4, 0))
        self.count = ttk.Label(box, text="", width=22)
        self.count.grid(row=below + 2, column=3, sticky="w", padx=6)
        self.bind("<Return>", lambda _e: self.measure())

    def _results(self, body: ttk.Frame) -> None:
        self.table = ttk.Treeview(body, columns=tuple(COLUMNS), show="headings",
                                  height=len(model.DEFAULT_PAIRINGS))
        for key, (title, width) in COLUMNS.items():
            self.table.heading(key, text=title)
            self.table.column(key, width=width, anchor="w")
        self.table.pack(fill="x", pady=(8, 0))
        self.verdict = ttk.Label(body, text="", font=("TkDefaultFont", 10, "bold"))
        self.verdict.pack(anchor="w", pady=(4, 0))
        line = ttk.Frame(body)
        line.pack(fill="x", pady=(0, 4))
        self.badge_button = ttk.Button(line, text="Store as the map's badge",
                                       command=self.store_badge, state="disabled")
        self.badge_button.pack(side="right")
        tip(self.badge_button, "Write this result into the map (saved with it; Ctrl+Z undoes)")
        self.badge = ttk.Label(line, text="", foreground="#555555")
        self.badge.pack(side="left")

    def _hit_map(self, body: ttk.Frame) -> None:
        box = ttk.LabelFrame(body, text="Hit map on the board", padding=6)
        box.pack(fill="x", pady=(4, 0))
        self.layer = tk.StringVar(value=NO_HITS)
        choices = {NO_HITS: "off", **model.LAYERS}
        self.layer_buttons = []
        for name, text in choices.items():
            radio = ttk.Radiobutton(box, text=text, value=name, variable=self.layer,
                                    command=self._layer_changed, state="disabled")
            radio.pack(side="left", padx=(0, 10))
            tip(radio, "Shade the board by the hits of the games measured" if name else
                "The board without the hit map")
            self.layer_buttons.append(radio)

    def _suggestions(self, body: ttk.Frame) -> None:
        box = ttk.LabelFrame(body, text="Suggestions: one-step tweaks nearest 50%", padding=6)
        box.pack(fill="both", expand=True, pady=(8, 0))
        self.tweak_list = ttk.Treeview(box, columns=("tweak", "rate"), show="headings",
                                       height=suggestions.SHOWN, selectmode="browse")
        self.tweak_list.heading("tweak", text="Tweak")
        self.tweak_list.heading("rate", text="Team 1 wins [95%]")
        self.tweak_list.column("tweak", width=440)
        self.tweak_list.column("rate", width=160)
        self.tweak_list.pack(fill="x")
        self.tweak_list.bind("<Double-1>", lambda _e: self.apply_selected())
        buttons = ttk.Frame(box)
        buttons.pack(fill="x", pady=(4, 0))
        self.suggest_button = ttk.Button(buttons, text="Suggest tweaks", command=self.suggest)
        self.suggest_button.pack(side="left")
        tip(self.suggest_button, f"Measure {SUGGEST_TWEAKS} one-step tweaks, {SUGGEST_GAMES} "
            "games per mirror pairing each, and list the ones nearest 50%")
        self.apply_button = ttk.Button(buttons, text="Apply selected", state="disabled",
                                       command=self.apply_selected)
        self.apply_button.pack(side="left", padx=4)
        tip(self.apply_button, "Make the selected tweak on the map (one Ctrl+Z undoes it)")

    # --- running --------------------------------------------------------

    def pairings(self) -> list[Pairing]:
        return [p for p, var in self.chosen.items() if var.get()]

    def _number(self, var: tk.IntVar, least: int, default: int) -> int:
        """A spin box's number, `default` while it holds no whole number."""
        try:
            return max(least, int(var.get()))
        except (tk.TclError, ValueError):
            return default

    def measure(self) -> None:
        """Start measuring the document as it is now."""
        games = self._number(self.games, 2, model.DEFAULT_GAMES)
        steps = self._number(self.steps, 1, model.DEFAULT_STEPS)
        self._start(lambda doc, pairings: model.measure(doc, pairings, games, steps=steps), [])

    def suggest(self) -> None:
        """Start measuring a few tweaks of the document with the mirror pairings ticked (they
        measure the map; a mixed pairing measures the bots too)."""
        doc = self.hooks.document()
        chosen = suggestions.sample(doc, SUGGEST_TWEAKS)
        steps = self._number(self.steps, 1, model.DEFAULT_STEPS)
        self._start(lambda d, pairings: model.start(
            suggestions.measured_maps(d, chosen), [p for p in pairings if is_mirror(p)],
            SUGGEST_GAMES, steps=steps), chosen)

    def _start(self, begin: Callable[[MapDocument, list[Pairing]], LabRun],
               tried: list[suggestions.Tweak]) -> None:
        if self.run is not None and self.run.running:
            return
        pairings = self.pairings()
        if not [p for p in pairings if is_mirror(p) or not tried]:
            self.count.configure(text=f"Tick a {'mirror ' if tried else ''}pairing first")
            return
        try:
            self.run = begin(self.hooks.document(), pairings)
        except model.NotPlayable as e:
            self.count.configure(text=f"Cannot measure: {e}")
            return
        self.tried = tried
        if not tried:
            self.measured = None
            self.badge_button.state(["disabled"])
        self._set_running(True)
        self.after(POLL_MS, self._poll)

    def _set_running(self, running: bool) -> None:
        state = "disabled" if running else "!disabled"
        for button in (self.measure_button, self.suggest_button):
            button.state([state])
        self.stop_button.state(["!disabled" if running else "disabled"])

    def _poll(self) -> None:
        if self.run is None:
            return
        progress = self.run.progress()
        self.bar.configure(maximum=progress.total, value=progress.done)
        self.count.configure(text=f"{progress.done} of {progress.total} games")
        if self.tried:
            self._show_tweaks(progress.rows)
        else:
            self._show_rows(progress.rows)
        if progress.running:
            self.after(POLL_MS, self._poll)
        else:
            self._finished(progress.done == progress.total)

    def _finished(self, complete: bool) -> None:
        self._set_running(False)
        if not self.tried and complete:
            self.measured = self.run
            self.badge_button.state(["!disabled"])
        if not complete:
            self.count.configure(text=self.count.cget("text") + " (stopped)")

    def stop(self) -> None:
        """Stop the run; the games played so far stay in the table."""
        if self.run is not None:
            self.run.stop()
            self._poll()

    # --- results --------------------------------------------------------

    def _show_rows(self, rows: list[dict[str, Any]]) -> None:
        self.table.delete(*self.table.get_children())
        for row in rows:
            self.table.insert("", "end", values=row_values(row))
        self.shown = self.run
        self.verdict_text = f"This map: {verdict(rows)}"
        self.layers = model.hit_layers(rows)
        for radio in self.layer_buttons:
            radio.state(["!disabled"])
        if self.layer.get() != NO_HITS:
            self._layer_changed()  # the board follows the games as they finish
        else:
            self.show_badge()  # no redraw of the board for every poll

    def _layer_changed(self) -> None:
        name = self.layer.get()
        self.hooks.show_hits(name, self.layers.get(name, {}))

    def _show_tweaks(self, rows: list[dict[str, Any]]) -> None:
        measured = suggestions.measure(self.tried, rows, len(self.pairings_of_run()))
        self.found = suggestions.nearest_fair(measured)
        self.tweak_list.delete(*self.tweak_list.get_children())
        for i, m in enumerate(self.found):
            self.tweak_list.insert("", "end", iid=str(i),
                                   values=(m.tweak.label, rate_text(m.rate, m.interval)))
        self.apply_button.state(["!disabled" if self.found else "disabled"])

    def pairings_of_run(self) -> tuple[Pairing, ...]:
        return self.run.plan.pairings if self.run is not None else ()

    def apply_selected(self) -> None:
        """Apply the selected suggestion (the first when none is selected) as one edit."""
        if not self.found:
            return
        selected = self.tweak_list.selection()
        self.hooks.apply_tweak(self.found[int(selected[0]) if selected else 0].tweak)

    def store_badge(self) -> None:
        if self.measured is not None:
            self.hooks.store_badge(model.badge_value(self.measured))
            self.show_badge()

    def show_badge(self) -> None:
        """The document's badge as the game's chooser would show it now, and whether the
        table's numbers are of the map as it is (after every edit)."""
        doc = self.hooks.document()
        self.badge.configure(text=f"Badge: {model.badge_text(doc)}")
        stale = self.shown is not None and model.changed_since(self.shown, doc)
        self.verdict.configure(text=self.verdict_text + (STALE_NOTE if stale else ""))

    def close(self) -> None:
        if self.run is not None:
            self.run.stop()
        self.hooks.show_hits(NO_HITS, {})
        self.destroy()
