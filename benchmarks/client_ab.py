"""The client's frame times under two Python environments, runs alternating: pygame against
pygame-ce, or any two installs of the game's dependencies.

Run: .venv/bin/python benchmarks/client_ab.py BEFORE_PYTHON AFTER_PYTHON [--runs N]
     [--frames F]
Each run is benchmarks/client.py (dummy driver, then Xvfb) with this checkout first on the
path, so only the environments differ. A shared machine is noisy, so the runs alternate
(before, after, before, ...) and each figure is given as the median over the runs of its
per-run median and p99, with the range of the per-run medians in brackets.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLIENT = ROOT / "benchmarks" / "client.py"
DRIVER = re.compile(r"^video driver (\w+):")
FIGURE = re.compile(r"^(.+): median ([\d.]+) ms, p99 ([\d.]+) ms over \d+ frames$")

Figures = dict[tuple[str, str], list[tuple[float, float]]]  # (driver, figure) -> (median, p99)


def one_run(python: str, frames: int) -> Figures:
    """client.py once under `python`: each figure's median and p99, per video driver."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([python, str(CLIENT), "--frames", str(frames), "--idle-seconds", "1"],
                         env=env, capture_output=True, text=True, check=True, cwd=ROOT).stdout
    found: Figures = defaultdict(list)
    driver = "?"
    for line in out.splitlines():
        if match := DRIVER.match(line):
            driver = match.group(1)
        elif match := FIGURE.match(line):
            found[(driver, match.group(1))].append((float(match[2]), float(match[3])))
    return found


def pygame_name(python: str) -> str:
    code = ("import os; os.environ['PYGAME_HIDE_SUPPORT_PROMPT'] = '1'; import pygame; "
            "print(('pygame-ce ' if getattr(pygame, 'IS_CE', False) else 'pygame ') "
            "+ pygame.version.ver, 'SDL', '.'.join(map(str, pygame.get_sdl_version())))")
    return subprocess.run([python, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip()


def summary(runs: list[tuple[float, float]]) -> str:
    medians, p99s = [m for m, _ in runs], [p for _, p in runs]
    return (f"median {statistics.median(medians):6.2f} ms [{min(medians):.2f}-{max(medians):.2f}]"
            f", p99 {statistics.median(p99s):6.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", help="the Python of the first environment")
    parser.add_argument("after", help="the Python of the second environment")
    parser.add_argument("--runs", type=int, default=5, help="runs of each, alternating")
    parser.add_argument("--frames", type=int, default=400, help="hover frames per run")
    args = parser.parse_args()
    sides = {"before": args.before, "after": args.after}
    results: dict[str, Figures] = {side: defaultdict(list) for side in sides}
    for run in range(args.runs):
        for side, python in sides.items():
            for key, values in one_run(python, args.frames).items():
                results[side][key] += values
            print(f"run {run + 1}/{args.runs}: {side} done", file=sys.stderr)
    for side, python in sides.items():
        print(f"{side}: {pygame_name(python)} ({python})")
    for key in results["before"]:
        driver, figure = key
        print(f"{driver:5} {figure}")
        for side in sides:
            print(f"      {side:6} {summary(results[side][key])}")


if __name__ == "__main__":
    main()
