"""The real client in a real X window (Xvfb), played with xdotool: select, move, fire, end turn."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from laser_flag.board.draw import tile_rect
from laser_flag.bots.levels import BUDGET_VARIABLE
from laser_flag.ui.game.layout import game_layout
from laser_flag.ui.game.panel import score_boxes
from laser_flag.ui.settings import load_settings
from laser_flag.ui.widgets import ACCENT
from tests.waits import POLL_S, wait_until
from tests.xserver import close_window

from .conftest import SMALL_MAP

pytestmark = pytest.mark.slow  # a real X server and a client process per test

WINDOW = (1280, 860)
FAST = 2  # Settings.speed_index of "Fast"
TIMEOUT_S = 30  # a busy machine is slow to start a client and draw


def xdotool(display: str, *args: str) -> str:
    env = dict(os.environ, DISPLAY=display)
    done = subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True, timeout=20)
    return done.stdout.strip()


def find_window(display: str, pid: int) -> str | None:
    """The shown window of the client with process id `pid` (SDL sets _NET_WM_PID), titled as
    the game's: the X server is shared with other tests, whose windows may still be closing."""
    found = xdotool(display, "search", "--onlyvisible", "--pid", str(pid)).split()
    titled = [w for w in found if xdotool(display, "getwindowname", w).startswith("Laser Flag")]
    return titled[0] if titled else None


def client_window(display: str, client: subprocess.Popen, timeout: float = TIMEOUT_S) -> str:
    """`client`'s window once it is shown. If the client ends first, its stderr says why; if it
    is still without a window after `timeout`, SIGABRT makes faulthandler (on in `client_env`)
    print where each of its threads stood; the X server's windows are listed beside it."""
    deadline = time.monotonic() + timeout
    while (window := find_window(display, client.pid)) is None:
        if client.poll() is not None or time.monotonic() > deadline:
            waited = client.poll() is None
            if waited:
                client.send_signal(signal.SIGABRT)
            _, err = client.communicate(timeout=TIMEOUT_S)
            words = err.decode(errors="replace") if isinstance(err, bytes) else err
            what = f"no window after {timeout:g} s" if waited else "it ended without a window"
            windows = xdotool(display, "search", "--classname", ".").split() or "none"
            raise AssertionError(f"the client: {what} (status {client.returncode}):\n{words}\n"
                                 f"the X server's windows, shown or not: {windows}")
        time.sleep(POLL_S)
    return window


def client_env(display: str, data: Path | None = None) -> dict[str, str]:
    """The environment of a client in a real window on `display`, its data folder `data`."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=display, PYTHONFAULTHANDLER="1")
    if data is not None:
        env["LASER_FLAG_DATA_DIR"] = str(data)
    return env


def read_state(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


class Player:
    """Clicks tiles and presses keys in the client's window.

    X hands the client its input in order, and the client handles it in order, so no input
    needs a pause before the next; a test waits for the state file where an action shows.
    """

    def __init__(self, display: str, window: str) -> None:
        self.display, self.window = display, window
        self.layout = game_layout(WINDOW, 7, 7)

    def click_tile(self, pos: tuple[int, int]) -> None:
        x, y = tile_rect(self.layout.origin, self.layout.tile_px, pos).center
        xdotool(self.display, "mousemove", "--window", self.window, str(x), str(y), "click", "1")

    def key(self, name: str) -> None:
        xdotool(self.display, "key", "--window", self.window, name)


def screen_pixel(display: str, xy: tuple[int, int], tmp: Path) -> tuple[int, ...]:
    """One pixel of the X screen, grabbed with ImageMagick's import."""
    shot = tmp / "screen.png"
    env = dict(os.environ, DISPLAY=display)
    subprocess.run(["import", "-window", "root", str(shot)], env=env, check=True, timeout=30)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    return tuple(pygame.image.load(str(shot)).get_at(xy))[:3]


def start_client(display: str, *options: str, data: Path | None = None) -> subprocess.Popen:
    """`python -m laser_flag OPTIONS` in a real window on `display` (its data folder `data`)."""
    return subprocess.Popen([sys.executable, "-m", "laser_flag", *options],
                            env=client_env(display, data), stderr=subprocess.PIPE)


@contextmanager
def closed_at_the_end(display: str, client: subprocess.Popen) -> Iterator[str]:
    """`client`'s window; after the block, closed as a window manager's close button does,
    and the client must end with status 0 (ended anyway, if the block failed first)."""
    try:
        window = client_window(display, client)
        yield window
        close_window(display, window)
        assert client.wait(TIMEOUT_S) == 0, client.stderr.read().decode()
    finally:
        if client.poll() is None:
            client.terminate()
            client.wait(10)


def launch(display: str, tmp_path: Path, *options: str) -> tuple[subprocess.Popen, Path]:
    """Start `python -m laser_flag --map small.json --seed 1 --state-file ...` on `display`;
    `options` come last, so a `--map` among them wins."""
    map_file, state_file = tmp_path / "small.json", tmp_path / "state.json"
    map_file.write_text(json.dumps(SMALL_MAP), encoding="utf-8")
    client = start_client(display, "--map", str(map_file), "--seed", "1", "--state-file",
                          str(state_file), "--size", "x".join(map(str, WINDOW)), *options)
    return client, state_file


