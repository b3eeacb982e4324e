"""The lab's stopping rule (lab.stopping) by the numbers: for a pairing whose true team 1 rate
is p, the chance it is called fair, called leaning or left undecided at the cap, and the mean
games it plays, computed exactly (the distribution of wins carried from look to look) and not
sampled. docs/BALANCE_LOG.md quotes this table; tests/lab/test_stopping.py checks a seeded
simulation of the same rule against it.

Games are taken as decided (a draw tells nothing and only delays a look).
Run: .venv/bin/python benchmarks/stopping.py [CAP]
"""

from __future__ import annotations

import argparse
from functools import cache
from math import comb

from laser_flag.lab.stopping import looks
from laser_flag.lab.verdict import FAIR, LEANS, UNDECIDED, row_verdict
from laser_flag.tools.cli import positive

RATES = (0.30, 0.35, 0.38, 0.40, 0.42, 0.45, 0.50)  # the rest mirror these (p and 1 - p)


@cache
def told(wins: int, games: int) -> str:
    """The verdict of `wins` of `games` decided games: fair, leans, or undecided."""
    word = row_verdict({"team1_wins": wins, "team2_wins": games - wins})
    return "lean" if word in LEANS.values() else word


def exact(p: float, cap: int) -> dict[str, float]:
    """P(fair), P(lean), P(undecided at the cap) and the mean games, for true rate p."""
    going = {0: 1.0}  # wins so far -> chance of being here, still undecided
    chances = {FAIR: 0.0, "lean": 0.0}
    games, played = 0.0, 0
    for look in looks(cap):
        step = look - played
        pmf = [comb(step, k) * p**k * (1 - p) ** (step - k) for k in range(step + 1)]
        after: dict[int, float] = {}
        for wins, mass in going.items():
            for k, q in enumerate(pmf):
                if q * mass > 1e-15:
                    after[wins + k] = after.get(wins + k, 0.0) + mass * q
        going = {}
        for wins, mass in after.items():
            word = told(wins, look)
            if word == UNDECIDED:
                going[wins] = mass
            else:
                chances[word] += mass
                games += mass * look
        played = look
    left = sum(going.values())
    return {**chances, UNDECIDED: left, "games": games + left * cap}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cap", nargs="?", type=positive, default=1000, metavar="CAP",
                        help="the most games a pairing plays (default 1000)")
    cap = parser.parse_args(argv).cap
    print(f"looks at {', '.join(map(str, looks(cap)))} games a pairing; the cap {cap}")
    print("| team 1's true rate | called fair | called leaning | undecided at the cap "
          "| mean games |")
    print("|---|---|---|---|---|")
    for p in RATES:
        r = exact(p, cap)
        rates = f"{p:.0%} or {1 - p:.0%}" if p != 0.5 else "50%"
        print(f"| {rates} | {r[FAIR]:.2%} | {r['lean']:.2%} | {r[UNDECIDED]:.2%} "
              f"| {r['games']:.0f} |")


if __name__ == "__main__":
    main()
