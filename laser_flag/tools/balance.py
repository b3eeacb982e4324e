"""The balance lab: seeded bot-vs-bot games per map, in parallel, answering "is this map fair?".

    laser-flag-balance MAP... [--bots greedy,greedy] [--games N] [--jobs J] [--seed S]
                              [--max-rounds R] [--json] [--plot FILE.png]

Every game's seeds come from --seed and the game's index, so the same arguments give the same
numbers whatever the number of processes. With two different bots, even games give team 1 to
the first bot and odd games to the second, so the lab also measures bot strength. Ctrl-C stops
the run and reports the games played so far, marked partial (exit status 130).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import signal
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from multiprocessing.pool import Pool
from pathlib import Path
from typing import Any

from laser_flag import __version__
from laser_flag.bots import BOT_NAMES
from laser_flag.bots.match import DRAW, MatchResult, derive_seed, play_match
from laser_flag.engine import Game, GameMap, MapError, load_map
from laser_flag.engine.mapfile import write_atomic
from laser_flag.tools.cli import OneLineParser, UsageError, emit, fail, output_problem

PROG = "laser-flag-balance"
Z_95 = 1.959964  # the normal quantile of a two-sided 95% interval
INTERRUPTED = 130  # the shell's status for a program stopped by Ctrl-C (128 + SIGINT)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, not {text!r}")
    return value


def _bots_arg(text: str) -> tuple[str, str]:
    names = [n.strip() for n in text.split(",")]
    if len(names) == 1:
        names *= 2
    unknown = [n for n in names if n not in BOT_NAMES]
    if len(names) != 2 or unknown:
        raise argparse.ArgumentTypeError(
            f"{text!r}: give two of {', '.join(BOT_NAMES)} separated by a comma"
        )
    return names[0], names[1]


def _parser() -> OneLineParser:
    parser = OneLineParser(
        prog=PROG, description="Play seeded bot-vs-bot games and report fairness."
    )
    parser.add_argument("maps", nargs="+", metavar="MAP", help="map files to play")
    parser.add_argument("--bots", type=_bots_arg, default=("greedy", "greedy"),
                        help="two bots, e.g. planner,greedy (default greedy,greedy)")
    parser.add_argument("--games", type=_positive, default=100, help="games per map")
    parser.add_argument("--jobs", type=_positive, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=0, help="seed of every game's seeds")
    parser.add_argument("--max-rounds", type=_positive, default=200,
                        help="a game still going after this many rounds is a draw ('cap')")
    parser.add_argument("--fog", action=argparse.BooleanOptionalAction, default=None,
                        help="play with fog of war, or without (default: as each map says)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--plot", metavar="FILE.png", help="chart team 1's win rate per map")
    return parser


@dataclass(frozen=True)
class Task:
    """One game to play: which map, which index, which bot on which side."""

    map_index: int
    path: str
    game_index: int
    bots: tuple[str, str]
    seed: int
    max_rounds: int
    fog: bool | None = None  # None: as the map says


def tasks(args: argparse.Namespace) -> Iterator[Task]:
    """Every game of the run, made as it is needed (a huge --games costs no memory up front);
    odd games swap the bots' sides."""
    first, second = args.bots
    return (
        Task(m, path, i, (first, second) if i % 2 == 0 else (second, first),
             derive_seed(args.seed, i), args.max_rounds, args.fog)
        for m, path in enumerate(args.maps)
        for i in range(args.games)
    )


def total_games(args: argparse.Namespace) -> int:
    """Games in the whole run: --games on each map."""
    return len(args.maps) * args.games


def workers(args: argparse.Namespace) -> int:
    """The processes to start: as many as asked, but never more than there are games."""
    return min(args.jobs, total_games(args))


@cache
def _load(path: str) -> GameMap:
    return load_map(path)  # once per process: the LOS cache is built once per map


def play(task: Task) -> tuple[int, int, MatchResult]:
    """Play one task (in a worker process); the indexes let results be put back in order."""
    return task.map_index, task.game_index, play_match(
        _load(task.path), task.bots, task.seed, task.max_rounds, task.fog)


def run(todo: Iterable[Task], jobs: int) -> Iterator[tuple[int, int, MatchResult]]:
    """Results as they finish, from `jobs` spawn-started processes (or this one for 1)."""
    if jobs == 1:
        yield from map(play, todo)
        return
    with start_pool(jobs) as pool:
        yield from pool.imap_unordered(play, todo)


def start_pool(jobs: int) -> Pool:
    """Workers that ignore Ctrl-C (they inherit SIG_IGN): only the main process stops the run."""
    handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return multiprocessing.get_context("spawn").Pool(jobs)
    finally:
        signal.signal(signal.SIGINT, handler)


