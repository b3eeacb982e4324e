"""How long the client takes to end on SIGTERM (a desktop session logging out) and on SIGINT
(Ctrl-C in its terminal), mid-game, two Easy bots playing Duel in SDL's dummy window: when the
game's saves work, and when its saves folder cannot be written (the game then goes to the
temporary folder). Target: within 5 s, each line on stderr as it should be.

Run: .venv/bin/python benchmarks/ending.py [--runs 3]
Prints, per case, the seconds from the signal to the process's end (median and worst of the
runs) and the last line the client said.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CASES = {  # name: (signal, whether the saves folder can be written)
    "SIGTERM, saves work": (signal.SIGTERM, True),
    "SIGINT, saves work": (signal.SIGINT, True),
    "SIGTERM, no saves folder": (signal.SIGTERM, False),
}
START_S = 120  # the longest the first action is awaited


def one_ending(signum: int, saves_work: bool) -> tuple[float, str]:
    """Seconds from the signal to the end, and the client's last line."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        data = folder / "data"
        if not saves_work:
            (folder / "blocker").write_text("a file, not a folder", encoding="utf-8")
            data = folder / "blocker" / "data"
        state = folder / "state.json"
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "LASER_FLAG_DATA_DIR": str(data), "TMPDIR": tmp}
        client = subprocess.Popen(
            [sys.executable, "-m", "laser_flag", "--map", "duel", "--team1", "easy",
             "--team2", "easy", "--state-file", str(state)], env=env,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        deadline = time.monotonic() + START_S
        while not played(state):
            if time.monotonic() > deadline:
                client.kill()
                raise SystemExit("the bots never played")
            time.sleep(0.05)
        sent = time.monotonic()
        client.send_signal(signum)
        out, err = client.communicate(timeout=60)
        took = time.monotonic() - sent
        said = (out + err).strip().splitlines()
        return took, said[-1] if said else "(nothing)"


def played(state: Path) -> bool:
    try:
        return bool(json.loads(state.read_text(encoding="utf-8"))["log"])
    except (OSError, ValueError):
        return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    for name, (signum, saves_work) in CASES.items():
        ends = [one_ending(signum, saves_work) for _ in range(args.runs)]
        times = [t for t, _ in ends]
        print(f"{name:26} median {statistics.median(times):5.2f} s  worst {max(times):5.2f} s"
              f"  said: {ends[-1][1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
