"""The autosave written after every action: its cost per action as a game grows.

Builds long seeded games (replay.py's commons game, which lasts) and times the write of the
game's own file on each, as the turn driver does after an action (save_slot.SaveSlot.write):
check that the file is still the one it last wrote, serialise map + seed + actions + digests,
check that the reader would take it, write a temporary file, fsync, rename, fsync the folder.
The save holds the whole action list, so the cost grows with the game; a turn of play is a few
dozen actions.

Run: .venv/bin/python benchmarks/autosave.py   (figures only; never asserted in tests)
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

from replay import long_game

from laser_flag.data_folder import DATA_DIR_ENV
from laser_flag.save_slot import SaveSlot

LENGTHS = (100, 1_000, 5_000, 20_000)
REPEATS = 20


def time_autosave(actions: int) -> tuple[float, float, float, int]:
    """Median and worst milliseconds of one autosave of an `actions`-long game, the median
    CPU part of it (the rest waits for the disk: fsync), and the file's bytes."""
    game = long_game(actions)
    teams = {"names": {"1": "Ann", "2": "Ben"}}
    slot = SaveSlot.new(game, teams)
    times, cpu = [], []
    for _ in range(REPEATS):
        start, start_cpu = time.perf_counter(), time.process_time()
        slot.write(game, teams)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    slot.release()
    return statistics.median(times), max(times), statistics.median(cpu), slot.path.stat().st_size


def main(argv: list[str] | None = None) -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)  # no arguments
    with tempfile.TemporaryDirectory() as folder:
        os.environ[DATA_DIR_ENV] = folder
        for actions in LENGTHS:
            median, worst, cpu, size = time_autosave(actions)
            print(
                f"{actions:>6,} actions: autosave median {median:.2f} ms (CPU {cpu:.2f} ms), "
                f"max {worst:.2f} ms, {size / 1024:,.0f} KB"
            )


if __name__ == "__main__":
    main()
