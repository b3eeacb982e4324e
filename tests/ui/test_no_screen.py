"""With no screen to show a window on, the client says so in one line and ends (status 2),
instead of running in a window no one can see: SDL falls back to drawing offscreen by itself."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from laser_flag import saves
from laser_flag.engine import Game
from laser_flag.engine.mapfile import load_map
from tests.waits import wait_until

DUEL = Path(__file__).resolve().parents[2] / "maps" / "duel.json"
NO_SERVER = ":9917"  # a display number no X server in the tests takes


def without_screen(*args: str, driver: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env["DISPLAY"] = NO_SERVER
    if driver is not None:
        env["SDL_VIDEODRIVER"] = driver
    return subprocess.run([sys.executable, "-m", "laser_flag", *args], env=env,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("args", [(), ("--map", str(DUEL), "--seed", "1")])
def test_the_client_without_a_screen_says_so_and_ends(args, tmp_path):
    done = without_screen(*args, "--state-file", str(tmp_path / "state.json"))
    assert done.returncode == 2
    assert (f"laser-flag: error: no screen to open the window on (DISPLAY='{NO_SERVER}')"
            in done.stderr.splitlines()[-1])
    assert not (tmp_path / "state.json").exists()  # no game was started behind it


def test_a_replay_without_a_screen_says_so_and_leaves_the_save_alone(tmp_path):
    game = Game(load_map(DUEL), seed=1)
    path = saves.write_save(tmp_path / "watched.json", game, {})
    before = path.read_bytes()
    done = without_screen("replay", str(path))
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].startswith("laser-flag replay: error: no screen")
    assert path.read_bytes() == before


def test_a_windowless_driver_asked_for_by_name_is_taken(tmp_path):
    """SDL_VIDEODRIVER=dummy is the headless tests' own choice: the client runs on it."""
    state = tmp_path / "state.json"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(SDL_VIDEODRIVER="dummy", LASER_FLAG_DATA_DIR=str(tmp_path / "data"))
    client = subprocess.Popen([sys.executable, "-m", "laser_flag", "--map", str(DUEL),
                               "--state-file", str(state)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_until(lambda: state.exists() or client.poll() is not None, "the game to start", 60)
        assert client.poll() is None, client.stderr.read()
    finally:
        client.terminate()  # SDL turns SIGTERM into its quit event
    assert client.wait(30) == 0


@pytest.mark.parametrize(("args", "prog"), [
    (("host", "--map", "duel", "--port", "0"), "laser-flag host"),
    (("join", "127.0.0.1:9", "--code", "ABCDEF"), "laser-flag join"),
])
def test_a_network_game_without_a_screen_says_so_before_the_network(args, prog):
    done = without_screen(*args)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].startswith(f"{prog}: error: no screen")
    assert "Hosting" not in done.stdout  # no port was opened for a friend to wait on
