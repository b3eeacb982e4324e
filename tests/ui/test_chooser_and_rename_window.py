"""In a real X window driven by xdotool: a chooser level stepped back by right click, Shift-click
and Shift+2, and a team renamed by typing over its selected old name."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pygame
import pytest

from laser_flag.ui.game.layout import game_layout
from laser_flag.ui.game.panel import score_boxes
from laser_flag.ui.loop import App
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.menu.player_picker import level_button_name
from laser_flag.ui.widgets import BUTTON, BUTTON_HOVER
from tests.waits import wait_until

from .conftest import frames
from .test_real_window import (
    TIMEOUT_S,
    WINDOW,
    Player,
    client_window,
    launch,
    screen_pixel,
    start_client,
)

pytestmark = pytest.mark.slow  # a real X server and a client process per test


def xdotool(display: str, *args: str) -> None:
    subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=display), check=True,
                   timeout=20)


def menu_rect(name: str) -> pygame.Rect:
    """Where the menu draws the button `name` in a WINDOW-sized window (laid out headless over
    the same bundled maps the client lists first)."""
    pygame.display.init()
    try:
        app = App(WINDOW)
        menu = MenuScene()
        app.push(menu)
        frames(app)
        return next(b for b in menu.buttons() if b.name == name).rect
    finally:
        pygame.display.quit()


def level_button(team: str) -> pygame.Rect:
    """Where the chooser draws team's level button."""
    return menu_rect(level_button_name(team))


def window_origin(display: str, window: str) -> tuple[int, int]:
    env = dict(os.environ, DISPLAY=display)
    geometry = subprocess.run(["xdotool", "getwindowgeometry", window], env=env, text=True,
                              capture_output=True, timeout=20).stdout
    x, y = re.search(r"Position: (\d+),(\d+)", geometry).groups()
    return int(x), int(y)


def chosen_level(data: Path, map_file: str, team: str) -> str | None:
    try:
        stored = json.loads((data / "settings.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return stored["settings"].get("players_by_map", {}).get(map_file, {}).get(team)


def test_a_level_steps_back_by_right_click_shift_click_and_shift_2(xvfb, tmp_path):
    if shutil.which("import") is None:
        pytest.skip("needs ImageMagick's import to see when the chooser is drawn")
    data = tmp_path / "data"
    button = level_button("2")
    x, y = map(str, button.center)
    client = start_client(xvfb, "--size", "x".join(map(str, WINDOW)), data=data)
    try:
        window = client_window(xvfb, client)
        ox, oy = window_origin(xvfb, window)
        edge = (ox + button.x + 4, oy + button.centery)  # input before the first frame is lost
        wait_until(lambda: screen_pixel(xvfb, edge, tmp_path) in (BUTTON, BUTTON_HOVER),
                   "the chooser on screen", TIMEOUT_S)
        xdotool(xvfb, "mousemove", "--window", window, x, y, "click", "3")
        wait_until(lambda: chosen_level(data, "bastion.json", "2") == "Hard", "Hard (back)",
                   TIMEOUT_S)
        xdotool(xvfb, "keydown", "shift", "mousemove", "--window", window, x, y, "click", "1",
                "keyup", "shift")
        wait_until(lambda: chosen_level(data, "bastion.json", "2") == "Normal", "Normal (back)",
                   TIMEOUT_S)
        Player(xvfb, window).key("shift+2")
        wait_until(lambda: chosen_level(data, "bastion.json", "2") == "Easy", "Easy (back)",
                   TIMEOUT_S)
        xdotool(xvfb, "mousemove", "--window", window, x, y, "click", "1")
        wait_until(lambda: chosen_level(data, "bastion.json", "2") == "Normal", "Normal (on)",
                   TIMEOUT_S)
        assert client.poll() is None, client.stderr.read().decode()
    finally:
        client.terminate()
        client.wait(10)


def test_typing_over_the_selected_name_replaces_it(xvfb, tmp_path):
    client, state_file = launch(xvfb, tmp_path)
    try:
        window = client_window(xvfb, client)
        wait_until(state_file.exists, "the first state file", TIMEOUT_S)
        x, y = map(str, score_boxes(game_layout(WINDOW, 7, 7))["2"].center)
        xdotool(xvfb, "mousemove", "--window", window, x, y, "click", "1")
        xdotool(xvfb, "type", "--window", window, "Crimson")
        player = Player(xvfb, window)
        player.key("Return")
        player.key("e")  # the end of the turn writes the state, names included
        player.key("e")
        state = wait_until(lambda: (s := json.loads(state_file.read_text())) and s["turn"] == 2
                           and s, "the turn's end", TIMEOUT_S)
        assert client.poll() is None, client.stderr.read().decode()
    finally:
        client.terminate()
        client.wait(10)
    assert state["names"] == {"1": "Alice", "2": "Crimson"}  # not "BobCrimson"
