"""The Rules screen scrolls in a real client window (Xvfb, xdotool) at the smallest size the
client allows: End shows the page's last lines, Home its first again, as seen on the X screen."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.waits import wait_until

from .test_real_window import TIMEOUT_S, find_window, start_client, xdotool

pytestmark = [
    pytest.mark.slow,  # a real X server and a client process
    pytest.mark.skipif(shutil.which("import") is None, reason="needs ImageMagick's import"),
]

SMALL = (800, 560)


def screen(display: str, tmp: Path) -> bytes:
    """The X screen's pixels, grabbed with ImageMagick's import."""
    env = dict(os.environ, DISPLAY=display)
    return subprocess.run(["import", "-window", "root", "rgb:-"], env=env, check=True,
                          timeout=30, capture_output=True).stdout


def settled(display: str, tmp: Path, unlike: bytes) -> bytes:
    """The screen once it differs from `unlike` and two grabs in a row agree (fully drawn)."""
    grabs = [b""]

    def steady() -> bytes | None:
        grabs.append(screen(display, tmp))
        return grabs[-1] if grabs[-1] != unlike and grabs[-1] == grabs[-2] else None

    return wait_until(steady, "a steady new screen", TIMEOUT_S)


def test_the_rules_page_scrolls_to_its_end_and_back(xvfb, tmp_path):
    client = start_client(xvfb, "--size", "x".join(map(str, SMALL)), data=tmp_path / "data")
    try:
        window = wait_until(lambda: find_window(xvfb), "the window", TIMEOUT_S)
        menu = settled(xvfb, tmp_path, unlike=b"")
        xdotool(xvfb, "key", "--window", window, "r")
        top = settled(xvfb, tmp_path, unlike=menu)  # the Rules screen
        xdotool(xvfb, "key", "--window", window, "End")
        settled(xvfb, tmp_path, unlike=top)  # the page's end
        xdotool(xvfb, "key", "--window", window, "Home")
        wait_until(lambda: screen(xvfb, tmp_path) == top, "the page's top again", TIMEOUT_S)
        assert client.poll() is None, client.stderr.read().decode()
    finally:
        client.terminate()
        client.wait(10)
