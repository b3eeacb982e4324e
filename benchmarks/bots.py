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


def turn_times(path: Path, name: str, games: int) -> tuple[list[float], list[float]]:
    """Seconds per whole turn over `games` self-play games: every turn, and turns that acted."""
    gm = load_map(path)
    every: list[float] = []
    acted: list[float] = []
    for seed in range(games):
        game = Game(gm, seed=seed)
        bots = {"1": make_bot(name, seed), "2": make_bot(name, seed + 1000)}
        start, actions = time.perf_counter(), 0
        while not game.over and game.round <= MAX_ROUNDS:
            action = bots[game.active_team].choose(game.copy())
            actions += 1
            if isinstance(action, EndTurn):
                every.append(time.perf_counter() - start)
                if actions > 1:
                    acted.append(every[-1])
            game.apply(action)
            if isinstance(action, EndTurn):
                start, actions = time.perf_counter(), 0
    return every, acted


def _line(label: str, t: list[float]) -> str:
    t = sorted(t)
    p90 = t[int(0.9 * (len(t) - 1))]
    return (f"  {label:26} turns {len(t):4}  median {statistics.median(t) * 1000:7.1f} ms  "
            f"p90 {p90 * 1000:7.1f} ms  max {t[-1] * 1000:7.1f} ms")


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "maps" / "gridlock.json"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    print(f"{path.name}: whole-turn time, {games} self-play games per bot")
    for name in ("greedy", "planner"):
        every, acted = turn_times(path, name, games)
        print(_line(f"{name}, every turn", every))
        print(_line(f"{name}, turns that acted", acted))


if __name__ == "__main__":
    main()