def active_edge(display: str, window: str) -> tuple[int, int]:
    """A point on the top border of Bob's score box, in screen coordinates."""
    geometry = xdotool(display, "getwindowgeometry", window)
    ox, oy = (int(v) for v in re.search(r"Position: (\d+),(\d+)", geometry).groups())
    box = score_boxes(game_layout(WINDOW, 7, 7))["2"]
    return box.centerx + ox, box.top + 1 + oy


def state_where(state_file: Path, holds: Callable[[dict], bool], what: str,
                timeout: float = TIMEOUT_S) -> dict:
    """The state file's contents, once they show `what`."""
    return wait_until(lambda: (s := read_state(state_file)) and holds(s) and s, what, timeout)


def test_play_a_turn_in_the_real_window(xvfb, tmp_path):
    grab = shutil.which("import") is not None
    client, state_file = launch(xvfb, tmp_path)
    try:
        window = client_window(xvfb, client)
        state_where(state_file, lambda s: True, "the first state file")
        play = Player(xvfb, window)
        play.click_tile((5, 1))  # Alice's Plain
        play.click_tile((3, 1))  # move it two tiles north
        play.key("s")  # skip any snap shots' dice
        state_where(state_file, lambda s: s["units"][0]["pos"] == [3, 1], "the Plain's move")
        play.click_tile((6, 2))  # Alice's Sniper
        play.click_tile((1, 5))  # target Bob's Scout
        play.key("f")
        play.key("s")
        state_where(state_file, lambda s: s["stats"]["1"]["shots"] == 1, "the Sniper's shot")
        edge = active_edge(xvfb, window)
        before = screen_pixel(xvfb, edge, tmp_path) if grab else None
        play.key("e")  # units could still act: the game asks, and E again ends the turn
        play.key("e")
        play.key("s")
        state = state_where(state_file, lambda s: s["active_team"] == "2", "the end of the turn")
        if grab:  # on screen, Bob's score box takes the gold border of the team to play
            wait_until(lambda: screen_pixel(xvfb, edge, tmp_path) == ACCENT,
                       "Bob's score box to turn gold", TIMEOUT_S)
        assert client.poll() is None, client.stderr.read().decode()
    finally:
        client.terminate()
        client.wait(10)
    units = {u["id"]: u for u in state["units"]}
    assert tuple(units[0]["pos"]) == (3, 1)
    assert state["stats"]["1"]["shots"] == 1
    assert any("Alice's Sniper from (6, 2) fires at Bob's Scout" in line for line in state["log"])
    assert state["turn"] == 2
    if not grab:
        pytest.skip("the turn was played and checked; the screen check needs ImageMagick's import")
    assert before != ACCENT  # the gold border moved to Bob's box: it was not there before


def test_a_bot_plays_its_turn_in_the_real_window(xvfb, tmp_path):
    duel = Path(__file__).resolve().parents[2] / "maps" / "duel.json"
    options = ("--map", str(duel), "--team1", "human", "--team2", "easy")
    settings = load_settings()  # the bot's walks and beams shown, two and a half times as fast
    settings.speed_index = FAST
    settings.save()
    client, state_file = launch(xvfb, tmp_path, *options)
    try:
        window = client_window(xvfb, client)
        state_where(state_file, lambda s: True, "the first state file")
        player = Player(xvfb, window)
        player.key("e")  # the human ends the first turn at once: asked, then E again
        player.key("e")
        state = state_where(state_file, lambda s: s["turn"] == 3,
                            "the bot's turn to be played and handed back", timeout=90)
        assert client.poll() is None, client.stderr.read().decode()
    finally:
        client.terminate()
        client.wait(10)
    assert state["active_team"] == "1" and state["levels"] == {"1": "Human", "2": "Easy"}
    assert any(line.startswith("Blue's") for line in state["log"])  # the bot's actions


def test_the_hard_bot_thinks_in_the_real_window_and_s_makes_it_answer_now(xvfb, tmp_path,
                                                                          monkeypatch):
    # Hard moves first, with a budget it would take hours to spend: only S ends its turn
    monkeypatch.setenv(BUDGET_VARIABLE, "steps:999999999")
    options = ("--team1", "hard", "--team2", "human")
    client, state_file = launch(xvfb, tmp_path, *options)
    try:
        window = client_window(xvfb, client)
        state_where(state_file, lambda s: True, "the first state file")
        Player(xvfb, window).key("s")  # answer now, and finish the turn without animation
        state = state_where(state_file, lambda s: s["active_team"] == "2",
                            "the bot's turn to end and hand over", timeout=90)
        assert client.poll() is None, client.stderr.read().decode()
    finally:
        client.terminate()
        client.wait(10)
    assert state["levels"] == {"1": "Hard", "2": "Human"} and state["turn"] == 2
