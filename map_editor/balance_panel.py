"""The Balance panel: the lab on the map being edited, its hit map, its badge and suggestions.

A run plays in background processes (or on a Dask cluster, its scheduler set here and kept in
the editor's settings) until the verdict is told, the cap of games is reached or the time is
up; the panel polls it with Tk's `after`, so the editor stays responsive and the table's
intervals narrow as games finish.
"""

from __future__ import annotations

import time
import tkinter as tk
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from tkinter import ttk
from typing import Any

from laser_flag.engine import Pos
from laser_flag.i18n import N_, _
from laser_flag.lab import LabRun, Pairing
from laser_flag.lab.cluster import check_address
from laser_flag.lab.here import badge_value
from laser_flag.lab.pairings import is_mirror
from laser_flag.lab.pairings import label as pairing_label
from laser_flag.lab.report import stalls
from laser_flag.lab.run import STOPPED
from laser_flag.lab.verdict import judge

from . import balance_run as model
from . import editor_settings, suggestions
from .document import MapDocument
from .tooltip import tip

POLL_MS = 250
CHOICES: tuple[Pairing, ...] = (*model.DEFAULT_PAIRINGS, ("greedy", "greedy"))
SUGGEST_TWEAKS = 6  # tweaks measured per request, with the map as it is
SUGGEST_GAMES = 64  # at most, per mirror pairing and map: the time limit may end it sooner
COLUMNS = {"pairing": (N_("Pairing"), 110), "games": (N_("Games"), 50),
           "rate": (N_("Team 1 [95%]"), 115), "verdict": (N_("Verdict"), 95),
           "rounds": (N_("Rounds"), 55), "shots": (N_("Shots/rd"), 65),
           "limit": (N_("Limit"), 45), "ended": (N_("Ended by"), 140)}
NO_HITS = ""
THIS_MACHINE = N_("this machine")


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


