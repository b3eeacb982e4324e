"""What the balance lab's commands share (`laser-flag-balance` and its `sweep`): the options that
say which games and where they play, playing them with a progress bar, and the table's parts."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from laser_flag.bots.program import ANSWER_TIME_HELP, answer_seconds
from laser_flag.lab import Plan, Where, parse_pairing
from laser_flag.lab.cluster import check_address
from laser_flag.lab.games import steps_budget
from laser_flag.lab.run import INTERRUPTED as RUN_INTERRUPTED
from laser_flag.lab.run import Outcome, play_plan, workers
from laser_flag.tools.cli import UsageError, argument_type, positive
from laser_flag.tools.progress import ProgressBar

PROG = "laser-flag-balance"
INTERRUPTED = 130  # the shell's status for a program stopped by Ctrl-C (128 + SIGINT)
DEFAULT_GAMES = 400  # a pairing's most: a fair map is told after about 220 (docs/BALANCE_LOG.md)
PARTIAL_NOTE = " - PARTIAL: stopped by Ctrl-C, only the games played so far"


def budget_text(text: str) -> str:
    """A budget the lab passes on as written, once it is known to read (`steps:N`)."""
    steps_budget(text)
    return text

def add_run_options(parser: argparse.ArgumentParser, games: int = DEFAULT_GAMES) -> None:
    """The options every lab command shares: the pairings, how many games, where they play;
    and, for a pairing's programs, how long they have to answer (the help's epilog)."""
    parser.add_argument("--bots", type=argument_type(parse_pairing), action="append", default=[],
                        help="two bots, e.g. planner,greedy or hard,exec:COMMAND (a program); "
                             "again for more pairings")
    parser.epilog = ANSWER_TIME_HELP
    parser.add_argument("--games", type=positive, default=games,
                        help=f"the most games per map and pairing (default {games}); a pairing "
                             "stops sooner once its verdict is told")
    parser.add_argument("--fixed", action="store_true",
                        help="play every one of --games games, even once the verdict is told")
    parser.add_argument("--seed", type=int, default=0, help="seed of every game's seeds")
    parser.add_argument("--jobs", type=positive, default=1,
                        help="worker processes on this machine (with --executor dask: workers)")
    parser.add_argument("--executor", choices=("processes", "dask"), default="processes",
                        help="where games play: local processes (default), or a new Dask "
                             "cluster on this machine (pip install 'laser-flag[cluster]')")
    parser.add_argument("--scheduler", type=argument_type(check_address),
                        metavar="tcp://HOST:PORT",
                        help="play on the Dask cluster of this scheduler instead")
    parser.add_argument("--max-rounds", type=positive, default=200,
                        help="a game still going after this many rounds is a draw ('cap')")
    parser.add_argument("--budget", type=argument_type(budget_text), metavar="steps:N",
                        help="the search budget of bots that search, in steps (reproducible)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")

def check_answer_time() -> None:
    """A malformed LASER_FLAG_PROGRAM_SECONDS, as one UsageError before any game is played
    (not when a program first plays, in a worker)."""
    try:
        answer_seconds()
    except ValueError as err:
        raise UsageError(str(err)) from None


def where(args: argparse.Namespace, run: Plan) -> Where:
    """Where the arguments play the games: a scheduler's cluster, a local one, or processes."""
    executor = "dask" if args.scheduler else args.executor
    return Where(workers(run, args.jobs), executor, args.scheduler)

def play(run: Plan, at: Where) -> Outcome:
    """Play the plan with a progress bar; LabError when the cluster cannot be used or a game
    fails (the run then ends), KeyboardInterrupt while a cluster is still starting."""
    executor = at.start()
    with ProgressBar(run.total) as bar:
        outcome = play_plan(run, executor, on_progress=bar)
    if outcome.cut_short == RUN_INTERRUPTED:
        sys.stderr.write(f"stopped by Ctrl-C after {outcome.games:,} of at most "
                         f"{run.total:,} games\n")
    return outcome

def aligned(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows of cells as lines of left-aligned columns."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(t.ljust(w) for t, w in zip(row, widths, strict=True)).rstrip()
            for row in rows]

def games_note(doc: dict[str, Any]) -> str:
    """How many games the run played a pairing: `at most 400 games a pairing, each stopped once
    its verdict was told` or `400 games a pairing`."""
    most = doc["games_per_pairing"]
    if doc["sequential"]:
        return f"at most {most:,} games a pairing, each stopped once its verdict was told"
    return f"{most:,} games a pairing"
