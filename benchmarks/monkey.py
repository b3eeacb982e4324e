"""The long monkey: random input through the client's real loop (tests/monkey.py) in every place
a player reaches, in turn, for a given time; the exceptions met (target: none) and the memory
after warm-up (target: flat).

Run: .venv/bin/python benchmarks/monkey.py [--minutes 10] [--seed 1] [--place P ...]
     [--events N]
With --events it plays that many events in each place and stops (a failure's replay: the test
names the place and seed). Prints, per place, the events played, the games started and the
most actions a game reached, then the client's memory (resident set) at warm-up and at the end,
and its growth per 1,000 events over the second half.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("LASER_FLAG_BUDGET", "steps:40")  # Hard as the tests play it

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the monkey lives with the tests, which run it briefly

import pygame  # noqa: E402

from laser_flag.ui.loop import App  # noqa: E402
from tests.monkey import PLACES, Monkey, no_dialogs  # noqa: E402

ROUND = 1500  # events in one place before the next place's turn
WARM_UP = 0.2  # the share of the run before memory is first read


def resident_kb() -> int:
    """This process's resident memory (Linux: /proc; elsewhere the peak from getrusage)."""
    try:
        status = Path("/proc/self/status").read_text(encoding="ascii")
        return int(status.split("VmRSS:")[1].split()[0])
    except OSError:
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--place", action="append", choices=PLACES)
    parser.add_argument("--events", type=int, help="this many events a place, then stop")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    places = args.place or list(PLACES)
    os.environ.setdefault("LASER_FLAG_DATA_DIR", tempfile.mkdtemp(prefix="laser-flag-monkey-"))
    pygame.display.init()
    pygame.font.init()
    no_dialogs(setattr)
    app = App((1280, 860))
    folder = Path(tempfile.mkdtemp(prefix="laser-flag-monkey-saves-"))
    monkeys = {p: Monkey(app, p, args.seed, folder) for p in places}
    played = dict.fromkeys(places, 0)
    samples: list[tuple[int, int]] = []  # (events so far, resident KB)
    failures = 0
    start, seconds = time.monotonic(), args.minutes * 60
    for place in itertools.cycle(places):
        if args.events is not None and all(n >= args.events for n in played.values()):
            break
        if args.events is None and time.monotonic() - start > seconds:
            break
        events = ROUND if args.events is None else args.events
        try:
            monkeys[place].run(events)
        except AssertionError as err:
            failures += 1
            print(f"FAILED {err}", flush=True)
        finally:
            monkeys[place].leave_host()
        played[place] += events
        if args.events is None and time.monotonic() - start > seconds * WARM_UP:
            samples.append((sum(played.values()), resident_kb()))
    for place in places:
        m = monkeys[place]
        print(f"{place:9} {played[place]:7,} events  {m.starts:4} starts  "
              f"most actions in a game: {m.actions}  screens: {len(m.screens)}")
    print(f"exceptions: {failures}")
    report_memory(samples)
    return 1 if failures else 0


def report_memory(samples: list[tuple[int, int]]) -> None:
    if len(samples) < 2:
        print("memory: too short a run to read it after warm-up")
        return
    half = samples[len(samples) // 2:]
    (e0, m0), (e1, m1) = half[0], half[-1]
    slope = (m1 - m0) / max(1, e1 - e0) * 1000
    print(f"memory after warm-up: {samples[0][1] / 1024:.1f} MB, at the end: "
          f"{samples[-1][1] / 1024:.1f} MB; second half: {slope:+.1f} KB per 1,000 events")


if __name__ == "__main__":
    sys.exit(main())
