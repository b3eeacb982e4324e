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
        ended = None
        for _ in range(30):  # End the turn? E again: yes (pressed before the board is up: lost)
            keys(xvfb, host_window, "e", "e")
            try:
                ended = state_where(state, lambda s: s["turn"] == 2, "the host's turn ended",
                                    timeout=3)
                break
            except AssertionError:
                continue
        assert ended is not None, "the host's turn never ended"
        keys(xvfb, guest_window, "t", "h", "i", "Return")  # a chat line to the host
        final = None
        for _ in range(30):  # E E once the guest's window has its turn (pressed early: refused)
            keys(xvfb, guest_window, "e", "e")
            try:
                final = state_where(state, lambda s: s["turn"] == 3, "the guest's turn ended",
                                    timeout=3)
                break
            except AssertionError:
                continue
        assert final is not None, "the guest's turn never ended"
        assert "Bo: hi" in final["log"]
        assert "Bo joined: Blue is theirs." in final["log"]
    finally:
        for process in (guest, host):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(timeout=10)
    for process in (guest, host):
        assert b"Traceback" not in process.stderr.read()
