"""The board that speaks, in a real X window (Xvfb) driven with xdotool: in an 800x560 window,
Duel's Scout walks into a watcher's sight and the snap shot plays out with no key, E (pressed
at once) is not lost to it; Gridlock there folds the panel into a drawer that I opens."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pygame
import pytest

from laser_flag.board.draw import tile_rect
from laser_flag.engine import Game, Move
from laser_flag.engine.events import Shot
from laser_flag.engine.mapfile import load_map
from laser_flag.resources import bundled_maps
from laser_flag.ui.game.layout import game_layout
from tests.waits import wait_until

from .test_real_window import TIMEOUT_S, client_window, start_client, state_where, xdotool

pytestmark = pytest.mark.slow  # a real X server and a client process per test

WINDOW = (800, 560)


class Window:
    """Clicks tiles of a bundled map's board and presses keys in the client's window."""

    def __init__(self, display: str, window: str, name: str) -> None:
        self.display, self.window = display, window
        gm = load_map(bundled_maps() / f"{name}.json")
        self.layout = game_layout(WINDOW, gm.rows, gm.cols)

    def click_tile(self, pos: tuple[int, int]) -> None:
        x, y = tile_rect(self.layout.origin, self.layout.tile_px, pos).center
        xdotool(self.display, "mousemove", "--window", self.window, str(x), str(y), "click", "1")

    def key(self, name: str) -> None:
        xdotool(self.display, "key", "--window", self.window, name)

    def pixel(self, xy: tuple[int, int], tmp: Path) -> tuple[int, ...]:
        """A pixel of the window, grabbed from the X screen with ImageMagick's import."""
        geometry = xdotool(self.display, "getwindowgeometry", self.window)
        ox, oy = (int(v) for v in re.search(r"Position: (\d+),(\d+)", geometry).groups())
        shot = tmp / "screen.png"
        env = dict(os.environ, DISPLAY=self.display)
        subprocess.run(["import", "-window", "root", str(shot)], env=env, check=True, timeout=30)
        return tuple(pygame.image.load(str(shot)).get_at((xy[0] + ox, xy[1] + oy)))[:3]


def scout_at(state: dict) -> list[int]:
    """Where Red's Scout (unit 3 of Duel) stands in a state file."""
    return next(u["pos"] for u in state["units"] if u["id"] == 3)


def snap_shots_on_the_way(name: str, moves: list[Move]) -> int:
    """The snap shots the engine rolls for these moves of team 1 on a map at seed 1, as the
    client plays it: the count the log must show, each shot once."""
    game = Game(load_map(bundled_maps() / f"{name}.json"), seed=1)
    return sum(isinstance(e, Shot) and e.snap for m in moves for e in game.apply(m))


def launch(display: str, tmp_path: Path, name: str) -> tuple[subprocess.Popen, Path]:
    state_file = tmp_path / "state.json"
    client = start_client(display, "--map", name, "--seed", "1", "--state-file", str(state_file),
                          "--size", "x".join(map(str, WINDOW)), data=tmp_path / "data")
    return client, state_file


def test_rolls_play_out_by_themselves_and_e_is_not_lost_in_a_small_window(xvfb, tmp_path):
    client, state_file = launch(xvfb, tmp_path, "duel")
    try:
        window = client_window(xvfb, client)
        state_where(state_file, lambda s: True, "the first state file")
        play = Window(xvfb, window, "duel")
        assert play.layout.tile_px >= 40  # a narrow panel leaves Duel big tiles at 800x560
        play.click_tile((10, 4))  # Red's Scout
        play.click_tile((6, 4))
        state_where(state_file, lambda s: scout_at(s) == [6, 4], "the first move")
        play.click_tile((6, 5))  # a click during the walk is not lost: it plays it out, moves
        state_where(state_file, lambda s: scout_at(s) == [6, 5], "the climb")
        play.key("e")  # pressed while the snap shot plays: asked at once, not swallowed
        play.key("e")
        state = state_where(state_file, lambda s: s["turn"] == 2, "the end of the turn")
        assert client.poll() is None, client.stderr.read().decode()
    finally:
        client.terminate()
        client.wait(10)
    assert state["active_team"] == "2"
    snaps = snap_shots_on_the_way("duel", [Move(3, (6, 4)), Move(3, (6, 5))])
    assert snaps >= 1  # the climb is watched: rolls did play out
    assert sum("snap-shoots at Red's Scout" in line for line in state["log"]) == snaps


def test_a_small_window_folds_the_panel_into_a_drawer(xvfb, tmp_path):
    if shutil.which("import") is None:
        pytest.skip("the screen check needs ImageMagick's import")
    client, _ = launch(xvfb, tmp_path, "gridlock")
    try:
        window = client_window(xvfb, client)
        play = Window(xvfb, window, "gridlock")
        lay = play.layout
        assert lay.mode == "drawer" and lay.tile_px >= 26
        spot = (lay.panel.centerx, lay.panel.bottom - 200)  # in the drawer's log, once open
        log = (28, 31, 38)
        wait_until(lambda: play.pixel(spot, tmp_path) not in (log, (0, 0, 0)), "the board",
                   TIMEOUT_S)
        play.key("i")
        wait_until(lambda: play.pixel(spot, tmp_path) == log, "the drawer's log", TIMEOUT_S)
        play.key("Escape")
        wait_until(lambda: play.pixel(spot, tmp_path) != log, "the drawer shut", TIMEOUT_S)
        assert client.poll() is None, client.stderr.read().decode()
    finally:
        client.terminate()
        client.wait(10)
