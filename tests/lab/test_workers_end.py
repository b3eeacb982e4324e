"""The lab's worker processes end with the process that started them, however it ends: killed
(SIGKILL, no goodbye), a client's "Measure here", a lab run or a study in benchmarks/ leaves no
game playing on for nobody and no worker waiting for work for ever, and no BrokenPipe
traceback in the terminal."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.waits import PipeReader, wait_until

ROOT = Path(__file__).resolve().parents[2]
DUEL = str(ROOT / "maps" / "duel.json")
# Hard with a budget no decision gets through: every game lasts for good, so a worker still
# there after the wait below was not ending its game.
ENDLESS = "steps:999999999"
LAB = ["-m", "laser_flag.tools.balance", DUEL, "--bots", "hard,hard", "--budget", ENDLESS,
       "--games", "8", "--jobs", "2"]
STUDY = [str(ROOT / "benchmarks" / "texel.py"), "data", "--games", "8", "--seed", "1",
         "--budget", ENDLESS, "--jobs", "2", "--maps", DUEL]


def workers(pid: int) -> list[int]:
    """The worker processes `pid` started that are still its children and past their start-up
    (Linux). A worker is past it once its parent watch runs, a thread of its own: before, it
    is still reading what to run from its parent, and a parent killed then leaves Python's own
    spawn traceback, which no code of ours runs yet to prevent."""
    try:
        found = Path(f"/proc/{pid}/task/{pid}/children").read_text(encoding="ascii").split()
    except OSError:
        return []
    return [int(child) for child in found
            if b"spawn_main" in command(int(child)) and threads(int(child)) >= 2]


def threads(pid: int) -> int:
    try:
        return len(list(Path(f"/proc/{pid}/task").iterdir()))
    except OSError:
        return 0


def command(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def alive(pid: int) -> bool:
    """Running: there, and not a zombie waiting for a parent to read its status."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("started_by", [LAB, STUDY], ids=["lab", "study"])
def test_workers_end_at_once_when_their_lab_is_killed(started_by, tmp_path):
    out = ["--out", str(tmp_path / "data.json")] if started_by is STUDY else []
    lab = subprocess.Popen([sys.executable, *started_by, *out],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    errors = PipeReader(lab.stderr)
    started: list[int] = []
    try:
        started += wait_until(lambda: len(workers(lab.pid)) == 2 and workers(lab.pid),
                              "the lab's two workers", timeout=60)
        lab.kill()
        lab.wait(timeout=30)
        wait_until(lambda: not any(alive(pid) for pid in started), "the workers to end",
                   timeout=20)
    finally:
        lab.kill()
        for pid in started:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
    assert "Traceback" not in errors.finish()
