"""Whole-turn decision time of each bot on the largest map (gridlock: 21x21, 8 units a side).

A turn is timed from the first `choose` to the one returning EndTurn, as the client would run
it: each decision gets `game.copy()`. Games are bot against itself, seeded, several of them.
Run: .venv/bin/python benchmarks/bots.py [MAP] [GAMES]   (figures for issue 5; never in tests)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from laser_flag.bots import make_bot
from laser_flag.engine import EndTurn, Game, load_map

ROOT = Path(__file__).resolve().parents[1]
MAX_ROUNDS = 200


def turn_times(path: Path, name: str, games: int) -> list[float]:
    """Seconds per whole turn over `games` self-play games of one bot."""
    gm = load_map(path)
    times: list[float] = []
    for seed in range(games):
        game = Game(gm, seed=seed)
        bots = {"1": make_bot(name, seed), "2": make_bot(name, seed + 1000)}
        start = time.perf_counter()
        while not game.over and game.round <= MAX_ROUNDS:
            action = bots[game.active_team].choose(game.copy())
            if isinstance(action, EndTurn):
                times.append(time.perf_counter() - start)
            game.apply(action)
            if isinstance(action, EndTurn):
                start = time.perf_counter()
    return times


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "maps" / "gridlock.json"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    print(f"{path.name}: whole-turn time, {games} self-play games per bot")
    for name in ("greedy", "planner"):
        t = sorted(turn_times(path, name, games))
        p90 = t[int(0.9 * (len(t) - 1))]
        print(f"  {name:8} turns {len(t):4}  median {statistics.median(t) * 1000:7.1f} ms  "
              f"p90 {p90 * 1000:7.1f} ms  max {t[-1] * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
