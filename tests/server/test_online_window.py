"""Play online in a real client window on Xvfb, played with xdotool against a real server
process: the menu's Play online shows the remembered server, List games lists the game another
player made, a click on it and Enter join it, and the board opens (the server seats the window's
player on team 2); so too over TLS, with the server's fingerprint remembered beside it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from laser_flag.remote.tls import Tls
from laser_flag.ui.loop import App
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.network.online_scene import OnlineScene

from ..remote.net import MAPS
from ..ui.test_real_window import WINDOW, client_window, start_client, xdotool
from ..waits import wait_until
from .running import create, pin_of, room_shows, self_signed, server, sit

pytestmark = [pytest.mark.slow, pytest.mark.net]


LISTED = {"code": "ABCDEF", "map": "Blitz", "fog": True, "watchers": 0,
          "players": {"1": "Ann", "2": "Bob"}, "state": "playing"}


def positions() -> dict[str, tuple[int, int]]:
    """Where the menu's Play online, the lobby's Games, the first listed game and its Watch
    are drawn in a window of WINDOW's size (the layout depends on the size alone)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    app = App(WINDOW)
    menu = MenuScene(maps_dir=MAPS)
    app.push(menu)
    online = OnlineScene(None, False)
    app.push(online)
    online.games = [LISTED]
    named = {b.name: b.rect.center for b in online.buttons()}
    found = {"online": next(b for b in menu.buttons() if b.name == "online").rect.center,
             "games": named["games"], "first": named["game " + LISTED["code"]],
             "watch": named["watch " + LISTED["code"]]}
    pygame.display.quit()
    return found


def click(display: str, window: str, xy: tuple[int, int]) -> None:
    xdotool(display, "mousemove", "--window", window, str(xy[0]), str(xy[1]), "click", "1")


@contextmanager
def online_window(xvfb: str, tmp_path: Path, address: tuple[str, int],
                  pin: str | None = None) -> Iterator[str]:
    """A client window whose settings remember the server at `address` (over TLS, pinned to
    `pin`, with one), on Play online's list of its games; its X window id."""
    data = tmp_path / "data"
    data.mkdir()
    where = f"{'tls://' if pin else ''}{address[0]}:{address[1]}"
    (data / "settings.json").write_text(json.dumps({
        "format": "laser-flag-settings", "version": 1,
        "settings": {"server_address": where, "server_fingerprint": pin or ""}}))
    at = positions()
    client = start_client(xvfb, "--size", "x".join(map(str, WINDOW)), data=data)
    try:
        window = client_window(xvfb, client)
        click(xvfb, window, at["online"])
        click(xvfb, window, at["games"])
        yield window
    finally:
        client.terminate()
        client.wait(timeout=30)


def window_shot(xvfb: str, window: str, path: Path) -> pygame.Surface:
    """The window as it is on the screen."""
    subprocess.run(["import", "-window", window, str(path)], check=True, timeout=30,
                   env={**os.environ, "DISPLAY": xvfb})
    return pygame.image.load(str(path))


@pytest.mark.parametrize("tls", [False, True], ids=["plain", "tls"])
def test_play_online_in_a_real_window_joins_a_listed_game(xvfb, tmp_path, tls):
    if tls and shutil.which("openssl") is None:
        pytest.skip("needs openssl")
    first = positions()["first"]
    served = [] if not tls else [f"--{k}={v}" for k, v in zip(
        ("cert", "key"), self_signed(tmp_path), strict=True)]
    with server("--seed", "21", *served) as running:
        pin = pin_of(running) if tls else None
        secure = Tls(pin=pin) if tls else None
        _, made = create(running.address, secure)
        maker = sit(running.address, made["secret"], "Ann", secure)
        with online_window(xvfb, tmp_path, running.address, pin) as window:

            def joined() -> bool:  # clicks before the list came are lost: click again
                click(xvfb, window, first)
                xdotool(xvfb, "key", "--window", window, "Return")
                return room_shows(maker, lambda room: room["players"]["2"] == "Guest")
            wait_until(joined, "the window's player seated", 90)
            assert window_shot(xvfb, window, tmp_path / "online.png").get_size() == WINDOW

