"""SIGTERM (a desktop session logging out) and SIGINT (Ctrl-C in the terminal) end the client at
its next frame and ask nothing: the game is saved where it can be, and one line says where.
The client runs as its own process, two bots playing Duel in a window of SDL's dummy driver."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from laser_flag import saves

from ..ctrl_c import as_in_a_terminal
from ..full_disk import no_room
from ..waits import wait_until

EXIT_S = 30  # a hang is what fails; the time taken is not measured here


def blocked(tmp_path: Path, name: str) -> Path:
    """A path no file can be written under: its folder is a regular file."""
    blocker = tmp_path / f"{name}_is_a_file"
    blocker.write_text("not a folder", encoding="utf-8")
    return blocker / name


def client(tmp_path: Path, data: Path, temp: Path, preexec_fn: Callable[[], None] = lambda: None,
           ) -> tuple[subprocess.Popen, Path]:
    """The client with bots on both sides, playing from the start; its state file."""
    state = tmp_path / "state.json"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "LASER_FLAG_DATA_DIR": str(data), "TMPDIR": str(temp)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "laser_flag", "--map", "duel", "--team1", "easy", "--team2",
         "easy", "--seed", "5", "--state-file", str(state)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
        preexec_fn=lambda: (as_in_a_terminal(), preexec_fn()))
    return proc, state


def played(state: Path) -> bool:
    """At least one action is in the state file."""
    try:
        return bool(json.loads(state.read_text(encoding="utf-8"))["log"])
    except (OSError, ValueError):
        return False


def end_with(proc: subprocess.Popen, signum: int) -> tuple[str, str]:
    proc.send_signal(signum)
    try:
        out, err = proc.communicate(timeout=EXIT_S)
    finally:
        proc.kill()  # a client that hung must not outlive its test
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    return out, err


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_ends_a_game_that_saves_saying_continue_resumes_it(tmp_path, signum):
    proc, state = client(tmp_path, tmp_path / "data", tmp_path)
    wait_until(lambda: played(state), "the bots' first action", timeout=60)
    out, err = end_with(proc, signum)
    assert out == "Saved: Continue (in the menu of laser-flag) resumes this turn.\n"
    [save] = (tmp_path / "data" / "saves").glob("*.json")
    final = json.loads(state.read_text(encoding="utf-8"))
    assert saves.load_save(save).game.state().to_json()["turn"] == final["turn"]


def test_with_no_saves_folder_a_signal_saves_the_game_to_the_temporary_folder(tmp_path):
    temp = tmp_path / "temp"
    temp.mkdir()
    proc, state = client(tmp_path, blocked(tmp_path, "data"), temp)
    wait_until(lambda: played(state), "the bots' first action", timeout=60)
    out, err = end_with(proc, signal.SIGTERM)
    [save] = temp.glob("*.json")
    assert out == ""
    assert err.startswith("Not saved where it belongs: Not a directory")
    assert err.endswith(f". The game is saved as {save}.\n") and err.count("\n") == 1
    final = json.loads(state.read_text(encoding="utf-8"))
    assert saves.load_save(save).game.state().to_json()["turn"] == final["turn"]


def test_when_nothing_can_be_saved_a_signal_ends_it_saying_so_in_a_line(tmp_path):
    """Every file write fails, as on a full disk: the state file cannot show the first action,
    but the saves folder is made for its save (a folder takes no room)."""
    data = tmp_path / "data"
    proc, _ = client(tmp_path, data, tmp_path, preexec_fn=no_room)
    wait_until((data / "saves").is_dir, "the first action's save", timeout=60)
    out, err = end_with(proc, signal.SIGTERM)
    assert out == ""
    state_line, said = err.splitlines()
    assert state_line.startswith("laser-flag: the state file ")
    assert said.startswith("Not saved: File too large")
    assert "; nor in " in said
