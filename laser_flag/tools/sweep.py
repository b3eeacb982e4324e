"""`laser-flag-balance sweep`: many variants of a map measured in one run, one table.

    laser-flag-balance sweep (MAP | FOLDER)... [--vary CLASS.COLUMN=V1,V2,...]...
                             [--bots A,B]... [--games N] [--fixed] [--seed S]
                             [--jobs J] [--executor processes|dask] [--scheduler ADDRESS]
                             [--max-rounds R] [--budget steps:N] [--json] [--plot FILE.png]

The variants are every map given (a file, or a map's name as the game takes it; a folder
gives each of its maps), each with every combination of the `--vary` values
(`scout.speed=4,5,6`; `speed.scout` reads the same). They play the standard styles unless
`--bots` says otherwise, each pairing until its verdict is told (lab.stopping), and the table
(or `--plot`'s chart) gives each variant's verdict and pace. A map that does not load is named
on stderr and the others still run (exit status 2 at the end).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from laser_flag.engine import Game, GameMap, MapError, load_map
from laser_flag.engine.ruleset import CLASSES, COLUMNS
from laser_flag.lab import STYLES, Plan, badge
from laser_flag.lab.executors import LabError
from laser_flag.lab.pairings import is_mirror, label
from laser_flag.lab.run import Outcome
from laser_flag.lab.variants import Vary, variants
from laser_flag.resources import find_map
from laser_flag.tools import lab_cli
from laser_flag.tools.cli import OneLineParser, UsageError, argument_type, emit, fail
from laser_flag.tools.plotting import check_plot_path, pyplot, save_figure
from laser_flag.tools.rolls import set_value

PROG = f"{lab_cli.PROG} sweep"
MAP_SUFFIX = ".json"


def parse_vary(text: str) -> Vary:
    """`scout.speed=4,5,6` (or `speed.scout=4,5,6`); ValueError for an unknown class or column,
    a value that does not read, or one out of the rules' range."""
    cell, sep, values = text.partition("=")
    first, dot, second = cell.strip().partition(".")
    unit_class, column = (second, first) if first in COLUMNS else (first, second)
    if not (sep and dot and values):
        raise ValueError(f"{text!r} is not CLASS.COLUMN=VALUE,VALUE,...")
    if unit_class not in CLASSES:
        raise ValueError(f"{text!r}: unknown class {unit_class!r} (one of {', '.join(CLASSES)})")
    if column not in COLUMNS:
        raise ValueError(f"{text!r}: unknown rule {column!r} (one of {', '.join(COLUMNS)})")
    try:
        parsed = tuple(dict.fromkeys(set_value(v) for v in values.split(",")))
    except ValueError:
        raise ValueError(f"{text!r}: each value must be an integer, true, false or all"
                         ) from None
    return Vary(unit_class, column, parsed)


def _parser() -> OneLineParser:
    parser = OneLineParser(prog=PROG, description="Measure many variants of a map: each map "
                           "given (a folder: each of its maps) with each combination of the "
                           "--vary values, every standard style, one table.")
    parser.add_argument("targets", nargs="+", metavar="MAP_OR_FOLDER",
                        type=argument_type(map_or_folder),
                        help="maps: files, maps' names as the game takes them, or folders of "
                             "maps")
    parser.add_argument("--vary", type=argument_type(parse_vary), action="append", default=[],
                        metavar="CLASS.COLUMN=V1,V2,...",
                        help="a rule cell and its values, e.g. scout.speed=4,5,6; repeatable "
                             "(every combination)")
    lab_cli.add_run_options(parser)
    parser.add_argument("--plot", metavar="FILE.png",
                        help="chart each variant's verdict (team 1's rate in each mirror "
                             "pairing) and pace")
    return parser


def map_or_folder(text: str) -> Path:
    """A folder of maps as it is, else a map as every command takes it (`find_map`: a file or
    a map's name); ValueError names the maps there are."""
    path = Path(text)
    return path if path.is_dir() else find_map(text)


def map_files(targets: list[Path]) -> list[str]:
    """The map files named, a folder standing for its maps (sorted); UsageError for a folder
    without maps."""
    files = []
    for target in targets:
        if target.is_dir():
            inside = sorted(str(p) for p in target.iterdir() if p.suffix == MAP_SUFFIX)
            if not inside:
                raise UsageError(f"{target}: no {MAP_SUFFIX} maps in this folder")
            files += inside
        else:
            files.append(str(target))
    return files


def load_variants(files: list[str], varies: list[Vary]) -> tuple[list[GameMap], list[str]]:
    """Every variant of every map that loads and can start a game, and a line for each map
    that cannot (named, with why)."""
    found, problems = [], []
    for path in files:
        try:
            gm = load_map(path)
            for variant in variants(gm, varies):
                Game(variant, seed=0)
                found.append(variant)
        except (MapError, OSError) as err:
            problems.append(str(err) if str(err).startswith(path) else f"{path}: {err}")
    return found, problems


