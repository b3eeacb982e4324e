"""The autosave after every action: its cost per action on the frame thread as a game grows.

Replays a long seeded game (replay.py's commons game, which lasts) action by action through the
client's SaveKeeper, as the turn driver does after each action: the first action makes the
game's own file, every later one hands the game to the writer thread (save_writer.py), which
writes the newest game it was handed (save_slot.SaveSlot.write: the save's text kept between
writes, only the actions added since encoded, temporary file, fsync, rename, fsync of the
folder). Printed per block of actions: the frame thread's time per action (median, 99th
percentile, max); then the writer's time for one write at three lengths. The frame thread's
cost stays flat however long the game; each write carries the whole file to the disk, and the
writer writes fewer, newer games when writes take longer than actions.

Run: .venv/bin/python benchmarks/autosave.py [--actions N] [--blocks K]   (figures only; never
asserted in tests)
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

from replay import long_game

from laser_flag.data_folder import DATA_DIR_ENV
from laser_flag.engine import Game
from laser_flag.play.save_keeper import SaveKeeper
from laser_flag.save_slot import SaveSlot
from laser_flag.tools.cli import positive

TEAMS = {"names": {"1": "Ann", "2": "Ben"}}
REPEATS = 10


def frame_costs(actions: int) -> tuple[list[float], SaveKeeper]:
    """Milliseconds of each action's autosave on this thread, over a game of `actions`."""
    played = long_game(actions)
    game, keeper, costs = Game(played.map, seed=played.seed), SaveKeeper(), []
    for action in played.history:
        game.apply(action)
        start = time.perf_counter()
        said = keeper.autosave(game, TEAMS)
        costs.append((time.perf_counter() - start) * 1000)
        if said is not None:
            raise SystemExit(f"autosave.py: {said}")
    keeper.release()  # the last game handed over is written before the figures
    return costs, keeper


def write_costs(actions: int) -> tuple[float, float]:
    """The writer's one write of an `actions`-long game with nothing new to encode: median
    wall and CPU milliseconds (the rest of the wall time waits for the disk)."""
    game = long_game(actions)
    slot = SaveSlot.new(game, TEAMS)
    wall, cpu = [], []
    for _ in range(REPEATS):
        start, start_cpu = time.perf_counter(), time.process_time()
        slot.write(game, TEAMS)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    slot.release()
    return statistics.median(wall), statistics.median(cpu)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=positive, default=10_000, help="(default 10,000)")
    parser.add_argument("--blocks", type=positive, default=10, help="(default 10)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        os.environ[DATA_DIR_ENV] = folder
        costs, keeper = frame_costs(args.actions)
        size = keeper.path.stat().st_size
    block = max(1, len(costs) // args.blocks)
    print(f"{len(costs):,} actions, the file {size / 1024:,.0f} KB at the end; "
          "the frame thread's autosave per action:")
    for first in range(0, len(costs), block):
        part = costs[first:first + block]
        p99 = statistics.quantiles(part, n=100)[98] if len(part) > 1 else part[0]
        print(f"  actions {first + 1:>6,}-{first + len(part):<6,}: median "
              f"{statistics.median(part) * 1000:6.1f} us, 99th percentile {p99 * 1000:7.1f} us, "
              f"max {max(part):6.2f} ms")
    with tempfile.TemporaryDirectory() as folder:
        os.environ[DATA_DIR_ENV] = folder
        print("the writer thread's write of the whole file (its text kept between writes):")
        for actions in sorted({max(1, args.actions // 10), args.actions // 2, args.actions}):
            wall, cpu = write_costs(actions)
            print(f"  {actions:>6,} actions: median {wall:.2f} ms (CPU {cpu:.2f} ms)")


if __name__ == "__main__":
    main()