def progress(results: Iterable[Any], total: int, width: int = 30) -> Iterator[Any]:
    """Pass results through, drawing a bar and a count on stderr."""
    start = time.perf_counter()
    done = 0
    for item in results:
        done += 1
        filled = width * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
        sys.stderr.flush()
        yield item
    sys.stderr.write(f"\n{done} games in {time.perf_counter() - start:.1f} s\n")


def wilson(wins: int, n: int, z: float = Z_95) -> tuple[float, float] | None:
    """The Wilson score interval of a win rate; None without games."""
    if n == 0:
        return None
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(max(0.0, centre - half), 6), round(min(1.0, centre + half), 6)


def _rate(wins: int, losses: int) -> dict[str, Any]:
    decided = wins + losses
    return {"win_rate": round(wins / decided, 6) if decided else None,
            "interval": wilson(wins, decided)}


def bot_record(results: Sequence[MatchResult]) -> dict[str, dict[str, Any]]:
    """Wins, losses and draws of each bot, and its win rate among decided games."""
    record: dict[str, Counter[str]] = {}
    for r in results:
        for team, name in zip("12", r.bots, strict=True):
            outcome = "draws" if r.winner == DRAW else "wins" if r.winner == team else "losses"
            record.setdefault(name, Counter())[outcome] += 1
    return {name: {"wins": c["wins"], "losses": c["losses"], "draws": c["draws"],
                   **_rate(c["wins"], c["losses"])} for name, c in sorted(record.items())}


def map_summary(path: str, results: Sequence[MatchResult], two_bots: bool) -> dict[str, Any]:
    """One map's row of the report."""
    n = len(results)
    wins = Counter(r.winner for r in results)
    summary = {
        "map": path, "games": n, "team1_wins": wins["1"], "team2_wins": wins["2"],
        "draws": wins[DRAW], **{f"team1_{k}": v for k, v in _rate(wins["1"], wins["2"]).items()},
        "mean_rounds": _mean([r.rounds for r in results]),
        "mean_scores": {t: _mean([r.scores[i] for r in results]) for i, t in enumerate("12")},
        "victories": dict(sorted(Counter(r.victory for r in results).items())),
    }
    if two_bots:
        summary["bots"] = bot_record(results)
    return summary


def _mean(values: Sequence[int]) -> float | None:
    """The mean to 3 decimals; None when a stopped run played no game on a map."""
    return round(sum(values) / len(values), 3) if values else None


def report(args: argparse.Namespace, results: dict[int, list[MatchResult]],
           partial: bool = False) -> dict[str, Any]:
    """The whole run as the --json document (no timings, so equal arguments give equal JSON).

    `partial`: the run was stopped before every game was played; the numbers cover those done.
    """
    two_bots = args.bots[0] != args.bots[1]
    doc: dict[str, Any] = {
        "game_version": __version__,
        "bots": list(args.bots), "games_per_map": args.games, "seed": args.seed,
        "max_rounds": args.max_rounds, "fog": args.fog, "partial": partial,
        "maps": [map_summary(p, results[m], two_bots) for m, p in enumerate(args.maps)],
    }
    if two_bots:
        doc["bots_overall"] = bot_record([r for rs in results.values() for r in rs])
    return doc


FOG_NOTE = {None: "", True: ", fog of war", False: ", no fog"}
PARTIAL_NOTE = " - PARTIAL: stopped by Ctrl-C, only the games played so far"


