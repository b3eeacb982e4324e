"""The Rules screen in a real client window (Xvfb, xdotool) at the smallest size the client
allows: the pages turn by key and by a click on a numbered tab, and Esc goes back to the menu,
as seen on the X screen."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.waits import wait_until

from .test_real_window import TIMEOUT_S, client_window, start_client, xdotool
from .test_rules_pages import open_rules

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


def park_pointer(display: str) -> None:
    """The pointer to the screen's far corner, off the client's window: the screens compared
    show no button lit by the pointer (the X server is shared, so a test before may have left
    the pointer over one)."""
    xdotool(display, "mousemove", "1399", "999")  # no --sync: it waits for ever if already there


def settled(display: str, tmp: Path, unlike: bytes) -> bytes:
    """The screen once it differs from `unlike` and two grabs in a row agree (fully drawn)."""
    grabs = [b""]

    def steady() -> bytes | None:
        grabs.append(screen(display, tmp))
        return grabs[-1] if grabs[-1] != unlike and grabs[-1] == grabs[-2] else None

    return wait_until(steady, "a steady new screen", TIMEOUT_S)


def test_the_rules_pages_turn_by_key_and_tab_and_esc_goes_back(xvfb, tmp_path, app):
    last_tab = open_rules(app, SMALL).tabs()[-1].rect.center  # where the client draws it
    # Off the window before it opens: parked after, a button it opened under could still be
    # lit in the menu's first grabs (the client draws the pointer's leaving when it gets to it)
    park_pointer(xvfb)
    client = start_client(xvfb, "--size", "x".join(map(str, SMALL)), data=tmp_path / "data")
    try:
        window = client_window(xvfb, client)
        opened = settled(xvfb, tmp_path, unlike=b"")
        xdotool(xvfb, "key", "--window", window, "r")
        first = settled(xvfb, tmp_path, unlike=opened)  # the Rules screen, page 1
        xdotool(xvfb, "key", "--window", window, "Escape")
        # The menu as Esc shows it is the one to come back to: its very first frames, on a
        # loaded machine, may be grabbed before the client has drawn all it reads at start.
        menu = settled(xvfb, tmp_path, unlike=first)
        xdotool(xvfb, "key", "--window", window, "r")
        wait_until(lambda: screen(xvfb, tmp_path) == first, "the Rules' first page", TIMEOUT_S)
        xdotool(xvfb, "key", "--window", window, "Right")
        second = settled(xvfb, tmp_path, unlike=first)
        xdotool(xvfb, "mousemove", "--window", window, *map(str, last_tab), "click", "1")
        last = settled(xvfb, tmp_path, unlike=second)
        assert last not in (first, menu)
        xdotool(xvfb, "key", "--window", window, "Left")
        settled(xvfb, tmp_path, unlike=last)
        park_pointer(xvfb)
        xdotool(xvfb, "key", "--window", window, "Escape")
        wait_until(lambda: screen(xvfb, tmp_path) == menu, "the menu again", TIMEOUT_S)
        assert client.poll() is None, client.stderr.read().decode()
    finally:
        client.terminate()
        client.wait(10)
