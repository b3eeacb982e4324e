"""The lab's memory over a long run: planner against greedy on Duel for --games games on local
worker processes, the resident memory of the run's process and of each worker read every
--every games (target: flat after warm-up, whatever --games is).

Run: .venv/bin/python benchmarks/lab_memory.py [--games 10000] [--jobs 2] [--every 1000]
     [--map duel]
Reads /proc (Linux). Prints a line per reading, then each process's growth per 1,000 games
over the second half of the run.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from laser_flag.engine import load_map
from laser_flag.lab.executors import Processes
from laser_flag.lab.run import new_plan, play_plan
from laser_flag.lab.stopping import Ledger
from laser_flag.resources import find_map


def resident_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    return int(status.split("VmRSS:")[1].split()[0]) / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--every", type=int, default=1000)
    parser.add_argument("--map", default="duel")
    args = parser.parse_args(argv)
    plan = new_plan(load_map(find_map(args.map)), [("planner", "greedy")], args.games, seed=1)
    executor = Processes(args.jobs)
    workers = [process.pid for process in executor._pool._pool]  # noqa: SLF001 (a measurement)
    readings: list[tuple[int, list[float]]] = []
    start = time.monotonic()

    def read(ledger: Ledger) -> None:
        if ledger.done >= (len(readings) + 1) * args.every:
            mb = [resident_mb(pid) for pid in (os.getpid(), *workers) if alive(pid)]
            readings.append((ledger.done, mb))
            print(f"{ledger.done:7,} games  {time.monotonic() - start:6.0f} s  run "
                  f"{mb[0]:6.1f} MB  workers " + " ".join(f"{m:6.1f}" for m in mb[1:]),
                  flush=True)

    play_plan(plan, executor, on_progress=read)
    report(readings)
    return 0


def alive(pid: int) -> bool:
    return Path(f"/proc/{pid}").exists()


def report(readings: list[tuple[int, list[float]]]) -> None:
    if len(readings) < 4:
        print("too few readings for a slope: use a smaller --every")
        return
    half = readings[len(readings) // 2:]
    (g0, m0), (g1, m1) = half[0], half[-1]
    for i, name in enumerate(["run", *(f"worker {n}" for n in range(1, len(m0)))]):
        if i < len(m1):
            slope = (m1[i] - m0[i]) / max(1, g1 - g0) * 1000 * 1024
            print(f"{name:9} second half: {slope:+7.1f} KB per 1,000 games "
                  f"({m0[i]:.1f} -> {m1[i]:.1f} MB)")


if __name__ == "__main__":
    sys.exit(main())