def _one_decimal(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _pct(rate: float | None, interval: tuple[float, float] | None) -> str:
    if rate is None or interval is None:
        return "-"
    return f"{rate * 100:.1f}% [{interval[0] * 100:.1f}-{interval[1] * 100:.1f}]"


def render_text(doc: dict[str, Any]) -> str:
    """The report as an aligned table, then each bot's record when two bots played."""
    head = ["map", "games", "T1 wins", "T2 wins", "draws", "T1 win rate [95%]", "rounds",
            "scores", "victories"]
    rows = [head] + [[
        m["map"], str(m["games"]), str(m["team1_wins"]), str(m["team2_wins"]), str(m["draws"]),
        _pct(m["team1_win_rate"], m["team1_interval"]), _one_decimal(m["mean_rounds"]),
        f"{_one_decimal(m['mean_scores']['1'])}-{_one_decimal(m['mean_scores']['2'])}",
        ", ".join(f"{k} {v}" for k, v in m["victories"].items()),
    ] for m in doc["maps"]]
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = [f"Bots: {doc['bots'][0]} vs {doc['bots'][1]}, seed {doc['seed']}, "
             f"cap {doc['max_rounds']} rounds{FOG_NOTE[doc['fog']]}"
             + (PARTIAL_NOTE if doc["partial"] else "")]
    lines += ["  ".join(t.ljust(w) for t, w in zip(row, widths, strict=True)).rstrip()
              for row in rows]
    for name, rec in doc.get("bots_overall", {}).items():
        lines.append(f"{name}: {rec['wins']} wins, {rec['losses']} losses, {rec['draws']} draws, "
                     f"win rate {_pct(rec['win_rate'], rec['interval'])}")
    return "\n".join(lines)


def _pyplot() -> Any:
    """matplotlib's pyplot on a file-only backend; UsageError when it is not installed."""
    try:
        import matplotlib
    except ImportError:
        raise UsageError("--plot needs matplotlib (pip install matplotlib)") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot(doc: dict[str, Any], path: str, plt: Any) -> None:
    """Team 1's win rate per map with its 95% interval, and the 50% line."""
    maps = [m for m in doc["maps"] if m["team1_win_rate"] is not None]
    fig, ax = plt.subplots(figsize=(max(4, 1.2 * len(maps) + 2), 4))
    rates = [m["team1_win_rate"] for m in maps]
    errors = [[r - m["team1_interval"][0] for r, m in zip(rates, maps, strict=True)],
              [m["team1_interval"][1] - r for r, m in zip(rates, maps, strict=True)]]
    ax.errorbar(range(len(maps)), rates, yerr=errors, fmt="o", capsize=4)
    ax.axhspan(0.4, 0.6, color="tab:green", alpha=0.12, label="fair: 40-60%")
    ax.axhline(0.5, color="grey", linestyle="--")
    ax.set_xticks(range(len(maps)), [Path(m["map"]).stem for m in maps], rotation=30)
    ax.legend(loc="upper right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("team 1 win rate (decided games)")
    ax.set_title(f"{doc['bots'][0]} vs {doc['bots'][1]}: first-player edge")
    fig.tight_layout()
    try:  # like every file the game writes: never half a chart
        write_atomic(path, lambda f: fig.savefig(f, format=_image_kind(path)))
    finally:
        plt.close(fig)


def _image_kind(path: str) -> str:
    """The chart's image type, from the file's extension: png when it has none."""
    return Path(path).suffix.lstrip(".").lower() or "png"


def _check_plot_path(path: str, plt: Any) -> None:
    """Refuse a chart that could not be written before any game is played."""
    target, kind = Path(path), _image_kind(path)
    probe = plt.figure()
    kinds = probe.canvas.get_supported_filetypes()
    plt.close(probe)
    problem = output_problem(target)
    if problem:
        raise UsageError(f"--plot {path}: {problem}")
    if kind not in kinds:
        raise UsageError(f"--plot {path}: unknown image type {kind!r} "
                         f"(one of {', '.join(sorted(kinds))})")


def _check_maps(paths: Sequence[str]) -> None:
    """Each map loads and a game can start on it (both teams have units), before any worker."""
    for path in paths:
        try:
            Game(_load(path), seed=0)
        except MapError as err:
            raise UsageError(str(err)) from None


def _setup(argv: list[str] | None) -> tuple[argparse.Namespace, Any]:
    """The arguments and pyplot (None without --plot), every check done before any game."""
    args = _parser().parse_args(argv)
    _check_maps(args.maps)
    plt = _pyplot() if args.plot else None
    if plt is not None:
        _check_plot_path(args.plot, plt)
    return args, plt


def play_all(args: argparse.Namespace) -> tuple[dict[int, list[MatchResult]], bool]:
    """Each map's results in game order, and whether Ctrl-C stopped the run early."""
    results: dict[int, dict[int, MatchResult]] = {m: {} for m in range(len(args.maps))}
    stopped = False
    try:
        for m, i, result in progress(run(tasks(args), workers(args)), total_games(args)):
            results[m][i] = result
    except KeyboardInterrupt:
        stopped = True
        done = sum(map(len, results.values()))
        sys.stderr.write(f"\nstopped by Ctrl-C after {done} of {total_games(args)} games\n")
    return {m: [rs[i] for i in sorted(rs)] for m, rs in results.items()}, stopped


def main(argv: list[str] | None = None) -> int:
    """Run the lab; 2 with one line on stderr for a bad argument, map, output or missing
    matplotlib; 130 after Ctrl-C, with the report of the games played so far."""
    try:
        args, plt = _setup(argv)
    except UsageError as err:
        return fail(PROG, err)
    except KeyboardInterrupt:  # while the maps load: no game played, nothing to report
        return INTERRUPTED
    results, stopped = play_all(args)
    doc = report(args, results, partial=stopped)
    status = emit(PROG, json.dumps(doc, indent=2) if args.json else render_text(doc))
    if plt is not None and not stopped:
        plot(doc, args.plot, plt)
    return INTERRUPTED if stopped else status


if __name__ == "__main__":
    sys.exit(main())
