"""Print how long the LOS cache takes to build and to answer (RULES.md §4, target <= 150 ms).

Run: .venv/bin/python benchmarks/los.py
The first build in a process also computes the sight-pattern tables every later build shares.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import timeit
from collections.abc import Callable
from pathlib import Path

from laser_flag.engine.los import Visibility

MAPS_DIR = Path(__file__).resolve().parents[1] / "maps"
DENSITIES = (0.0, 0.05, 0.1, 0.15, 0.25, 0.4)
BUILDS = 7


def random_tiles(side: int, density: float, seed: int = 1) -> list[list[str]]:
    rng = random.Random(seed)
    return [
        ["wall" if rng.random() < density else "level" for _ in range(side)] for _ in range(side)
    ]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def timed(build: Callable[[], object]) -> float:
    start = time.perf_counter()
    build()
    return time.perf_counter() - start


def median_build(tiles: list[list[str]]) -> float:
    return statistics.median(timed(lambda: Visibility(tiles)) for _ in range(BUILDS))


def lookups(tiles: list[list[str]]) -> None:
    """Per-call time of sees() and visible_from() over every pair of a map."""
    vis = Visibility(tiles)
    cells = [(r, c) for r in range(len(tiles)) for c in range(len(tiles[0]))]
    pairs = [(a, b) for a in cells for b in cells]
    per_sees = timeit.timeit(lambda: [vis.sees(a, b) for a, b in pairs], number=3) / (
        3 * len(pairs)
    )
    per_from = timeit.timeit(lambda: [vis.visible_from(a) for a in cells], number=300)
    print(f"sees():         {per_sees * 1e9:8.0f} ns per call")
    print(f"visible_from(): {per_from / (300 * len(cells)) * 1e9:8.0f} ns per call")


def main(argv: list[str] | None = None) -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)  # no arguments
    first = random_tiles(21, 0.15, seed=99)
    print("21x21 map, 15% walls:")
    first_build = timed(lambda: Visibility(first))
    print(f"  {'first build in this process (with pattern tables)':52}{ms(first_build)}")
    print(f"  {f'later builds, median of {BUILDS}':52}{ms(median_build(first))}")
    print(f"\nmedian of {BUILDS} builds, random 21x21 maps:")
    for density in DENSITIES:
        print(f"  {density:4.0%} walls  {ms(median_build(random_tiles(21, density)))}")
    print(f"\nmedian of {BUILDS} builds, bundled maps:")
    for path in sorted(MAPS_DIR.glob("*.json")):
        tiles = json.loads(path.read_text())["tiles"]
        size = f"{len(tiles)}x{len(tiles[0])}"
        print(f"  {path.stem:16} {size:6} {ms(median_build(tiles))}")
    print("\nlookups on a 21x21 map with 15% walls:")
    lookups(random_tiles(21, 0.15))


if __name__ == "__main__":
    main()
