"""The balance lab's command line: seeded bot-vs-bot games per map, "is this map fair?".

    laser-flag-balance MAP... [--bots A,B]... [--styles] [--games N] [--fixed] [--seed S]
                              [--jobs J] [--executor processes|dask] [--scheduler ADDRESS]
                              [--max-rounds R] [--budget steps:N] [--fog | --no-fog]
                              [--json] [--plot FILE.png] [--badge]
    laser-flag-balance sweep ...    (tools/sweep.py: many variants of a map, one table)
    laser-flag-balance generate ... (tools/generate.py: a random map, checked by play)

The games, reports and verdicts are `laser_flag.lab`'s; this module reads arguments, shows
progress and writes the table, the JSON, the chart and the maps' badges. `--bots` may be given
again for more pairings; `--styles` adds the standard set (`lab.STYLES`). With two different
bots even games give team 1 to the first and odd games to the second, so the lab also measures
bot strength. A run stops each pairing once its verdict is told (lab.stopping), `--games`
being the most it plays; `--fixed` plays them all. `--badge` stores each map's result in the
map file (its `balance` key) and keeps it as measured here (lab.measured). Ctrl-C stops the
run and reports the games played so far, marked partial (exit status 130).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from laser_flag.engine import Game, GameMap, MapError, load_map
from laser_flag.lab import STYLES, Plan, badge, measured
from laser_flag.lab.executors import LabError
from laser_flag.lab.pairings import Pairing, label
from laser_flag.lab.stopping import CAP, DECIDED
from laser_flag.lab.verdict import NO_MIRROR, UNDECIDED
from laser_flag.resources import find_map
from laser_flag.sight_files import use_data_folder
from laser_flag.tools import generate, sweep
from laser_flag.tools.cli import (
    OneLineParser,
    UsageError,
    argument_type,
    emit,
    fail,
    output_problem,
)
from laser_flag.tools.lab_cli import (
    INTERRUPTED,
    PARTIAL_NOTE,
    PROG,
    add_run_options,
    aligned,
    check_answer_time,
    games_note,
    play,
    where,
)
from laser_flag.tools.plotting import check_plot_path, pyplot, save_figure

DEFAULT_PAIRING = ("greedy", "greedy")


def _parser() -> OneLineParser:
    parser = OneLineParser(
        prog=PROG, description="Play seeded bot-vs-bot games and report fairness. "
                               f"`{PROG} sweep --help`: measure many variants of a map; "
                               f"`{PROG} generate --help`: make a fair random map."
    )
    parser.add_argument("maps", nargs="+", metavar="MAP", type=argument_type(find_map),
                        help="maps to play: files, or maps' names as the game takes them")
    parser.add_argument("--styles", action="store_true",
                        help=f"add the standard pairings: {', '.join(map(label, STYLES))}")
    add_run_options(parser)
    parser.add_argument("--fog", action=argparse.BooleanOptionalAction, default=None,
                        help="play with fog of war, or without (default: as each map says)")
    parser.add_argument("--plot", metavar="FILE.png", help="chart team 1's win rate per row")
    parser.add_argument("--badge", action="store_true",
                        help="write each map's result into it as its badge, and keep it as "
                             "measured here (default pairings: the standard styles)")
    return parser


def pairings(args: argparse.Namespace) -> tuple[Pairing, ...]:
    """The pairings asked for, each once, in the order given; the default without any."""
    asked = list(args.bots) + (list(STYLES) if args.styles or (args.badge and not args.bots)
                               else [])
    return tuple(dict.fromkeys(asked)) or (DEFAULT_PAIRING,)


def plan(args: argparse.Namespace) -> Plan:
    """The run the arguments ask for (the maps are loaded once, in this process)."""
    return Plan(tuple(map(_load, args.maps)), pairings(args), args.games, args.seed,
                args.max_rounds, args.budget, args.fog, sequential=not args.fixed)


@cache
def _load(path: Path) -> GameMap:
    """A map by its path, read once (checked, then played); reports name it as typed."""
    return load_map(path)


FOG_NOTE = {None: "", True: ", fog of war", False: ", no fog"}
ENDED_NOTE = {DECIDED: "", CAP: ", the cap reached", None: ", the run ended first"}


def _one_decimal(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _pct(rate: float | None, interval: Sequence[float] | None) -> str:
    if rate is None or interval is None:
        return "-"
    return f"{rate * 100:.1f}% [{interval[0] * 100:.1f}-{interval[1] * 100:.1f}]"


def verdict_line(v: dict[str, Any]) -> str:
    """`maps/duel.json: fair (128 games)`, `...: undecided (40 games), the cap reached`."""
    told = "" if v["verdict"] == UNDECIDED else f" ({v['games']:,} games)"
    return f"{v['map']}: {v['text']}{told}{ENDED_NOTE[v['ended']]}"


def render_text(doc: dict[str, Any]) -> str:
    """The report as an aligned table, each map's verdict, then each bot's overall record."""
    head = ["map", "pairing", "games", "T1 wins", "T2 wins", "draws", "T1 win rate [95%]",
            "verdict", "rounds", "shots/round", "round limit", "limit draws", "capped", "scores",
            "victories"]
    rows = [head] + [[
        m["map"], label(m["pairing"]), str(m["games"]), str(m["team1_wins"]),
        str(m["team2_wins"]), str(m["draws"]), _pct(m["team1_win_rate"], m["team1_interval"]),
        m.get("verdict", "(bots)"), _one_decimal(m["mean_rounds"]),
        _one_decimal(m["shots_per_round"]), str(m["round_limit"]),
        str(m["limit_draws"]), str(m["capped"]),
        f"{_one_decimal(m['mean_scores']['1'])}-{_one_decimal(m['mean_scores']['2'])}",
        ", ".join(f"{k} {v}" for k, v in m["victories"].items()),
    ] for m in doc["maps"]]
    lines = [f"Pairings: {', '.join(map(label, doc['pairings']))}, seed {doc['seed']}, "
             f"{games_note(doc)}, cap {doc['max_rounds']} rounds"
             + (f", budget {doc['budget']}" if doc["budget"] else "") + FOG_NOTE[doc["fog"]]
             + (PARTIAL_NOTE if doc["partial"] else "")]
    lines += aligned(rows)
    lines += [verdict_line(v) + _stalls(v, doc) for v in doc["verdicts"]
              if v["verdict"] != NO_MIRROR]
    for name, rec in doc.get("bots_overall", {}).items():
        lines.append(f"{name}: {rec['wins']} wins, {rec['losses']} losses, {rec['draws']} draws, "
                     f"win rate {_pct(rec['win_rate'], rec['interval'])}")
    return "\n".join(lines)


def _stalls(verdict: dict[str, Any], doc: dict[str, Any]) -> str:
    """`; STALLS in turtle-turtle (9 of 40 games capped or drawn at the round limit)`, or ''."""
    rows = {(m["map"], tuple(m["pairing"])): m for m in doc["maps"]}
    said = [f"{label(p)} ({r['capped'] + r['limit_draws']} of {r['games']} games capped or "
            f"drawn at the round limit)"
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
    check_answer_time()
    _check_maps(args.maps)
    if args.badge:
        _check_badge(args)
    plt = pyplot() if args.plot else None
    if plt is not None:
        check_plot_path(args.plot, plt)
    return args, plt


def write_badges(args: argparse.Namespace, run: Plan, doc: dict[str, Any]) -> int:
    """Store each map's rows as its badge, every other key of the file kept, and keep each as
    measured here; 2 (one line per map, the report already out) when a map's badge cannot be
    written or kept, else 0."""
    per_map, status = len(run.pairings), 0
    for m, (path, gm) in enumerate(zip(args.maps, run.maps, strict=True)):
        value = badge.measured(gm, doc, doc["maps"][m * per_map:(m + 1) * per_map])
        try:
            badge.write(path, value)
            sys.stderr.write(f"{path}: badge {badge.status(load_map(path)).text}\n")
        except (OSError, MapError) as err:
            status = fail(PROG, f"{path}: badge not written: {_why(err)}")
            continue
        try:
            measured.keep(value)
        except OSError as err:  # the data folder: the map's own badge stands
            status = fail(PROG, f"{path}: badge not kept as measured here: {_why(err)}")
    return status


def _why(err: Exception) -> object:
    """The system's reason for a failed write (not its errno), or the refusal itself."""
    return err.strerror if isinstance(err, OSError) and err.strerror else err


def main(argv: list[str] | None = None) -> int:
    """Run the lab; 2 with one line on stderr for a bad argument, map, output, missing
    matplotlib or Dask, or a cluster that cannot be used; 130 after Ctrl-C, with the report of
    the games played so far."""
    use_data_folder()  # maps' LOS answers: read from and kept in the data folder
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["sweep"]:
        return sweep.main(argv[1:])
    if argv[:1] == ["generate"]:
        return generate.main(argv[1:])
    try:
        args, plt = _setup(argv)
        run = plan(args)
        outcome = play(run, where(args, run))
    except (UsageError, LabError) as err:
        return fail(PROG, err)
    except KeyboardInterrupt:  # while the maps load or a cluster starts: nothing to report
        return INTERRUPTED
    doc = outcome.report(run)
    status = emit(PROG, json.dumps(doc, indent=2) if args.json else render_text(doc))
    if outcome.partial:
        return INTERRUPTED
    if plt is not None:
        plot(doc, args.plot, plt)
    if args.badge:
        return write_badges(args, run, doc) or status
    return status


if __name__ == "__main__":
    sys.exit(main())
