"""The chooser's balance badges in the real client window (Xvfb), seen on the X screen."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pygame
import pytest

from laser_flag.ui.menu.map_badge import CHANGED_TONE, FAIR_TONE, LEANS_TONE
from tests.pixels import colours_in
from tests.waits import wait_until

from .badges import badged_map, walled_after_measuring
from .test_real_window import TIMEOUT_S, WINDOW, client_window, start_client, xdotool

pytestmark = [
    pytest.mark.slow,  # a real X server and a client process
    pytest.mark.skipif(shutil.which("import") is None, reason="needs ImageMagick's import"),
]


def screen_colours(display: str, tmp: Path) -> set[tuple[int, int, int]]:
    """Every colour on the X screen, grabbed with ImageMagick's import."""
    shot = tmp / "screen.png"
    env = dict(os.environ, DISPLAY=display)
    subprocess.run(["import", "-window", "root", str(shot)], env=env, check=True, timeout=30)
    return colours_in(pygame.image.load(str(shot)))


def test_the_players_maps_show_their_badges_on_screen(xvfb, tmp_path):
    maps = tmp_path / "data" / "maps"
    maps.mkdir(parents=True)
    badged_map(maps / "a_fair.json", 260, 240, name="Fair")
    badged_map(maps / "b_leans.json", 80, 20, name="Leaning")
    walled_after_measuring(badged_map(maps / "c_changed.json", 50, 50, name="Changed"))
    client = start_client(xvfb, "--size", "x".join(map(str, WINDOW)), data=tmp_path / "data")
    try:
        window = client_window(xvfb, client)
        # Up from the first map wraps round to the last: the player's own come after the
        # bundled ones, and the list scrolls down to show it.
        xdotool(xvfb, "key", "--window", window, "Up")
        tones = {FAIR_TONE, LEANS_TONE, CHANGED_TONE}
        wait_until(lambda: tones <= screen_colours(xvfb, tmp_path),
                   "the three badges on screen", TIMEOUT_S)
        assert client.poll() is None, client.stderr.read().decode()
    finally:
        client.terminate()
        client.wait(10)
