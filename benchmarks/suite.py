"""How long the test suite takes: `make test` (or `make test-fast`) timed as a developer runs
it, then its slowest tests by their JUnit times (setup, call and teardown together), so a test
that has grown slow is seen before the suite outgrows its minutes.

Run: .venv/bin/python benchmarks/suite.py [--fast] [--jobs N] [--slowest N] [--checkout DIR]
With --checkout, a fresh clone (or any other checkout) is timed, its own .venv made if missing.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from laser_flag.tools.cli import positive

ROOT = Path(__file__).resolve().parents[1]


def slowest(junit: Path, count: int) -> list[tuple[float, str]]:
    """The `count` slowest tests of a JUnit report, as (seconds, module::name)."""
    times = [(float(case.get("time", 0)), f"{case.get('classname')}::{case.get('name')}")
             for case in ElementTree.parse(junit).iter("testcase")]
    return sorted(times, reverse=True)[:count]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fast", action="store_true", help="time make test-fast instead")
    parser.add_argument("--jobs", default="auto", help="test processes (default: a core each)")
    parser.add_argument("--slowest", type=positive, default=20, metavar="N",
                        help="how many of the slowest tests to list (default 20)")
    parser.add_argument("--checkout", type=Path, default=ROOT, metavar="DIR",
                        help="the checkout to time (default: this one)")
    args = parser.parse_args(argv)
    target = "test-fast" if args.fast else "test"
    with tempfile.TemporaryDirectory() as folder:
        junit = Path(folder) / "junit.xml"
        env = {**os.environ, "PYTEST_ADDOPTS": f"--junitxml={junit}"}
        started = time.monotonic()
        done = subprocess.run(["make", "--no-print-directory", target, f"JOBS={args.jobs}"],
                              cwd=args.checkout, env=env, capture_output=True, text=True)
        wall = time.monotonic() - started
        summary = done.stdout.strip().splitlines()[-1:] or ["(no output)"]
        print(f"make {target} in {args.checkout} (JOBS={args.jobs}): {wall:.1f} s wall, "
              f"exit {done.returncode}: {summary[0]}")
        if junit.exists():
            print(f"the {args.slowest} slowest tests (s):")
            for seconds, name in slowest(junit, args.slowest):
                print(f"{seconds:8.2f}  {name}")


if __name__ == "__main__":
    main()
