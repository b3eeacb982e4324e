"""Saves in a real X window driven by xdotool: two games in a row each keep their own file and
the last one continues from the menu; closing a game whose saves fail asks first, goes back to
the game when told, and never says "saved"."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from laser_flag.save_index import list_saves
from laser_flag.saves import load_save
from laser_flag.ui.widgets import BAD, BUTTON, BUTTON_HOVER
from tests.waits import wait_until
from tests.xserver import close_window

from .conftest import SMALL_MAP
from .test_chooser_and_rename_window import menu_rect, window_origin
from .test_real_window import (
    TIMEOUT_S,
    WINDOW,
    Player,
    client_env,
    client_window,
    screen_pixel,
    state_where,
)

pytestmark = pytest.mark.slow  # a real X server and a client process per test

DUEL = Path(__file__).resolve().parents[2] / "maps" / "duel.json"


def client(display: str, data: Path, state: Path, *options: str) -> subprocess.Popen:
    """`python -m laser_flag OPTIONS` in a WINDOW-sized real window, its words captured."""
    return subprocess.Popen(
        [sys.executable, "-m", "laser_flag", "--seed", "1", "--state-file", str(state),
         "--size", "x".join(map(str, WINDOW)), *options],
        env=client_env(display, data), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def close(xvfb: str, process: subprocess.Popen) -> None:
    """Close the window as a window manager's close button does."""
    if process.poll() is None:
        close_window(xvfb, client_window(xvfb, process))


def stop(process: subprocess.Popen) -> None:
    """End the client as a logout does (SIGTERM): at once, the game saved where it can be."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)


def ended(process: subprocess.Popen) -> tuple[str, str]:
    """The client's stdout and stderr once it has ended by itself (status 0)."""
    out, err = process.communicate(timeout=TIMEOUT_S)
    assert process.returncode == 0, err
    return out, err


def small_map(tmp_path: Path) -> Path:
    path = tmp_path / "small.json"
    path.write_text(json.dumps(SMALL_MAP), encoding="utf-8")
    return path


def move_the_plain(display: str, client: subprocess.Popen, state: Path) -> Player:
    """On the small map: Alice's Plain two tiles north, once the game is drawn."""
    player = Player(display, client_window(display, client))
    state_where(state, lambda s: True, "the first state file")
    player.click_tile((5, 1))
    player.click_tile((3, 1))
    player.key("s")
    state_where(state, lambda s: s["units"][0]["pos"] == [3, 1], "the Plain's move")
    return player


def click_screen(display: str, xy: tuple[int, int]) -> None:
    env = dict(os.environ, DISPLAY=display)
    subprocess.run(["xdotool", "mousemove", *map(str, xy), "click", "1"], env=env, check=True,
                   timeout=20)


def test_two_games_in_a_row_keep_two_files_and_the_last_continues(xvfb, tmp_path):
    data, state = tmp_path / "data", tmp_path / "state.json"
    first = client(xvfb, data, state, "--map", str(small_map(tmp_path)))
    try:
        move_the_plain(xvfb, first, state)
    finally:
        stop(first)
    assert ended(first)[0].startswith("Saved: Continue (in the menu of laser-flag)")
    state.unlink()
    second = client(xvfb, data, state, "--map", str(DUEL))
    try:
        player = Player(xvfb, client_window(xvfb, second))
        state_where(state, lambda s: s["map"] == str(DUEL), "Duel's first state file")
        player.key("e")  # units could still act: asked, then E again ends the turn
        player.key("e")
        left = state_where(state, lambda s: s["active_team"] == "2", "Duel's first turn ended")
    finally:
        stop(second)
    ended(second)
    infos, problems = list_saves(data / "saves")
    assert sorted(info.map_name for info in infos) == ["Duel", "small"] and not problems
    assert load_save(infos[0].path).game.turn == left["turn"] == 2  # the newest first
    state.unlink()
    third = client(xvfb, data, state)  # the menu: Continue takes the last played, Duel
    try:
        window = client_window(xvfb, third)
        ox, oy = window_origin(xvfb, window)
        button = menu_rect("continue")
        edge = (button.x + 4 + ox, button.centery + oy)
        wait_until(lambda: screen_pixel(xvfb, edge, tmp_path) in (BUTTON, BUTTON_HOVER),
                   "Continue to be offered", TIMEOUT_S)  # the saves are read off the loop
        click_screen(xvfb, (button.centerx + ox, button.centery + oy))
        player = Player(xvfb, window)
        player.key("e")  # Duel's second turn, ended in the resumed game
        player.key("e")
        resumed = state_where(state, lambda s: s["turn"] == 3, "the resumed Duel's turn")
    finally:
        stop(third)
    ended(third)
    assert resumed["active_team"] == "1" and resumed["scores"] == left["scores"]
    assert resumed["log"][:len(left["log"])] == left["log"]  # the left game's, then this turn

def test_closing_a_game_that_is_not_saved_asks_first_and_never_says_saved(xvfb, tmp_path):
    if shutil.which("import") is None:
        pytest.skip("needs ImageMagick's import to see the question")
    data, state = tmp_path / "data", tmp_path / "state.json"
    data.write_text("a file where the data folder goes", encoding="utf-8")
    game = client(xvfb, data, state, "--map", str(small_map(tmp_path)))
    try:
        player = move_the_plain(xvfb, game, state)
        ox, oy = window_origin(xvfb, player.window)
        question_edge = (ox + WINDOW[0] // 2, oy + WINDOW[1] // 2 - 165)  # its box's top border
        close(xvfb, game)
        wait_until(lambda: screen_pixel(xvfb, question_edge, tmp_path) == BAD,
                   "the question before closing", TIMEOUT_S)
        assert game.poll() is None  # asked, not closed
        player.key("Escape")  # back to the game, which goes on
        wait_until(lambda: screen_pixel(xvfb, question_edge, tmp_path) != BAD,
                   "the game drawn again", TIMEOUT_S)
        player.key("e")
        player.key("e")
        player.key("s")
        state_where(state, lambda s: s["active_team"] == "2", "the turn ended after going back")
        close(xvfb, game)
        wait_until(lambda: screen_pixel(xvfb, question_edge, tmp_path) == BAD,
                   "the question again", TIMEOUT_S)
        close(xvfb, game)  # closing again while it asks: the player insists
        out, err = ended(game)
    finally:
        stop(game)
    assert "Saved" not in out and "Not saved: Not a directory" in err
