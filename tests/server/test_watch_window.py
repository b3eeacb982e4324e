"""Watching from Play online in a real client window on Xvfb, played with xdotool against a
real server process: Games lists the game two players play, its Watch button opens the
spectator's screen, and the server counts the window as watching; the screen shows under fog
that the board comes at the end."""

from __future__ import annotations

import pytest

from laser_flag.ui.game import overlays

from ..remote.test_network_screens import has_colour
from ..waits import wait_until
from .running import create, room_shows, server, sit
from .test_online_window import click, online_window, positions, window_shot

pytestmark = [pytest.mark.slow, pytest.mark.net]


def test_a_listed_game_is_watched_in_a_real_window(xvfb, tmp_path):
    watch = positions()["watch"]
    with server("--seed", "23") as running:
        _, made = create(running.address, fog=True, watch="end")
        ann = sit(running.address, made["secret"], "Ann")
        sit(running.address, made["code"], "Bob")
        with online_window(xvfb, tmp_path, f"{running.address[0]}:{running.address[1]}") as window:

            def watching() -> bool:  # a click before the list came is lost: click again
                click(xvfb, window, watch)
                return room_shows(ann, lambda room: room["watchers"] == 1)
            wait_until(watching, "the window watching", 90)

            def notice_shown() -> bool:
                image = window_shot(xvfb, window, tmp_path / "watch.png")
                return has_colour(image, image.get_rect(), overlays.SIGHT_YELLOW)
            wait_until(notice_shown, "the board's notice drawn", 30)
