"""Engine speed per bundled map: load + LOS cache, one unit's reach + sight query, random play;
and what a copy of a game costs as its history grows (the undo stack and replay viewer copy a
game per action).

Run: .venv/bin/python benchmarks/engine.py   (figures for issue 2; never asserted in tests)
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from laser_flag.engine import EndTurn, Game, load_map, movement
from laser_flag.engine.game_map import GameMap

ROOT = Path(__file__).resolve().parents[1]
MAPS = sorted((ROOT / "maps").glob("*.json"))


def load_ms(path: Path, repeats: int = 7) -> float:
    """Median time to read, validate and build the LOS cache of a map (tables already warm)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        load_map(path).visibility  # noqa: B018 -- building it is what is measured
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def cold_load_ms(path: Path) -> float:
    """The first load in a fresh process, which also builds the per-process sight tables."""
    code = (
        "import time; from laser_flag.engine import load_map; t = time.perf_counter();"
        f"load_map({str(path)!r}).visibility; print((time.perf_counter() - t) * 1000)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout)


def query_ms(gm: GameMap, repeats: int = 200) -> float:
    """Median time of one unit's reachable tiles plus the tiles it sees, computed afresh."""
    game = Game(gm, seed=1)
    occupied = {u.pos for u in game.units}
    times = []
    for i in range(repeats):
        u = game.units[i % len(game.units)]
        cls = game.rules[u.unit_class]
        start = time.perf_counter()
        movement.search(gm, u.pos, cls.speed, cls.climbs_freely, occupied)
        gm.visibility.visible_from(u.pos)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def steps_per_second(gm: GameMap, seconds: float = 1.5) -> float:
    """legal_actions() + apply() of uniformly random actions, games restarted as they end."""
    rng = random.Random(1)
    steps, seed = 0, 0
    game = Game(gm, seed=seed)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if game.winner is not None:
            seed += 1
            game = Game(gm, seed=seed)
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
    return steps / (time.perf_counter() - start)


def copy_us(gm: GameMap, actions: int, repeats: int = 300) -> tuple[int, float]:
    """(history length, median µs of Game.copy()) after up to `actions` end-of-turns."""
    game = Game(gm, seed=1)
    while len(game.history) < actions and not game.over:
        game.apply(EndTurn())
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        game.copy()
        times.append(time.perf_counter() - start)
    return len(game.history), statistics.median(times) * 1e6


def main() -> None:
    largest = max(MAPS, key=lambda p: (lambda gm: gm.rows * gm.cols)(load_map(p)))
    print(f"cold first load of {largest.stem} in a fresh process "
          f"(incl. the one-time sight tables): {cold_load_ms(largest):.1f} ms")
    copies = [copy_us(load_map(largest), n) for n in (10, 10_000)]
    print(f"Game.copy() on {largest.stem}: "
          + ", ".join(f"{us:.0f} µs after {n} actions" for n, us in copies))
    print(f"{'map':<14}{'size':>7}{'load+LOS ms':>13}{'query ms':>10}{'steps/s':>10}")
    for path in MAPS:
        gm = load_map(path)
        size = f"{gm.rows}x{gm.cols}"
        print(f"{path.stem:<14}{size:>7}{load_ms(path):>13.1f}{query_ms(gm):>10.3f}"
              f"{steps_per_second(gm):>10.0f}")


if __name__ == "__main__":
    main()
