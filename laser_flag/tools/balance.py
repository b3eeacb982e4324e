"""The balance lab's command line: seeded bot-vs-bot games per map, "is this map fair?".

    laser-flag-balance MAP... [--bots A,B]... [--styles] [--games N] [--jobs J] [--seed S]
                              [--max-rounds R] [--budget steps:N] [--fog | --no-fog]
                              [--json] [--plot FILE.png] [--badge]

The games, reports and verdicts are `laser_flag.lab`'s; this module reads arguments, shows
progress and writes the table, the JSON, the chart and the maps' badges. `--bots` may be given
again for more pairings; `--styles` adds the standard set (`lab.STYLES`). With two different
bots even games give team 1 to the first and odd games to the second, so the lab also measures
bot strength. `--badge` stores each map's result in the map file (its `balance` key). Ctrl-C
stops the run and reports the games played so far, marked partial (exit status 130).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from laser_flag.engine import Game, GameMap, MapError, load_map
from laser_flag.lab import STYLES, Plan, badge, parse_pairing, report
from laser_flag.lab.games import GameRecord, steps_budget, tasks
from laser_flag.lab.pairings import Pairing, label
from laser_flag.lab.run import play_all, workers
from laser_flag.tools.cli import (
    OneLineParser,
    UsageError,
    argument_type,
    emit,
    fail,
    output_problem,
)
from laser_flag.tools.plotting import check_plot_path, pyplot, save_figure

PROG = "laser-flag-balance"
INTERRUPTED = 130  # the shell's status for a program stopped by Ctrl-C (128 + SIGINT)
DEFAULT_PAIRING = ("greedy", "greedy")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, not {text!r}")
    return value


def _budget(text: str) -> str:
    """A budget the lab passes on as written, once it is known to read (`steps:N`)."""
    steps_budget(text)
    return text


def _parser() -> OneLineParser:
    parser = OneLineParser(
        prog=PROG, description="Play seeded bot-vs-bot games and report fairness."
    )
    parser.add_argument("maps", nargs="+", metavar="MAP", help="map files to play")
    parser.add_argument("--bots", type=argument_type(parse_pairing), action="append", default=[],
                        help="two bots, e.g. planner,greedy; again for more pairings "
                             "(default greedy,greedy)")
    parser.add_argument("--styles", action="store_true",
                        help=f"add the standard pairings: {', '.join(map(label, STYLES))}")
    parser.add_argument("--games", type=_positive, default=100,
                        help="games per map and pairing")
    parser.add_argument("--jobs", type=_positive, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=0, help="seed of every game's seeds")
    parser.add_argument("--max-rounds", type=_positive, default=200,
                        help="a game still going after this many rounds is a draw ('cap')")
    parser.add_argument("--fog", action=argparse.BooleanOptionalAction, default=None,
                        help="play with fog of war, or without (default: as each map says)")
    parser.add_argument("--budget", type=argument_type(_budget), metavar="steps:N",
                        help="the search budget of bots that search, in steps (reproducible)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--plot", metavar="FILE.png", help="chart team 1's win rate per row")
    parser.add_argument("--badge", action="store_true",
                        help="write each map's result into it as its badge (default pairings: "
                             "the standard styles)")
    return parser


def pairings(args: argparse.Namespace) -> tuple[Pairing, ...]:
    """The pairings asked for, each once, in the order given; the default without any."""
    asked = list(args.bots) + (list(STYLES) if args.styles or (args.badge and not args.bots)
                               else [])
    return tuple(dict.fromkeys(asked)) or (DEFAULT_PAIRING,)


def plan(args: argparse.Namespace) -> Plan:
    """The run the arguments ask for (the maps are loaded once, in this process)."""
    return Plan(tuple(map(_load, args.maps)), pairings(args), args.games, args.seed,
                args.max_rounds, args.budget, args.fog)


@cache
def _load(path: str) -> GameMap:
    """A map by its path, read once (checked, then played); reports name it as typed."""
    return load_map(path)


def progress(records: Iterable[GameRecord], total: int, width: int = 30) -> Iterator[GameRecord]:
    """Pass records through, drawing a bar and a count on stderr."""
    start = time.perf_counter()
    done = 0
    for item in records:
        done += 1
        filled = width * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
        sys.stderr.flush()
        yield item
    sys.stderr.write(f"\n{done} games in {time.perf_counter() - start:.1f} s\n")


FOG_NOTE = {None: "", True: ", fog of war", False: ", no fog"}
PARTIAL_NOTE = " - PARTIAL: stopped by Ctrl-C, only the games played so far"


def _one_decimal(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _pct(rate: float | None, interval: Sequence[float] | None) -> str:
    if rate is None or interval is None:
        return "-"
    return f"{rate * 100:.1f}% [{interval[0] * 100:.1f}-{interval[1] * 100:.1f}]"


def render_text(doc: dict[str, Any]) -> str:
    """The report as an aligned table, each map's verdict, then each bot's overall record."""
    head = ["map", "pairing", "games", "T1 wins", "T2 wins", "draws", "T1 win rate [95%]",
            "rounds", "capped", "limit draws", "scores", "victories"]
    rows = [head] + [[
        m["map"], label(m["pairing"]), str(m["games"]), str(m["team1_wins"]),
        str(m["team2_wins"]), str(m["draws"]), _pct(m["team1_win_rate"], m["team1_interval"]),
        _one_decimal(m["mean_rounds"]), str(m["capped"]), str(m["limit_draws"]),
        f"{_one_decimal(m['mean_scores']['1'])}-{_one_decimal(m['mean_scores']['2'])}",
        ", ".join(f"{k} {v}" for k, v in m["victories"].items()),
    ] for m in doc["maps"]]
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = [f"Pairings: {', '.join(map(label, doc['pairings']))}, seed {doc['seed']}, "
             f"cap {doc['max_rounds']} rounds"
             + (f", budget {doc['budget']}" if doc["budget"] else "") + FOG_NOTE[doc["fog"]]
             + (PARTIAL_NOTE if doc["partial"] else "")]
    lines += ["  ".join(t.ljust(w) for t, w in zip(row, widths, strict=True)).rstrip()
              for row in rows]
    lines += [f"{v['map']}: {v['verdict']}" + _stalls(v, doc) for v in doc["verdicts"]
              if v["verdict"] != report.NO_MIRROR]
    for name, rec in doc.get("bots_overall", {}).items():
        lines.append(f"{name}: {rec['wins']} wins, {rec['losses']} losses, {rec['draws']} draws, "
                     f"win rate {_pct(rec['win_rate'], rec['interval'])}")
    return "\n".join(lines)


def _stalls(verdict: dict[str, Any], doc: dict[str, Any]) -> str:
    """`; STALLS in turtle-turtle (9 of 40 games capped or drawn at the turn limit)`, or ''."""
    rows = {(m["map"], tuple(m["pairing"])): m for m in doc["maps"]}
    said = [f"{label(p)} ({r['capped'] + r['limit_draws']} of {r['games']} games capped or "
            f"drawn at the turn limit)"
            for p in verdict["stalls"] for r in [rows[verdict["map"], tuple(p)]]]
    return f"; STALLS in {', '.join(said)}" if said else ""


def _row_name(row: dict[str, Any], several: bool) -> str:
    stem = Path(row["map"]).stem
    return f"{stem}\n{label(row['pairing'])}" if several else stem


MAX_CHART_INCHES = 16


def plot(doc: dict[str, Any], path: str, plt: Any) -> None:
    """Team 1's win rate per map (and pairing, when several) with its 95% interval."""
    rows = [m for m in doc["maps"] if m["team1_win_rate"] is not None]
    several = len(doc["pairings"]) > 1
    # Wide enough for each row's name, but no wider than a page: many rows tilt their names
    # (and need a little more height below the axis for them).
    width = max(4, 1.2 * len(rows) + 2)
    tilt = 30 if width <= MAX_CHART_INCHES else 60
    fig, ax = plt.subplots(figsize=(min(MAX_CHART_INCHES, width), 4 if tilt == 30 else 4.5))
    rates = [m["team1_win_rate"] for m in rows]
    errors = [[r - m["team1_interval"][0] for r, m in zip(rates, rows, strict=True)],
              [m["team1_interval"][1] - r for r, m in zip(rates, rows, strict=True)]]
    ax.errorbar(range(len(rows)), rates, yerr=errors, fmt="o", capsize=4)
    ax.axhspan(0.4, 0.6, color="tab:green", alpha=0.12, label="fair: 40-60%")
    ax.axhline(0.5, color="grey", linestyle="--")
    ax.set_xticks(range(len(rows)), [_row_name(m, several) for m in rows], rotation=tilt,
                  fontsize=8 if tilt == 60 else None, ha="right")
    ax.legend(loc="upper right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("team 1 win rate (decided games)")
    ax.set_title(f"{', '.join(map(label, doc['pairings']))}: first-player edge")
    fig.tight_layout()
    save_figure(fig, path, plt)


def _check_maps(paths: Sequence[str]) -> None:
    """Each map loads and a game can start on it (both teams have units), before any worker."""
    for path in paths:
        try:
            Game(_load(path), seed=0)
        except MapError as err:
            raise UsageError(str(err)) from None


def _check_badge(args: argparse.Namespace) -> None:
    """--badge needs a mirror pairing (only they measure a map), each map played as it says
    (its fog default is part of what the badge measured) and maps it may rewrite."""
    if not any(p[0] == p[1] for p in pairings(args)):
        raise UsageError("--badge needs a mirror pairing such as hard,hard")
    if args.fog is not None:
        raise UsageError("--badge plays each map with the fog it says: leave out --fog/--no-fog")
    for path in args.maps:
        problem = output_problem(Path(path))
        if problem:
            raise UsageError(f"--badge {path}: {problem}")


def _setup(argv: list[str] | None) -> tuple[argparse.Namespace, Any]:
    """The arguments and pyplot (None without --plot), every check done before any game."""
    args = _parser().parse_args(argv)
    _check_maps(args.maps)
    if args.badge:
        _check_badge(args)
    plt = pyplot() if args.plot else None
    if plt is not None:
        check_plot_path(args.plot, plt)
    return args, plt


def play_plan(run: Plan, jobs: int) -> tuple[list[GameRecord], bool]:
    """Every game's record, and whether Ctrl-C stopped the run early."""
    records: list[GameRecord] = []
    try:
        records.extend(progress(play_all(tasks(run), workers(run, jobs)), run.total))
    except KeyboardInterrupt:
        sys.stderr.write(f"\nstopped by Ctrl-C after {len(records)} of {run.total} games\n")
        return records, True
    return records, False


def write_badges(args: argparse.Namespace, run: Plan, doc: dict[str, Any]) -> None:
    """Store each map's rows as its badge, every other key of the file kept."""
    per_map = len(run.pairings)
    for m, (path, gm) in enumerate(zip(args.maps, run.maps, strict=True)):
        badge.write(path, badge.measured(gm, doc, doc["maps"][m * per_map:(m + 1) * per_map]))
        sys.stderr.write(f"{path}: badge {badge.status(load_map(path)).text}\n")


def main(argv: list[str] | None = None) -> int:
    """Run the lab; 2 with one line on stderr for a bad argument, map, output or missing
    matplotlib; 130 after Ctrl-C, with the report of the games played so far."""
    try:
        args, plt = _setup(argv)
        run = plan(args)
    except UsageError as err:
        return fail(PROG, err)
    except KeyboardInterrupt:  # while the maps load: no game played, nothing to report
        return INTERRUPTED
    records, stopped = play_plan(run, args.jobs)
    doc = report.report(run, records, partial=stopped)
    status = emit(PROG, json.dumps(doc, indent=2) if args.json else render_text(doc))
    if stopped:
        return INTERRUPTED
    if plt is not None:
        plot(doc, args.plot, plt)
    if args.badge:
        write_badges(args, run, doc)
    return status


if __name__ == "__main__":
    sys.exit(main())
