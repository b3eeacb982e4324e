"""The client's memory as a game grows: what the turn driver keeps per action.

Plays a long seeded game through the client's own turn driver (play/turns.py: undo snapshots,
the log, autosaves, events played out at once) and reports how much the process grew (its
resident memory, as a player's system monitor shows it) at a few lengths. The saves go to a
folder in memory (/dev/shm) where there is one, so the disk does not set the pace. Undo can
only reach back to the last die rolled in this turn, so what it keeps should stay bounded
however long the game runs; the log grows by design.

Run: .venv/bin/python benchmarks/undo.py [ACTIONS]   (figures only; never asserted in tests)
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import resource
import tempfile
from pathlib import Path

from replay import SEED, long_game, random_action

from laser_flag.data_folder import DATA_DIR_ENV
from laser_flag.play.session import Session
from laser_flag.play.turns import Turns
from laser_flag.tools.cli import positive

CHECKPOINTS = (1_000, 2_500, 5_000, 10_000)


def resident_mb() -> float:
    """The process's resident memory now (Linux), else its peak so far."""
    gc.collect()
    statm = Path("/proc/self/statm")
    if statm.is_file():
        return int(statm.read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("actions", nargs="?", type=positive, default=CHECKPOINTS[-1],
                        metavar="ACTIONS", help=f"actions to play (default {CHECKPOINTS[-1]:,})")
    actions = parser.parse_args(argv).actions
    gm = long_game(0).map  # the commons map with its limits raised: the game lasts
    memory = "/dev/shm" if Path("/dev/shm").is_dir() else None
    with tempfile.TemporaryDirectory(dir=memory) as folder:
        os.environ[DATA_DIR_ENV] = folder
        base = resident_mb()
        turns = Turns(Session.start(gm, seed=SEED))
        rng = random.Random(SEED)
        for done in range(1, actions + 1):
            turns.act(random_action(turns.game, rng))
            turns.skip_playback()
            if done in CHECKPOINTS or done == actions:
                kept = len(turns.session.undo_stack)
                print(f"{done:>6,} actions: {resident_mb() - base:7.1f} MB more "
                      f"({kept:,} undo snapshots, {len(turns.session.log):,} log lines)")


if __name__ == "__main__":
    main()
