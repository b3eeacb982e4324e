"""F11 in a real X window (Xvfb) under a window manager: fullscreen covers the screen, F11
again puts the window back at its own size and place, and the settings keep that windowed size.

Its own X server, with openbox on it: going fullscreen and back is the window manager's work
(SDL asks it), and the other window tests' server runs none."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess

import pytest

from tests.waits import wait_until
from tests.xserver import private_display

from .test_real_window import TIMEOUT_S, closed_at_the_end, start_client, xdotool

pytestmark = pytest.mark.slow  # a real X server and a client process

WINDOW = (900, 600)
SCREEN = (1400, 1000)


def geometry(display: str, window: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """The window's (x, y) and (width, height), as the X server has them."""
    words = xdotool(display, "getwindowgeometry", window)
    place = re.search(r"Position: (-?\d+),(-?\d+)", words).groups()
    size = re.search(r"Geometry: (\d+)x(\d+)", words).groups()
    return (int(place[0]), int(place[1])), (int(size[0]), int(size[1]))


@pytest.fixture
def managed_display(xvfb):
    """A fresh X server of SCREEN's size with openbox managing its windows (`xvfb` first: it
    skips the test when Xvfb or xdotool are missing)."""
    if shutil.which("openbox") is None:
        pytest.skip("the fullscreen window test needs openbox (apt-get install openbox)")
    with private_display(f"{SCREEN[0]}x{SCREEN[1]}x24") as display:
        manager = subprocess.Popen(["openbox", "--sm-disable"],
                                   env=dict(os.environ, DISPLAY=display),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_until(lambda: xdotool(display, "search", "--classname", "openbox"),
                       "openbox to start", TIMEOUT_S)
            yield display
        finally:
            manager.terminate()
            manager.wait(10)


def test_f11_there_and_back_keeps_the_windows_place_and_size(managed_display, tmp_path):
    display, data = managed_display, tmp_path / "data"
    client = start_client(display, "--size", "x".join(map(str, WINDOW)), data=data)
    with closed_at_the_end(display, client) as window:
        xdotool(display, "windowmove", window, "150", "110")
        wait_until(lambda: geometry(display, window)[0] != (0, 0) and
                   geometry(display, window)[1] == WINDOW, "the window placed", TIMEOUT_S)
        placed = geometry(display, window)
        xdotool(display, "key", "--window", window, "F11")
        wait_until(lambda: geometry(display, window) == ((0, 0), SCREEN), "fullscreen",
                   TIMEOUT_S)
        xdotool(display, "key", "--window", window, "F11")
        wait_until(lambda: geometry(display, window) == placed,
                   f"the window back at {placed}", TIMEOUT_S)
    settings = json.loads((data / "settings.json").read_text(encoding="utf-8"))["settings"]
    assert settings["window_size"] == list(WINDOW) and settings["fullscreen"] is False
