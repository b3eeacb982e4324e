"""Fog of war in a real X window (Xvfb), played with xdotool: a two-player fog game hands the
screen over behind a cover in the next team's colours, and Ready, then Enter, shows the board."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from laser_flag.board.palette import Palette
from laser_flag.engine.mapfile import parse_map
from laser_flag.ui.ending.team_tint import team_tint
from tests.waits import wait_until

from .conftest import WALLED
from .test_real_window import (
    TIMEOUT_S,
    Player,
    client_window,
    launch,
    screen_pixel,
    state_where,
    xdotool,
)

pytestmark = pytest.mark.slow  # a real X server and a client process


def test_the_hand_off_in_the_real_window(xvfb, tmp_path):
    if shutil.which("import") is None:
        pytest.skip("the cover is checked on screen: needs ImageMagick's import")
    walled = tmp_path / "walled.json"
    walled.write_text(json.dumps(WALLED), encoding="utf-8")
    cover = team_tint(Palette.from_map(parse_map(WALLED, "walled.json")).team("2"))[0]
    client, state_file = launch(xvfb, tmp_path, "--map", str(walled), "--fog")
    try:
        window = client_window(xvfb, client)
        state_where(state_file, lambda s: True, "the first state file")
        play = Player(xvfb, window)
        geometry = xdotool(xvfb, "getwindowgeometry", window)
        x, y = (int(v) for v in re.search(r"Position: (\d+),(\d+)", geometry).groups())
        corner = (x + 5, y + 300)  # left of the board, under the title band: the cover's plain
        play.key("e")  # units could still act: asked, then E again ends the turn
        play.key("e")
        state_where(state_file, lambda s: s["active_team"] == "2", "the end of the turn")
        wait_until(lambda: screen_pixel(xvfb, corner, tmp_path) == cover,
                   "the cover in Bob's colours", TIMEOUT_S)
        play.key("Return")  # Ready: what happened while Bob waited
        play.key("Return")  # then the board
        wait_until(lambda: screen_pixel(xvfb, corner, tmp_path) != cover,
                   "the board again", TIMEOUT_S)
        assert client.poll() is None, client.stderr.read().decode()
    finally:
        client.terminate()
        client.wait(10)
