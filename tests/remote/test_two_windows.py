"""Host and guest, each a real client in a real X window on one Xvfb, played with xdotool: the
host ends its turn in its window, the guest chats and ends its turn in the other, and the host's
game (its state file) shows both; after a rematch both windows draw each name's units in its
colours (read from each window's pixels)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from laser_flag.ui.game.layout import game_layout
from tests.pixels import disc_point
from tests.waits import PipeReader, wait_until

from ..ui.test_real_window import find_window, state_where, xdotool
from ..ui.test_rematch_colours import ALICE_LOOK, BOB_LOOK
from .net import state as read_state
from .test_network_victory import TINY

pytestmark = [pytest.mark.slow, pytest.mark.net]


def window_client(display: str, data: Path, *args: str) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=display, LASER_FLAG_DATA_DIR=str(data), SDL_AUDIODRIVER="dummy")
    return subprocess.Popen([sys.executable, "-m", "laser_flag", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def new_window(display: str, client: subprocess.Popen) -> str:
    """`client`'s window, once shown."""
    return wait_until(lambda: find_window(display, client.pid), "a client's window",
                      timeout=90)  # two clients start on a busy box


def keys(display: str, window: str, *names: str) -> None:
    for name in names:
        xdotool(display, "key", "--window", window, name)


def end_turn(display: str, window: str, state: Path, turn: int) -> dict:
    """E, and E again to say yes, in `window` until the state file shows `turn`: keys may come
    before that window can take them, and are then lost or refused. The state then."""
    for _ in range(30):
        keys(display, window, "e", "e")
        try:
            return state_where(state, lambda s: s["turn"] == turn, f"turn {turn}", timeout=3)
        except AssertionError:
            continue
    raise AssertionError(f"turn {turn} never came")


@contextmanager
def two_windows(display: str, tmp_path: Path, size: str, *host_args: str
                ) -> Iterator[tuple[str, str, Path]]:
    """A host (`laser-flag host --port 0 HOST_ARGS`) and a guest "Bo" in real windows of
    `size`: their windows and the host's state file; neither may end in a traceback."""
    state = tmp_path / "host.json"
    host = window_client(display, tmp_path / "host-data", "host", "--port", "0", "--state-file",
                         str(state), "--size", size, *host_args)
    guest = None
    try:
        out = PipeReader(host.stdout)
        found = wait_until(lambda: re.search(r"on (\S+), join code ([A-Z]{6})", out.text()),
                           "the host's address and code", timeout=90)
        host_window = new_window(display, host)
        guest = window_client(display, tmp_path / "guest-data", "join", found.group(1),
                              "--code", found.group(2), "--name", "Bo", "--size", size)
        yield host_window, new_window(display, guest), state
    finally:
        for process in (guest, host):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(timeout=10)
    for process in (guest, host):
        assert b"Traceback" not in process.stderr.read()


def test_host_and_guest_play_in_two_real_windows(xvfb, tmp_path):
    with two_windows(xvfb, tmp_path, "900x640", "--map", "duel", "--seed", "2") as (
            host_window, guest_window, state):
        end_turn(xvfb, host_window, state, 2)  # keys sent before the board is up are lost
        keys(xvfb, guest_window, "t", "h", "i", "Return")  # a chat line to the host
        final = end_turn(xvfb, guest_window, state, 3)  # pressed before its turn: refused
    assert "Bo: hi" in final["log"]
    assert "Bo joined: Blue is theirs." in final["log"]


SIDE = (800, 560)  # the smallest window: two fit on the test's screen, overlapping a little


def window_pixels(display: str, window: str, path: Path) -> pygame.Surface:
    """What `window` shows, raised over the other one, grabbed with ImageMagick's import."""
    xdotool(display, "windowraise", window)
    subprocess.run(["import", "-window", window, str(path)], env={**os.environ, "DISPLAY": display},
                   check=True, timeout=30)
    return pygame.image.load(str(path))


def disc_at(picture: pygame.Surface, pos: tuple[int, int]) -> tuple[int, int, int]:
    """The colour of the disc on floor tile `pos` of a game screen of SIDE on the tiny map."""
    return tuple(picture.get_at(disc_point(game_layout(SIDE, 7, 7), pos, False)))[:3]


def drawn_as(display: str, window: str, tmp_path: Path) -> dict | None:
    """The colours of the discs of team 1's Plain and team 2's Scout (where both start) in
    `window`, once both show a team's colour (nothing playing over them)."""
    picture = window_pixels(display, window, tmp_path / f"{window}.png")
    seen = {pos: disc_at(picture, pos) for pos in ((5, 1), (1, 5))}
    return seen if all(colour in (ALICE_LOOK, BOB_LOOK) for colour in seen.values()) else None


def test_after_a_rematch_both_real_windows_draw_each_name_in_its_colours(xvfb, tmp_path):
    """Alice (the host's bot, team 1) wins the first game with its first shot; N in both
    windows; Bob (the guest Bo) then plays team 1 in Bob's colours on both screens."""
    if shutil.which("import") is None:
        pytest.skip("reading a window's pixels needs ImageMagick's import")
    for who in ("host", "guest"):
        (tmp_path / f"{who}-data" / "maps").mkdir(parents=True)
        (tmp_path / f"{who}-data" / "maps" / "tiny.json").write_text(json.dumps(TINY))
    size = "x".join(map(str, SIDE))
    with two_windows(xvfb, tmp_path, size, "--map", "tiny", "--team1", "Easy", "--seed",
                     "5") as (host_window, guest_window, state):
        windows = {"host": host_window, "guest": guest_window}
        xdotool(xvfb, "windowmove", host_window, "0", "0")
        xdotool(xvfb, "windowmove", guest_window, "600", "440")
        wait_until(lambda: (s := read_state(state)) and s["winner"] == "1", "Alice's win",
                   timeout=90)
        for _ in range(30):  # N in both, then E E in the guest's: keys before a screen are lost
            keys(xvfb, host_window, "n")
            keys(xvfb, guest_window, "n", "e", "e")
            try:  # Bob's first turn in the rematch ended; Alice's bot's has come and gone
                state_where(state, lambda s: s["names"]["1"] == "Bob" and s["turn"] >= 3,
                            "Bob's turn again in the rematch", timeout=5)
                break
            except AssertionError:
                continue
        else:
            raise AssertionError("the rematch never came to Bob's second turn")
        for name, window in windows.items():
            seen = wait_until(lambda window=window: drawn_as(xvfb, window, tmp_path), f"the "
                              f"{name}'s window drawn", timeout=30)
            assert seen == {(5, 1): BOB_LOOK, (1, 5): ALICE_LOOK}, name  # Bob's side is team 1
