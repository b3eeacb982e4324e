"""A fair map in a minute: the map generator, made and measured, over many seeds.

For each seed: whether its map passed every check (fair, and Hard's look, played to 200
games or a verdict, neither leaning nor stalling), was fair only or not fair; the time
`lab.fair_maps.make` took (make and measure, this machine's two worker processes) and the CPU
time it and its workers spent (the time says how loaded the machine was as much as how costly
the map: the load average is printed beside it), the map's verdict from its scripted mirrors
(each played 200 to 600 games when confirmed), Hard's look (its verdict, and whether its
mirror stalled or the time cut it short), the candidates tried and the last
check each reached (screened, confirmed or Hard's), the pace and the games drawn at the round
limit. Then the median time over the seeds, how many maps passed every check (and from which
seeds) and how many were fair, and the largest share of any mirror's games drawn at the limit
(a map stalls above 5%).
  target: median at most 120 s over 20 seeds; 20 of 20 pass; no mirror over 5% drawn
Run: .venv/bin/python benchmarks/generator.py [--seeds 20] [--first 0] [--seconds 120]
     [--size 13]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
from collections import Counter

from laser_flag.lab.fair_maps import Effort, Made, make
from laser_flag.lab.generator import Knobs
from laser_flag.sight_files import use_data_folder
from laser_flag.tools.cli import positive

TARGET_SECONDS = 120.0


def drawn_share(made: Made) -> float:
    """The largest share of a scripted mirror's games drawn at the round limit or capped."""
    rows = made.data["balance"]["pairings"] if "balance" in made.data else []
    shares = [(r.get("limit_draws", 0) + r.get("capped", 0)) / r["games"]
              for r in rows if r["games"]]
    return max(shares, default=0.0)


def cpu_seconds() -> float:
    """CPU time of this process and of its ended workers so far."""
    return sum(resource.getrusage(who).ru_utime + resource.getrusage(who).ru_stime
               for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))


def reached(made: Made) -> str:
    """How many candidates each check ended at, e.g. "2 screened, 1 confirmed"."""
    stages = Counter(c.stage for c in made.tried)
    return ", ".join(f"{n} {stage}" for stage, n in stages.items()) or "none"


def standing(made: Made) -> str:
    """"passed" (every check), "fair" (its scripted mirrors only) or "not fair"."""
    return "passed" if made.passed else "fair" if made.fair else "not fair"


def hard_said(hard: dict | None) -> str:
    """Hard's look at the map made: its verdict, and whether its mirror stalled or the time cut
    it short; "-" when no candidate reached it."""
    if hard is None:
        return "-"
    marks = [word for word, mark in (("stalls", hard["stalls"]), ("cut short", hard["cut_short"]))
             if mark]
    return ", ".join([hard["verdict"], *marks])


def line(seed: int, made: Made, cpu: float) -> str:
    pace = made.pace
    rounds = "-" if pace.get("mean_rounds") is None else f"{pace['mean_rounds']:.1f}"
    shots = "-" if pace.get("shots_per_round") is None else f"{pace['shots_per_round']:.1f}"
    return (f"seed {seed:3}  {standing(made):8}  {made.seconds:5.0f} s (CPU {cpu:4.0f} s, load "
            f"{os.getloadavg()[0]:4.1f})  {made.data['name']:20}  {made.verdict:28}"
            f"  Hard {hard_said(made.data['generated'].get('hard')):34}  {len(made.tried)} tried "
            f"({reached(made)})  "
            f"{rounds} rounds  {shots} shots/round  {drawn_share(made):.1%} drawn")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=positive, default=20, help="seeds to make maps from")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--seconds", type=positive, default=int(TARGET_SECONDS),
                        help="time a map may take")
    parser.add_argument("--size", type=int, default=Knobs.size, help="tiles a side")
    args = parser.parse_args()
    use_data_folder()
    knobs, effort = Knobs(size=args.size), Effort(seconds=args.seconds)
    times, cpus, fair, passed, drawn = [], [], 0, [], 0.0
    for seed in range(args.first, args.first + args.seeds):
        before = cpu_seconds()
        made = make(seed, knobs, effort)
        cpus.append(cpu_seconds() - before)
        print(line(seed, made, cpus[-1]), flush=True)
        times.append(made.seconds)
        fair += made.fair
        passed += [seed] if made.passed else []
        drawn = max(drawn, drawn_share(made))
    print(f"median {statistics.median(times):.0f} s a map (CPU {statistics.median(cpus):.0f} s) "
          f"over {args.seeds} seeds (target at most {TARGET_SECONDS:.0f} s); {len(passed)} of "
          f"{args.seeds} passed every check ({fair} fair); "
          f"at most {drawn:.1%} of a mirror's games drawn at the limit (target 5%)")
    print(f"passed every check: seeds {', '.join(map(str, passed)) or 'none'}")


if __name__ == "__main__":
    main()
