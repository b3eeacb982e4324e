"""Watching from Play online in a real client window on Xvfb, played with xdotool against a
real server process: Games lists the game two players play, its Watch button opens the
spectator's screen, and the server counts the window as watching; the screen shows under fog
that the board comes at the end."""

from __future__ import annotations

import json
import os
import subprocess

import pygame
import pytest

from laser_flag.ui.game import overlays
from laser_flag.ui.loop import App
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.network.online_scene import OnlineScene

from ..remote.net import MAPS
from ..remote.test_network_screens import has_colour
from ..ui.test_real_window import WINDOW, client_window, start_client
from ..waits import wait_until
from .running import create, room_shows, server, sit
from .test_online_window import click

pytestmark = [pytest.mark.slow, pytest.mark.net]


def positions() -> dict[str, tuple[int, int]]:
    """Where the menu's Play online, the lobby's Games and the first listed game's Watch are
    drawn in a window of WINDOW's size (the layout depends on the size alone)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    app = App(WINDOW)
    menu = MenuScene(maps_dir=MAPS)
    app.push(menu)
    online = OnlineScene(None, False)
    app.push(online)
    online.games = [{"code": "ABCDEF", "map": "Blitz", "fog": True, "watchers": 0,
                     "players": {"1": "Ann", "2": "Bob"}, "state": "playing"}]
    found = {"online": next(b for b in menu.buttons() if b.name == "online").rect.center,
             "games": next(b for b in online.buttons() if b.name == "games").rect.center,
             "watch": next(b for b in online.buttons() if b.name == "watch ABCDEF").rect.center}
    pygame.display.quit()
    return found


def test_a_listed_game_is_watched_in_a_real_window(xvfb, tmp_path):
    at = positions()
    with server("--seed", "23") as running:
        _, made = create(running.address, fog=True, watch="end")
        ann = sit(running.address, made["secret"], "Ann")
        sit(running.address, made["code"], "Bob")
        data = tmp_path / "data"
        data.mkdir()
        (data / "settings.json").write_text(json.dumps({
            "format": "laser-flag-settings", "version": 1,
            "settings": {"server_address": f"{running.address[0]}:{running.address[1]}"}}))
        client = start_client(xvfb, "--size", "x".join(map(str, WINDOW)), data=data)
        try:
            window = client_window(xvfb, client)
            click(xvfb, window, at["online"])
            click(xvfb, window, at["games"])

            def watching() -> bool:  # a click before the list came is lost: click again
                click(xvfb, window, at["watch"])
                return room_shows(ann, lambda room: room["watchers"] == 1)
            wait_until(watching, "the window watching", 90)
            shot = tmp_path / "watch.png"

            def notice_shown() -> bool:
                subprocess.run(["import", "-window", window, str(shot)], check=True,
                               timeout=30, env={**os.environ, "DISPLAY": xvfb})
                image = pygame.image.load(str(shot))
                return has_colour(image, image.get_rect(), overlays.SIGHT_YELLOW)
            wait_until(notice_shown, "the board's notice drawn", 30)
            assert pygame.image.load(str(shot)).get_size() == WINDOW
        finally:
            client.terminate()
            client.wait(timeout=30)
