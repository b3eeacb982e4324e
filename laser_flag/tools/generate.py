"""`laser-flag-balance generate`: a random map from a seed and knobs, checked by play, written
to a file, its badge and pace printed (lab.generator makes it, lab.fair_maps checks it).

    laser-flag-balance generate --seed 7 --size 15 --mode assault -o maps/mine.json
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from laser_flag.engine.mapfile import save_map
from laser_flag.engine.ruleset import CLASSES
from laser_flag.lab.fair_maps import Candidate, Effort, Made, make
from laser_flag.lab.generator import MODES, SYMMETRY_KINDS, GeneratorError, Knobs, build
from laser_flag.tools.cli import (
    OneLineParser,
    UsageError,
    argument_type,
    emit,
    fail,
    output_problem,
    positive,
)
from laser_flag.tools.lab_cli import INTERRUPTED, PROG

DEFAULTS = Knobs()


def classes(text: str) -> tuple[str, ...]:
    """`basic,scout` as a team's classes; ValueError naming the known ones."""
    names = tuple(n.strip() for n in text.split(","))
    unknown = [n for n in names if n not in CLASSES]
    if unknown or not text:
        raise ValueError(f"{text!r}: classes are some of {','.join(CLASSES)}")
    return names


def share(text: str) -> float:
    """A share of the board, 0 to 1 (the knobs say how much of it each may take)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 1:
        raise ValueError(f"{text!r}: a share from 0 to 1, e.g. 0.15")
    return value


def _parser() -> OneLineParser:
    p = OneLineParser(prog=f"{PROG} generate",
                      description="Make a random map from a seed, check it by play with the "
                                  "zoo's mirrors and Hard's, and write it with its badge.")
    p.add_argument("--seed", type=int, default=0, help="the seed: the same one, the same map")
    p.add_argument("--size", type=int, default=DEFAULTS.size, help="tiles a side (9 to 21)")
    p.add_argument("--mode", choices=MODES, default=DEFAULTS.mode)
    p.add_argument("--units", type=argument_type(classes), default=DEFAULTS.units,
                   metavar="CLASS,...", help=f"each team's classes, some of {','.join(CLASSES)}"
                                             f" (default {','.join(DEFAULTS.units)})")
    for knob, what in (("cover", "share of the open tiles that is cover"),
                       ("walls", "share of the board that is wall"),
                       ("elevation", "share of the cover raised in 2x2 blocks")):
        p.add_argument(f"--{knob}", type=argument_type(share), default=getattr(DEFAULTS, knob),
                       help=f"{what} (default {getattr(DEFAULTS, knob)})")
    p.add_argument("--bases", type=positive, default=DEFAULTS.bases,
                   help="bases of each team that has them (1 to 4)")
    p.add_argument("--symmetry", choices=tuple(SYMMETRY_KINDS), default=DEFAULTS.symmetry)
    p.add_argument("--seconds", type=positive, default=int(Effort.seconds),
                   help="time for checking candidates (default 120)")
    p.add_argument("--jobs", type=positive, default=Effort.jobs, help="worker processes")
    p.add_argument("--no-check", action="store_true",
                   help="write the first candidate as it is, unmeasured (no games)")
    p.add_argument("-o", "--out", required=True, type=Path, help="the map file to write")
    return p


def knobs_of(args: argparse.Namespace) -> Knobs:
    """The knobs the command line gives; UsageError when no map can have them."""
    try:
        return Knobs(args.size, args.mode, args.units, args.cover, args.walls, args.elevation,
                     args.bases, args.symmetry)
    except GeneratorError as err:
        raise UsageError(str(err)) from None


def said(candidate: Candidate) -> None:
    """One line on stderr per candidate, as it is measured."""
    print(f"candidate {candidate.number} ({candidate.data['name']}) after the {candidate.stage} "
          f"check: {candidate.text}{', kept' if candidate.kept else ''}", file=sys.stderr,
          flush=True)


def summary(path: Path, made: Made) -> str:
    """`maps/x.json: Copper Causeway, fair; 3.1 rounds, 6.0 shots a round; seed 7 ...`"""
    data: dict[str, Any] = made.data
    pace = made.pace
    shown = ""
    if pace.get("mean_rounds") is not None:
        shown = (f"; {pace['mean_rounds']:.1f} rounds, {pace['shots_per_round']:.1f} shots a "
                 f"round, {pace['limit_draws']} of {pace['games']:,} games drawn at the limit")
    hard = data["generated"].get("hard")
    hard_text = f"; Hard ({hard['budget']}): {hard['verdict']}" if hard else ""
    if hard and hard["cut_short"]:
        hard_text += f", cut short by the time after {hard['games']} of {hard['planned']} games"
    return (f"{path}: {data['name']}, {made.verdict}{shown}{hard_text}; seed {made.seed}, "
            f"candidate {made.candidate}, {len(made.tried)} tried in {made.seconds:.0f} s")


def main(argv: list[str]) -> int:
    """Write the map; 2 with one line for bad knobs or an output that cannot take it, 130
    after Ctrl-C (nothing written)."""
    try:
        args = _parser().parse_args(argv)
        knobs = knobs_of(args)
        problem = output_problem(args.out)
        if problem:
            raise UsageError(f"{args.out}: {problem}")
    except UsageError as err:
        return fail(f"{PROG} generate", err)
    try:
        if args.no_check:
            data = build(args.seed, knobs)
            save_map(data, args.out)
            return emit(PROG, f"{args.out}: {data['name']}, not measured; seed {args.seed}")
        made = make(args.seed, knobs, Effort(seconds=args.seconds, jobs=args.jobs), said)
        save_map(made.data, args.out)
    except KeyboardInterrupt:
        return INTERRUPTED
    except OSError as err:
        return fail(f"{PROG} generate", f"{args.out}: {err.strerror or err}")
    return emit(PROG, summary(args.out, made))
