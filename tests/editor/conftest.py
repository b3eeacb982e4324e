"""A private Xvfb display for the editor's window tests (skipped without Xvfb or xdotool)."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

SCREEN = "1400x1000x24"


def _free_display() -> int:
    n = 100
    while Path(f"/tmp/.X{n}-lock").exists() or Path(f"/tmp/.X11-unix/X{n}").exists():
        n += 1
    return n


@pytest.fixture(scope="session")
def xvfb() -> Iterator[str]:
    """DISPLAY of a fresh virtual screen, set in os.environ for the session."""
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"window tests need {' and '.join(missing)} (apt-get install xvfb xdotool)")
    number = _free_display()
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", SCREEN, "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    display = f":{number}"
    deadline = time.monotonic() + 10
    while not Path(f"/tmp/.X11-unix/X{number}").exists():
        if server.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"Xvfb {display} did not start")
        time.sleep(0.05)
    old = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = display
    yield display
    server.terminate()
    server.wait(timeout=10)
    if old is None:
        os.environ.pop("DISPLAY", None)
    else:
        os.environ["DISPLAY"] = old
