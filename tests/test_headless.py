"""`laser-flag --headless`: bots play a map's game to its end with no window; the result is
printed, and the saved game replays exactly."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys

import pytest

from laser_flag.app import main, verify_save

from .ctrl_c import as_in_a_terminal
from .full_disk import no_room
from .waits import wait_until


def play(capsys, *argv: str) -> str:
    assert main(["--map", "duel", "--team1", "easy", "--team2", "EASY", "--headless",
                 *argv]) == 0
    return capsys.readouterr().out


def test_a_bot_game_on_duel_is_played_to_its_end_and_saved(tmp_path, capsys):
    save, state = tmp_path / "game.json", tmp_path / "state.json"
    out = play(capsys, "--seed", "3", "--save", str(save), "--state-file", str(state))
    score, result, saved = out.splitlines()
    assert score.startswith("Duel: Red (Easy) ") and " - Blue (Easy) " in score
    assert (result.endswith(("wins by reaching the score limit.", "wins by the round limit."))
            or result.startswith("Draw"))
    assert saved == f"Saved: {save} (watch it with laser-flag replay)"
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["over"] and data["teams"]["levels"] == {"1": "Easy", "2": "Easy"}
    last = json.loads(state.read_text(encoding="utf-8"))  # written after every action
    assert last["winner"] == data["winner"] and last["scores"] == data["scores"]
    assert verify_save(save) == 0  # the save reproduces the game it reports


def test_the_same_seed_plays_the_same_game(capsys):
    assert play(capsys, "--seed", "8") == play(capsys, "--seed", "8")


@pytest.mark.parametrize(("argv", "said"), [
    (["--headless", "--team1", "easy", "--team2", "easy"], "--headless needs --map"),
    (["--headless", "--map", "duel", "--team1", "hard"], "give --team2 a level"),
    (["--map", "duel", "--save", "x.json"], "--save goes with --headless"),
])
def test_a_headless_game_that_cannot_be_played_is_one_line(argv, said, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and "Traceback" not in err


def run_with_no_room(tmp_path, *argv: str) -> subprocess.CompletedProcess[str]:
    """`laser-flag --headless` on Duel as its own process, every file write failing."""
    return subprocess.run(
        [sys.executable, "-m", "laser_flag", "--map", "duel", "--team1", "easy", "--team2",
         "easy", "--headless", "--seed", "3", *argv],
        capture_output=True, text=True, timeout=120, preexec_fn=no_room, cwd=tmp_path)


def test_a_save_the_disk_cannot_take_still_reports_the_game_then_says_why(tmp_path, capsys):
    folder = tmp_path / "out"
    folder.mkdir()
    done = run_with_no_room(tmp_path, "--save", str(folder / "game.json"))
    assert done.returncode == 1
    assert done.stdout == play(capsys, "--seed", "3")  # the whole report, as with room
    assert done.stderr == (f"laser-flag: the game was not saved to {folder / 'game.json'}: "
                           "File too large\n")
    assert list(folder.iterdir()) == []  # no temporary file left behind


def test_a_state_file_the_disk_cannot_take_is_said_once_and_the_game_goes_on(tmp_path, capsys):
    folder = tmp_path / "out"
    folder.mkdir()
    done = run_with_no_room(tmp_path, "--state-file", str(folder / "state.json"))
    assert done.returncode == 0
    assert done.stdout == play(capsys, "--seed", "3")
    assert done.stderr == (f"laser-flag: the state file {folder / 'state.json'} cannot be "
                           "written (File too large); the game goes on without it\n")
    assert list(folder.iterdir()) == []


def test_ctrl_c_stops_a_headless_game_in_one_line(tmp_path):
    """Hard against Hard on Gridlock at 2,000 search steps a decision: the game is playing on
    long after its first action is in the state file, when Ctrl-C comes."""
    state = tmp_path / "state.json"
    game = subprocess.Popen(
        [sys.executable, "-m", "laser_flag", "--map", "gridlock", "--team1", "hard",
         "--team2", "hard", "--headless", "--state-file", str(state), "--save",
         str(tmp_path / "game.json")],
        env={**os.environ, "LASER_FLAG_BUDGET": "steps:2000"}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, preexec_fn=as_in_a_terminal)
    try:
        wait_until(state.exists, "the first action", timeout=120)
        game.send_signal(signal.SIGINT)
        out, err = game.communicate(timeout=30)
    finally:
        game.kill()
    assert game.returncode == 130 and out == ""
    assert re.fullmatch(r"laser-flag: stopped by Ctrl-C after \d+ actions; the game was not "
                        r"saved\n", err)
    assert not (tmp_path / "game.json").exists()
