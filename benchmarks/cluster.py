"""Where the lab's games play, by the clock: the same fixed plan (greedy against greedy on Duel,
sides swapped) through each executor, every figure through `laser-flag-balance` itself.


  games per second with --jobs 2, --executor dask with 2 local workers, and a scheduler with 2
  workers (`dask scheduler` and two `dask worker` processes started here, on 127.0.0.1), the
  start-up of each (the executor made and closed, no game), and the overhead per game: the wall
  time less the start-up, times the workers, over the games, less what a game takes in this
  process (--jobs 1);
  the wall time of the plan with 1, 2 and 4 local worker processes.
This machine has 2 cores, shared with other work (the load average is printed): 4 processes
cannot beat 2 here, and every figure moves with the load.
Run: .venv/bin/python benchmarks/cluster.py [GAMES] (default 32)
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the tests' cluster starter: real `dask` processes

from laser_flag.lab import Where  # noqa: E402
from laser_flag.tools import balance  # noqa: E402
from laser_flag.tools.cli import positive  # noqa: E402
from tests.lab.dask_cluster import dask_cluster  # noqa: E402

DUEL = str(ROOT / "maps" / "duel.json")


def seconds(*where: str, games: int) -> float:
    """Wall-clock seconds of one fixed greedy-greedy run on Duel."""
    argv = [DUEL, "--bots", "greedy", "--games", str(games), "--fixed", "--seed", "3", "--json",
            *where]
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert balance.main(argv) == 0, argv
    return time.perf_counter() - start


def startup(where: Where) -> float:
    """Seconds to make the executor and close it again, no game played."""
    start = time.perf_counter()
    where.start().close()
    return time.perf_counter() - start


def measure(name: str, argv: list[str], where: Where, games: int, one_game: float) -> float:
    """Print the executor's games a second, start-up and overhead a game; its wall time."""
    wall, ready = seconds(*argv, games=games), startup(where)
    overhead = (wall - ready) * where.jobs / games - one_game
    print(f"| {name} | {games / wall:.2f} | {wall:.1f} | {ready:.1f} | {overhead * 1000:+.0f} |")
    return wall


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=positive, default=32, metavar="GAMES",
                        help="games in the plan (default 32)")
    games = parser.parse_args(argv).games
    print(f"load average {', '.join(f'{x:.1f}' for x in os.getloadavg())} on "
          f"{os.cpu_count()} cores")
    alone = seconds("--jobs", "1", games=games)
    one_game = alone / games
    print(f"plan: greedy-greedy on Duel, fixed, {games} games; in this process "
          f"{alone:.1f} s, {one_game * 1000:.0f} ms a game ({1 / one_game:.2f} games/s)\n")
    print("| executor, 2 workers | games/s | wall s | start-up s | overhead ms/game |")
    print("|---|---|---|---|---|")
    walls = {1: alone, 2: measure("--jobs 2 (local processes)", ["--jobs", "2"],
                                  Where(jobs=2), games, one_game)}
    measure("--executor dask --jobs 2 (a local Dask cluster)",
            ["--executor", "dask", "--jobs", "2"], Where(2, "dask"), games, one_game)
    with tempfile.TemporaryDirectory() as folder, dask_cluster(Path(folder)) as cluster:
        measure("--scheduler (dask scheduler + 2 dask workers)",
                ["--scheduler", cluster.address], Where(2, scheduler=cluster.address), games,
                one_game)
    walls[4] = seconds("--jobs", "4", games=games)
    print(f"\nwall time of the {games}-game plan by local worker processes ({os.cpu_count()} "
          "cores here):")
    for jobs, wall in walls.items():
        print(f"  --jobs {jobs}: {wall:5.1f} s  ({walls[1] / wall:.2f}x one process)")
    print(f"load average {', '.join(f'{x:.1f}' for x in os.getloadavg())} at the end")


if __name__ == "__main__":
    main()
