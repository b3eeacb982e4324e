"""Host and guest, each a real client in a real X window on one Xvfb, played with xdotool: the
host ends its turn in its window, the guest chats and ends its turn in the other, and the host's
game (its state file) shows both."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.waits import PipeReader, wait_until

from ..ui.test_real_window import find_window, state_where, xdotool

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


def test_host_and_guest_play_in_two_real_windows(xvfb, tmp_path):
    state = tmp_path / "host.json"
    host = window_client(xvfb, tmp_path / "host-data", "host", "--map", "duel", "--port", "0",
                         "--seed", "2", "--state-file", str(state), "--size", "900x640")
    guest = None
    try:
        out = PipeReader(host.stdout)
        found = wait_until(lambda: re.search(r"on (\S+), join code ([A-Z]{6})", out.text()),
                           "the host's address and code", timeout=90)
        host_window = new_window(xvfb, host)
        guest = window_client(xvfb, tmp_path / "guest-data", "join", found.group(1), "--code",
                              found.group(2), "--name", "Bo", "--size", "900x640")
        guest_window = new_window(xvfb, guest)
        end_turn(xvfb, host_window, state, 2)  # keys sent before the board is up are lost
        keys(xvfb, guest_window, "t", "h", "i", "Return")  # a chat line to the host
        final = end_turn(xvfb, guest_window, state, 3)  # pressed before its turn: refused
        assert "Bo: hi" in final["log"]
        assert "Bo joined: Blue is theirs." in final["log"]
    finally:
        for process in (guest, host):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(timeout=10)
    for process in (guest, host):
        assert b"Traceback" not in process.stderr.read()
