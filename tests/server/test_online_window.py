"""Play online in a real client window on Xvfb, played with xdotool against a real server
process: the menu's Play online shows the remembered server, List games lists the game another
player made, a click on it and Enter join it, and the board opens (the server seats the window's
player on team 2); so too over TLS, with the server's fingerprint remembered beside it or
pasted from the X clipboard with Ctrl+V."""

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
from laser_flag.ui.network.online_scene import FINGERPRINT, OnlineScene

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
             "watch": named["watch " + LISTED["code"]],
             "fingerprint": online.field_box(FINGERPRINT).center}
    pygame.display.quit()
    return found


def click(display: str, window: str, xy: tuple[int, int]) -> None:
    xdotool(display, "mousemove", "--window", window, str(xy[0]), str(xy[1]), "click", "1")


@contextmanager
def online_window(xvfb: str, tmp_path: Path, where: str, pin: str = "") -> Iterator[str]:
    """A client window whose settings remember the server `where` (and its fingerprint `pin`),
    on Play online's list of its games; its X window id."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({
        "format": "laser-flag-settings", "version": 1,
        "settings": {"server_address": where, "server_fingerprints": {where: pin}}}))
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


@contextmanager
def on_the_clipboard(xvfb: str, text: str) -> Iterator[None]:
    """`text` held on the X clipboard (by xclip, as a terminal it was copied from would)."""
    holder = subprocess.Popen(["xclip", "-selection", "clipboard", "-quiet"],
                              stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, env={**os.environ, "DISPLAY": xvfb})
    holder.stdin.write(text.encode())
    holder.stdin.close()
    try:
        yield
    finally:
        holder.terminate()
        holder.wait(timeout=30)


@pytest.mark.parametrize("how", ["plain", "pinned", "pasted"])
def test_play_online_in_a_real_window_joins_a_listed_game(xvfb, tmp_path, how):
    """Plain TCP; TLS with the fingerprint remembered; TLS with tls:// remembered and the
    fingerprint pasted (then remembered too)."""
    needs = {"plain": [], "pinned": ["openssl"], "pasted": ["openssl", "xclip"]}[how]
    if missing := [tool for tool in needs if shutil.which(tool) is None]:
        pytest.skip(f"needs {' and '.join(missing)}")
    at = positions()
    served = [] if how == "plain" else [f"--{k}={v}" for k, v in zip(
        ("cert", "key"), self_signed(tmp_path), strict=True)]
    with server("--seed", "21", *served) as running:
        pin = "" if how == "plain" else pin_of(running)
        secure = Tls(pin=pin) if pin else None
        _, made = create(running.address, secure)
        maker = sit(running.address, made["secret"], "Ann", secure)
        where = f"{'tls://' if pin else ''}{running.address[0]}:{running.address[1]}"
        with online_window(xvfb, tmp_path, where, pin if how == "pinned" else "") as window:
            if how == "pasted":
                with on_the_clipboard(xvfb, pin + "\n"):
                    click(xvfb, window, at["fingerprint"])
                    xdotool(xvfb, "key", "--window", window, "ctrl+v")
                    click(xvfb, window, at["games"])

            def joined() -> bool:  # clicks before the list came are lost: click again
                click(xvfb, window, at["first"])
                xdotool(xvfb, "key", "--window", window, "Return")
                return room_shows(maker, lambda room: room["players"]["2"] == "Guest")
            wait_until(joined, "the window's player seated", 90)
            assert window_shot(xvfb, window, tmp_path / "online.png").get_size() == WINDOW
        settings = json.loads((tmp_path / "data" / "settings.json").read_text())["settings"]
        assert settings["server_address"] == where and settings["server_fingerprints"] == {
            where: pin}