def summary(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Each variant's verdict, mirror rows and pace, from the lab's report."""
    per_map = len(doc["pairings"])
    out = []
    for m, verdict in enumerate(doc["verdicts"]):
        rows = doc["maps"][m * per_map:(m + 1) * per_map]
        out.append({"variant": verdict["map"], "verdict": verdict["verdict"],
                    "text": verdict["text"], "games": verdict["games"],
                    "ended": verdict["ended"], "pace": badge.pace({"pairings": rows}),
                    "rows": [r for r in rows if is_mirror(r["pairing"])]})
    return out


def _rate(row: dict[str, Any]) -> str:
    if row["team1_win_rate"] is None:
        return "-"
    low, high = row["team1_interval"]
    return f"{row['team1_win_rate']:.0%} [{low:.0%}-{high:.0%}]"


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def render_text(doc: dict[str, Any], variants_: list[dict[str, Any]]) -> str:
    """A row per variant: its verdict, team 1's rate in each mirror pairing, and its pace."""
    mirrors = [label(p) for p in doc["pairings"] if is_mirror(p)]
    head = ["variant", "verdict", *mirrors, "rounds", "shots/round", "round limit"]
    rows = [head] + [[
        v["variant"], v["text"], *map(_rate, v["rows"]), _number(v["pace"]["mean_rounds"]),
        _number(v["pace"]["shots_per_round"]), str(v["pace"]["round_limit"]),
    ] for v in variants_]
    first = (f"Sweep: {len(variants_)} variants, pairings {', '.join(map(label, doc['pairings']))}"
             f", seed {doc['seed']}, {lab_cli.games_note(doc)}"
             + (f", budget {doc['budget']}" if doc["budget"] else "")
             + (lab_cli.PARTIAL_NOTE if doc["partial"] else ""))
    return "\n".join([first, *lab_cli.aligned(rows)])


def plot(doc: dict[str, Any], variants_: list[dict[str, Any]], path: str, plt: Any) -> None:
    """Two panels, a column per variant: team 1's rate with its 95% interval in each mirror
    pairing over the fair band, the verdict beneath; and the pace, mean rounds a game."""
    n = len(variants_)
    fig, (rates, pace) = plt.subplots(2, 1, sharex=True, figsize=(max(5, min(16, 1.3 * n + 2)),
                                                                   6.5),
                                      gridspec_kw={"height_ratios": [3, 1.4]})
    mirrors = [label(p) for p in doc["pairings"] if is_mirror(p)]
    for j, name in enumerate(mirrors):
        xs = [i + (j - (len(mirrors) - 1) / 2) * 0.15 for i in range(n)]
        shown = [(x, v["rows"][j]) for x, v in zip(xs, variants_, strict=True)
                 if v["rows"][j]["team1_win_rate"] is not None]
        if shown:
            rates.errorbar([x for x, _ in shown], [r["team1_win_rate"] for _, r in shown],
                           yerr=[[r["team1_win_rate"] - r["team1_interval"][0] for _, r in shown],
                                 [r["team1_interval"][1] - r["team1_win_rate"] for _, r in shown]],
                           fmt="o", capsize=4, label=name)
    rates.axhspan(0.4, 0.6, color="tab:green", alpha=0.12, label="fair: 40-60%")
    rates.axhline(0.5, color="grey", linestyle="--")
    rates.set_ylim(0, 1)
    rates.set_ylabel("team 1 win rate")
    rates.legend(loc="upper right", fontsize=8)
    rates.set_title("Sweep: each variant's verdict and pace")
    pace.bar(range(n), [v["pace"]["mean_rounds"] or 0 for v in variants_], color="tab:blue")
    pace.set_ylabel("mean rounds")
    names = [f"{_short(v['variant'])}\n{v['text']}" for v in variants_]
    pace.set_xticks(range(n), names, rotation=30 if n > 4 else 0, ha="right" if n > 4 else
                    "center", fontsize=8)
    fig.tight_layout()
    save_figure(fig, path, plt)


def _short(variant: str) -> str:
    """`duel [scout.speed=4]` from `maps/duel.json [scout.speed=4]`."""
    path, _, changes = variant.partition(" [")
    return Path(path).stem + (f" [{changes}" if changes else "")


def _setup(argv: list[str]) -> tuple[argparse.Namespace, Plan, list[str], Any]:
    args = _parser().parse_args(argv)
    lab_cli.check_answer_time()
    found, problems = load_variants(map_files(args.targets), args.vary)
    if not found:
        raise UsageError("; ".join(problems) or "no map to measure")
    plt = pyplot() if args.plot else None
    if plt is not None:
        check_plot_path(args.plot, plt)
    pairings = tuple(dict.fromkeys(args.bots)) or STYLES
    plan = Plan(tuple(found), pairings, args.games, args.seed, args.max_rounds, args.budget,
                sequential=not args.fixed)
    return args, plan, problems, plt


def main(argv: list[str]) -> int:
    """Run a sweep; 2 with one line for a bad argument, and with a line for each map that does
    not load (after the others are measured); 130 after Ctrl-C, reporting the games played."""
    try:
        args, plan, problems, plt = _setup(argv)
        for problem in problems:  # said before the games, so a long run does not hide them
            fail(PROG, problem)
        outcome: Outcome = lab_cli.play(plan, lab_cli.where(args, plan))
    except (UsageError, LabError) as err:
        return fail(PROG, err)
    except KeyboardInterrupt:
        return lab_cli.INTERRUPTED
    doc = outcome.report(plan)
    found = summary(doc)
    text = json.dumps({"variants": found, "report": doc}, indent=2) if args.json else \
        render_text(doc, found)
    status = emit(PROG, text)
    if outcome.partial:
        return lab_cli.INTERRUPTED
    if plt is not None:
        plot(doc, found, args.plot, plt)
    return 2 if problems else status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