def _decimal(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def row_values(row: dict[str, Any]) -> tuple[str, ...]:
    """One report row as the table shows it."""
    ended = ", ".join(f"{why} {n}" for why, n in row["victories"].items())
    return (pairing_label(row["pairing"]), str(row["games"]),
            rate_text(row["team1_win_rate"], row["team1_interval"]),
            _(row["verdict"]) if "verdict" in row else _("(bots)"), _decimal(row["mean_rounds"]),
            _decimal(row["shots_per_round"]), str(row["round_limit"] + row["capped"]),
            ended or "-")


def verdict_text(rows: Sequence[dict[str, Any]]) -> str:
    """`This map: fair`, then the mirror pairings whose games stall (report.stalls)."""
    stalled = ", ".join(pairing_label(r["pairing"]) for r in stalls(rows))
    if stalled:
        return _("This map: {text}; games stall in {stalled}").format(text=judge(rows).said,
                                                                      stalled=stalled)
    return _("This map: {text}").format(text=judge(rows).said)


def count_text(done: int, total: int, left: float | None) -> str:
    """`120 of at most 3,000 games, 8:12 left`."""
    if left is None:
        return _("{done:,} of at most {total:,} games").format(done=done, total=total)
    return _("{done:,} of at most {total:,} games, {value}:{value2:02d} left").format(
        done=done, total=total, value=int(left) // 60, value2=int(left) % 60)


def gap_text(gap: tuple[float, float] | None) -> str:
    """A difference of rates in points: `-18 [-30, -6] points`."""
    if gap is None:
        return "-"
    low, high = gap
    return _("{value:+.0f} [{value2:+.0f}, {value3:+.0f}] points").format(
        value=(low + high) / 2 * 100, value2=low * 100, value3=high * 100)


class BalancePanel(tk.Toplevel):
    """A window beside the editor; closing it stops its run and takes the hit map away."""

    def __init__(self, parent: tk.Misc, hooks: Hooks) -> None:
        super().__init__(parent)
        self.title(_("Balance"))
        self.hooks = hooks
        self.run: LabRun | None = None
        self._next_poll: str | None = None  # the pending poll of the run, if one is
        self.started = 0.0  # time.monotonic() when the run started
        self.measured: LabRun | None = None  # the last measure run that ended by itself
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
        box = ttk.LabelFrame(body, text=_("Measure this map (as edited, saved or not)"), padding=6)
        box.pack(fill="x")
        self.chosen = {p: tk.BooleanVar(value=p in model.DEFAULT_PAIRINGS) for p in CHOICES}
        for i, (pairing, var) in enumerate(self.chosen.items()):
            check = ttk.Checkbutton(box, text=pairing_label(pairing), variable=var)
            check.grid(row=i // 2, column=2 * (i % 2), columnspan=2, sticky="w", padx=(0, 8))
            tip(check, _("Bots playing each other: {pairing} and {pairing2}, sides swapped every "
                         "other game").format(
                pairing=pairing[0], pairing2=pairing[1]))
        first = (len(CHOICES) + 1) // 2
        self.games = self._spin(box, first, _("At most, games a pairing"), model.DEFAULT_GAMES,
                                (2, 100000), _("The run stops sooner once the games can tell fair "
                                               "from leaning; a map on the edge of 40-60% plays "
                                               "them all"))
        self.minutes = self._spin(box, first + 1, _("Time limit, minutes"), model.DEFAULT_MINUTES,
                                  (1, 10000), _("Then the run stops and keeps its games: the "
                                                "verdict may still be undecided"))
        self.steps = self._spin(box, first + 2, _("Hard bot's search steps"), model.DEFAULT_STEPS,
                                (1, 100000), _("How far a searching bot looks per decision: more "
                                               "plays better and slower (the badge records it)"))
        ttk.Label(box, text=_("Dask scheduler")).grid(row=first + 3, column=0, sticky="w")
        self.scheduler = tk.StringVar(value=editor_settings.scheduler() or _(THIS_MACHINE))
        entry = ttk.Entry(box, textvariable=self.scheduler, width=24)
        entry.grid(row=first + 3, column=1, columnspan=2, sticky="w")
        tip(entry, _("tcp://HOST:PORT plays the games on that Dask cluster (pip install "
                     "'laser-flag[cluster]' on every machine); '{THIS_MACHINE}': two processes "
                     "here. Kept for next time.").format(
            THIS_MACHINE=_(THIS_MACHINE)))
        buttons = ttk.Frame(box)
        buttons.grid(row=first, column=2, columnspan=2, rowspan=2, sticky="e")
        self.measure_button = ttk.Button(buttons, text=_("Measure"), command=self.measure)
        self.measure_button.pack(side="left", padx=4)
        tip(self.measure_button, _("Play games in the background until the verdict is told, the "
                                   "cap is reached or the time is up. Key Return"))
        self.stop_button = ttk.Button(buttons, text=_("Stop"), command=self.stop, state="disabled")
        self.stop_button.pack(side="left")
        tip(self.stop_button, _("Stop now and keep the games played so far"))
        self.bar = ttk.Progressbar(box, length=360, mode="determinate")
        self.bar.grid(row=first + 4, column=0, columnspan=3, sticky="ew", pady=(4, 0))
        self.count = ttk.Label(box, text="", width=34)
        self.count.grid(row=first + 4, column=3, sticky="w", padx=6)
        self.bind("<Return>", lambda _e: self.measure())

    def _spin(self, box: ttk.LabelFrame, row: int, text: str, value: int,
              limits: tuple[int, int], hint: str) -> tk.IntVar:
        ttk.Label(box, text=text).grid(row=row, column=0, sticky="w", pady=2)
        var = tk.IntVar(value=value)
        spin = ttk.Spinbox(box, from_=limits[0], to=limits[1], textvariable=var, width=7)
        spin.grid(row=row, column=1, sticky="w")
        tip(spin, hint)
        return var

    def _results(self, body: ttk.Frame) -> None:
        self.table = ttk.Treeview(body, columns=tuple(COLUMNS), show="headings",
                                  height=len(model.DEFAULT_PAIRINGS))
        for key, (title, width) in COLUMNS.items():
            self.table.heading(key, text=_(title))
            self.table.column(key, width=width, anchor="w")
        self.table.pack(fill="x", pady=(8, 0))
        self.verdict = ttk.Label(body, text="", font=("TkDefaultFont", 10, "bold"))
        self.verdict.pack(anchor="w", pady=(4, 0))
        line = ttk.Frame(body)
        line.pack(fill="x", pady=(0, 4))
        self.badge_button = ttk.Button(line, text=_("Store as the map's badge"),
                                       command=self.store_badge, state="disabled")
        self.badge_button.pack(side="right")
        tip(self.badge_button, _("Write this result into the map (saved with it; Ctrl+Z undoes)"))
        self.badge = ttk.Label(line, text="", foreground="#555555")
        self.badge.pack(side="left")

    def _hit_map(self, body: ttk.Frame) -> None:
        box = ttk.LabelFrame(body, text=_("Hit map on the board"), padding=6)
        box.pack(fill="x", pady=(4, 0))
        self.layer = tk.StringVar(value=NO_HITS)
        choices = {NO_HITS: N_("Off"), **model.LAYERS}
        self.layer_buttons = []
        for name, text in choices.items():
            radio = ttk.Radiobutton(box, text=_(text), value=name, variable=self.layer,
                                    command=self._layer_changed, state="disabled")
            radio.pack(side="left", padx=(0, 10))
            tip(radio, _("Shade the board by the hits of the games measured") if name else
                _("The board without the hit map"))
            self.layer_buttons.append(radio)

    def _suggestions(self, body: ttk.Frame) -> None:
        box = ttk.LabelFrame(body, text=_("Suggestions: one-step tweaks measurably nearer 50%"),
                             padding=6)
        box.pack(fill="both", expand=True, pady=(8, 0))
        self.tweak_list = ttk.Treeview(box, columns=("tweak", "rate", "gap"), show="headings",
                                       height=suggestions.SHOWN, selectmode="browse")
        for key, title, width in (("tweak", _("Tweak"), 360), ("rate", _("Team 1 [95%]"), 115),
                                  ("gap", _("Against the map now"), 165)):
            self.tweak_list.heading(key, text=title)
            self.tweak_list.column(key, width=width)
        self.tweak_list.pack(fill="x")
        self.tweak_list.bind("<Double-1>", lambda _e: self.apply_selected())
        self.tweak_note = ttk.Label(box, text="", foreground="#555555")
        self.tweak_note.pack(anchor="w")
        buttons = ttk.Frame(box)
        buttons.pack(fill="x", pady=(4, 0))
        self.suggest_button = ttk.Button(buttons, text=_("Suggest tweaks"), command=self.suggest)
        self.suggest_button.pack(side="left")
        tip(self.suggest_button, _("Measure {SUGGEST_TWEAKS} one-step tweaks and the map as it is, "
                                   "up to {SUGGEST_GAMES} games per mirror pairing each, and list "
                                   "the ones the games tell apart from the map now and nearer "
                                   "50%").format(
            SUGGEST_TWEAKS=SUGGEST_TWEAKS, SUGGEST_GAMES=SUGGEST_GAMES))
        self.apply_button = ttk.Button(buttons, text=_("Apply selected"), state="disabled",
                                       command=self.apply_selected)
        self.apply_button.pack(side="left", padx=4)
        tip(self.apply_button, _("Make the selected tweak on the map (one Ctrl+Z undoes it)"))

    # --- running --------------------------------------------------------

    def pairings(self) -> list[Pairing]:
        return [p for p, var in self.chosen.items() if var.get()]

    def _number(self, var: tk.IntVar, least: int, default: int) -> int:
        """A spin box's number, `default` while it holds no whole number."""
        try:
            return max(least, int(var.get()))
        except (tk.TclError, ValueError):
            return default

    def _scheduler(self) -> str:
        """The scheduler address typed ("" for this machine), kept for next time; ValueError
        when it is not tcp://HOST:PORT."""
        text = self.scheduler.get().strip()
        address = "" if text in ("", _(THIS_MACHINE)) else check_address(text)
        if address != editor_settings.scheduler():
            editor_settings.set_scheduler(address)
        return address

    def _run_settings(self) -> dict[str, Any]:
        return {"steps": self._number(self.steps, 1, model.DEFAULT_STEPS),
                "minutes": self._number(self.minutes, 1, model.DEFAULT_MINUTES),
                "scheduler": self._scheduler()}

    def measure(self) -> None:
        """Start measuring the document as it is now."""
        games = self._number(self.games, 2, model.DEFAULT_GAMES)
        self._start(lambda doc, pairings, settings: model.measure(
            doc, pairings, games, **settings), [])

    def suggest(self) -> None:
        """Start measuring a few tweaks of the document, and the document as it is, with the
        mirror pairings ticked (they measure the map; a mixed pairing measures the bots too)."""
        doc = self.hooks.document()
        chosen = suggestions.sample(doc, SUGGEST_TWEAKS)
        self._start(lambda d, pairings, settings: model.start(
            suggestions.measured_maps(d, chosen), [p for p in pairings if is_mirror(p)],
            SUGGEST_GAMES, sequential=False, **settings), chosen)

    def _start(self, begin: Callable[[MapDocument, list[Pairing], dict[str, Any]], LabRun],
               tried: list[suggestions.Tweak]) -> None:
        if self.run is not None and self.run.running:
            return
        pairings = self.pairings()
        if not [p for p in pairings if is_mirror(p) or not tried]:
            self.count.configure(text=_("Tick a {value}pairing first").format(
                value='mirror ' if tried else ''))
            return
        try:
            self.run = begin(self.hooks.document(), pairings, self._run_settings())
        except (model.NotPlayable, ValueError) as e:
            self.count.configure(text=_("Cannot measure: {e}").format(e=e))
            return
        except OSError as e:  # the editor's settings could not be written
            self.count.configure(text=_("Cannot keep the scheduler: {value}").format(
                value=e.strerror or e))
            return
        self.started = time.monotonic()
        self.tried = tried
        if not tried:
            self.measured = None
            self.badge_button.state(["disabled"])
        self._set_running(True)
        self._poll_soon()

    def _poll_soon(self) -> None:
        self._next_poll = self.after(POLL_MS, self._poll)

    def _set_running(self, running: bool) -> None:
        state = "disabled" if running else "!disabled"
        for button in (self.measure_button, self.suggest_button):
            button.state([state])
        self.stop_button.state(["!disabled" if running else "disabled"])

    def _poll(self) -> None:
        if self.run is None:
            return
        progress = self.run.progress()
        self.bar.configure(maximum=max(1, progress.total), value=progress.done)
        left = None
        if progress.running and self.run.seconds is not None:
            left = max(0.0, self.run.seconds - (time.monotonic() - self.started))
        self.count.configure(text=count_text(progress.done, progress.total, left))
        if self.tried:
            self._show_tweaks(progress.rows)
        else:
            self._show_rows(progress.rows)
        if progress.running:
            self._poll_soon()
        else:
            self._finished()

    def _finished(self) -> None:
        """The run ended: by itself (told, the cap, the time up), by Stop, or failing."""
        self._set_running(False)
        why = self.run.cut_short
        if not self.tried and why != STOPPED and self.run.error is None:
            self.measured = self.run
            self.badge_button.state(["!disabled"])
        if why is not None:
            self.count.configure(text=self.count.cget("text") + f" ({why})")

    def stop(self) -> None:
        """Stop the run; the games played so far stay in the table. The run is asked to end and
        the next poll shows its end: this thread never waits for the run's."""
        if self.run is not None:
            self.run.request_stop()
            self.stop_button.state(["disabled"])

    # --- results --------------------------------------------------------

    def _show_rows(self, rows: list[dict[str, Any]]) -> None:
        self.table.delete(*self.table.get_children())
        for row in rows:
            self.table.insert("", "end", values=row_values(row))
        self.shown = self.run
        self.verdict_text = verdict_text(rows)
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
        now, measured = suggestions.measure(self.tried, rows, len(self.pairings_of_run()))
        self.found = suggestions.measurably_better(measured, now)
        self.tweak_list.delete(*self.tweak_list.get_children())
        for i, m in enumerate(self.found):
            self.tweak_list.insert("", "end", iid=str(i), values=(
                m.tweak.label, rate_text(m.rate, m.interval), gap_text(m.against(now))))
        games = min((r["games"] for r in rows), default=0)
        now_text = _("the map now: team 1 {rate_text}").format(
            rate_text=rate_text(now.rate, now.interval))
        self.tweak_note.configure(text=(
            _("Listed: the tweaks {games} games each tell apart from the map now "
              "({now_text})").format(
                games=games, now_text=now_text)
            if self.found else _("No tweak measurably better ({games} games each; "
                                 "{now_text})").format(
                games=games, now_text=now_text)))
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
            self.hooks.store_badge(badge_value(self.measured))
            self.show_badge()

    def show_badge(self) -> None:
        """The document's badge as the game's chooser would show it now, and whether the
        table's numbers are of the map as it is (after every edit)."""
        doc = self.hooks.document()
        self.badge.configure(text=_("Badge: {badge_text}").format(badge_text=model.badge_text(doc)))
        stale = self.shown is not None and model.changed_since(self.shown, doc)
        self.verdict.configure(text=_("{verdict} (measured before your last edits)").format(
            verdict=self.verdict_text) if stale else self.verdict_text)

    def close(self) -> None:
        if self.run is not None:
            self.run.request_stop()  # its thread ends the workers by itself
        if self._next_poll is not None:
            self.after_cancel(self._next_poll)
        self.hooks.show_hits(NO_HITS, {})
        self.destroy()
