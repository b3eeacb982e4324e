"""Bot strength and lab throughput, through the balance lab itself.


  strength: greedy vs random, planner (Normal) vs greedy (Easy), hard vs planner and hard vs
  rusher, sides swapped every game, every bundled map, each against its target
  throughput: greedy vs greedy on a 21x21 map with --jobs 2, wall-clock seconds
Run: .venv/bin/python benchmarks/balance.py [GAMES_PER_MAP] [THROUGHPUT_GAMES] [SEED]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import time
from pathlib import Path

from laser_flag.tools import balance
from laser_flag.tools.cli import positive

ROOT = Path(__file__).resolve().parents[1]
MAPS = [str(p) for p in sorted((ROOT / "maps").glob("*.json"))]
# The targets: the first bot's share of decided games over all maps, and on every map.
TARGETS = {"planner,greedy": (0.65, 0.0), "hard,planner": (0.70, 0.60), "hard,rusher": (0.0, 0.90)}


def lab(*argv: str) -> tuple[dict, float]:
    """The lab's JSON report and the wall-clock seconds it took."""
    out = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out):
        assert balance.main([*argv, "--json"]) == 0
    return json.loads(out.getvalue()), time.perf_counter() - start


def strength(pair: str, games: int, seed: str) -> None:
    doc, seconds = lab(*MAPS, "--bots", pair, "--games", str(games), "--jobs", "2", "--seed", seed)
    print(f"{pair}: {games} games per map, {games * len(MAPS)} in all, {seconds:.0f} s")
    for name, rec in doc["bots_overall"].items():
        low, high = rec["interval"]
        print(f"  {name:8} {rec['wins']:4} wins {rec['losses']:4} losses {rec['draws']:3} draws"
              f"  win rate {rec['win_rate'] * 100:5.1f}% [{low * 100:.1f}-{high * 100:.1f}]")
    first = pair.split(",")[0]
    for m in doc["maps"]:  # the weakest map matters as much as the total
        rec = m["bots"][first]
        print(f"    {Path(m['map']).stem:10} {first} {rec['wins']:3}-{rec['losses']:<3}"
              f" ({rec['draws']} draws)  {rec['win_rate'] * 100:5.1f}%")
    if pair in TARGETS:
        overall, per_map = TARGETS[pair]
        weakest = min(m["bots"][first]["win_rate"] for m in doc["maps"])
        met = doc["bots_overall"][first]["win_rate"] >= overall and weakest >= per_map
        wanted = []
        if overall:
            wanted.append(f">= {overall:.0%} overall")
        if per_map:
            wanted.append(f">= {per_map:.0%} on every map")
        print(f"  target {', '.join(wanted)}: {'met' if met else 'NOT met'}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("per_map", nargs="?", type=positive, default=30,
                        metavar="GAMES_PER_MAP",
                        help="games per map in each strength pairing (default 30)")
    parser.add_argument("throughput_games", nargs="?", type=positive, default=200,
                        metavar="THROUGHPUT_GAMES",
                        help="greedy-vs-greedy games timed on crossfire (default 200)")
    parser.add_argument("seed", nargs="?", type=int, default=1, metavar="SEED",
                        help="the strength games' seed (default 1)")
    args = parser.parse_args(argv)
    per_map, throughput_games, seed = args.per_map, str(args.throughput_games), str(args.seed)
    strength("greedy,random", per_map, seed)
    strength("planner,greedy", per_map, seed)
    # Hard at its lab budget, budget.LAB_STEPS a decision
    strength("hard,planner", per_map, seed)
    strength("hard,rusher", per_map, seed)
    crossfire = str(ROOT / "maps" / "crossfire.json")
    _, seconds = lab(crossfire, "--games", throughput_games, "--jobs", "2", "--seed", "1")
    print(f"throughput: {throughput_games} greedy-vs-greedy games on crossfire (21x21), "
          f"--jobs 2: {seconds:.1f} s")


if __name__ == "__main__":
    main()
