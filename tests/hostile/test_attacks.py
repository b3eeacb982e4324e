"""What an attacker tries beyond the issue's list: paths that are not files, files that cannot be
read, outputs that cannot be written, names as large as a file allows, the longest legal save.
Each ends in one line (exit 2) or is handled, and the file is left as it was."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from laser_flag import saves
from laser_flag.app import main, parse_args
from laser_flag.engine import EndTurn, Game, load_map, parse_map
from laser_flag.engine.mapfile import MAX_BYTES, MapError, write_json_atomic
from laser_flag.lab import executors as lab_executors
from laser_flag.replay_index import KEYFRAME_EVERY
from laser_flag.save_schema import MAX_ACTIONS
from laser_flag.tools import balance
from laser_flag.tools.cli import UsageError

from .test_corpus import finishes

MAPS = Path(__file__).resolve().parents[2] / "maps"
DUEL = MAPS / "duel.json"
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and len(err) < 500, err
    return err


def test_a_team_name_of_a_megabyte_is_refused_not_drawn(tmp_path):
    data = json.loads(DUEL.read_text(encoding="utf-8"))
    data["team_names"] = {"1": "R" * 1_000_000}
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert path.stat().st_size <= MAX_BYTES  # under the size cap: the name itself is refused
    with pytest.raises(MapError, match=r'team_names\["1"\]: 1,000,000 characters, at most 40'):
        load_map(path)


def test_a_symlink_loop_is_refused_as_a_map_and_as_a_save(tmp_path, capsys):
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop.name)
    with pytest.raises(MapError, match="cannot be read"):
        load_map(loop)
    assert main(["replay", str(loop), "--verify"]) == 2
    assert "cannot be read" in one_line(capsys)
    assert main(["--map", str(loop)]) == 2
    one_line(capsys)
    assert loop.is_symlink()


def test_a_file_that_cannot_be_opened_is_refused_in_one_line(tmp_path, monkeypatch):
    path = tmp_path / "locked.json"
    path.write_bytes(DUEL.read_bytes())
    path.chmod(0)
    if os.geteuid() == 0:  # root reads it anyway: then the kernel's refusal is simulated
        monkeypatch.setattr(os, "open", _denied(os.open, path))
    with pytest.raises(MapError, match="cannot be read: Permission denied"):
        load_map(path)
    with pytest.raises(saves.SaveError, match="cannot be read: Permission denied"):
        saves.load_save(path)
    assert path.stat().st_mode & 0o777 == 0


def _denied(real_open, locked: Path):
    """os.open, but a refusal for `locked` as the kernel gives it to anyone but root."""
    def fake(path, *args):
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_open(path, *args)
    return fake


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/null"])
def test_a_device_as_the_map_or_the_save_is_refused_at_once(path, capsys):
    if not os.path.exists(path):
        pytest.skip(f"no {path} here")
    assert main(["--map", path]) == 2
    assert "not a regular file" in one_line(capsys)
    assert main(["replay", path, "--verify"]) == 2
    assert "not a regular file" in one_line(capsys)


@needs_fifo
def test_a_device_or_fifo_as_the_state_file_is_refused_before_the_window(tmp_path):
    fifo = tmp_path / "state.json"
    os.mkfifo(fifo)
    targets = [fifo] + [Path("/dev/full")] * os.path.exists("/dev/full")
    for target in targets:  # parse only: were it accepted, the client would open its window
        with pytest.raises(UsageError, match="not a regular file"):
            parse_args(["--map", "duel", "--state-file", str(target)])
    assert fifo.is_fifo()


@needs_fifo
def test_writing_a_file_never_replaces_a_fifo_or_a_folder(tmp_path):
    fifo, folder = tmp_path / "pipe.json", tmp_path / "folder.json"
    os.mkfifo(fifo)
    folder.mkdir()
    for target in (fifo, folder):
        err = finishes(lambda t=target: write_json_atomic(t, {"a": 1}))
        assert isinstance(err, OSError) and "not a regular file" in str(err)
    assert fifo.is_fifo() and folder.is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.json", "pipe.json"]


@needs_fifo
def test_the_lab_refuses_to_plot_onto_a_fifo_before_any_game(tmp_path, capsys, monkeypatch):
    fifo = tmp_path / "chart.png"
    os.mkfifo(fifo)
    monkeypatch.setattr(lab_executors, "play", lambda *_: pytest.fail("a game was played"))
    assert balance.main([str(DUEL), "--plot", str(fifo)]) == 2
    assert "not a regular file" in one_line(capsys)
    assert fifo.is_fifo()


def _client(*argv: str, stdout: object) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "laser_flag", *argv], stdout=stdout,
                          stderr=subprocess.PIPE, text=True, env=env, timeout=120, check=False)


CLIENT_REPORTS = [["--list-maps"], ["replay", str(Path(__file__).resolve().parents[1] / "data"
                                                  / "hostile" / "saves" / "bom.json"), "--verify"]]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("argv", CLIENT_REPORTS, ids=["list-maps", "verify"])
def test_the_clients_reports_on_a_full_disk_are_one_line_and_exit_2(argv):
    with open("/dev/full", "w") as full:
        done = _client(*argv, stdout=full)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].endswith(
        "error: cannot write the output: No space left on device")
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("argv", CLIENT_REPORTS, ids=["list-maps", "verify"])
def test_the_clients_reports_end_quietly_when_the_reader_has_gone(argv):
    read_end, write_end = os.pipe()
    os.close(read_end)  # like `| head -1` that has already exited
    try:
        done = _client(*argv, stdout=write_end)
    finally:
        os.close(write_end)
    assert (done.returncode, "Traceback" in done.stderr) == (0, False), done.stderr


@pytest.mark.slow
def test_the_longest_save_of_end_turns_opens_in_linear_time_and_memory(tmp_path):
    # Duel without its round limit: a game that never ends, however many turns are ended
    unending = parse_map({**json.loads(DUEL.read_text(encoding="utf-8")), "turn_limit": None})
    game = Game(unending, seed=1)
    for _ in range(MAX_ACTIONS):
        game.apply(EndTurn())
    path = saves.write_save(tmp_path / "long.json", game, {})
    before = path.read_bytes()
    start = time.perf_counter()
    loaded = saves.load_save(path)
    seconds = time.perf_counter() - start
    assert loaded.game.turn == MAX_ACTIONS + 1
    assert len(loaded.replay.keyframes) == MAX_ACTIONS // KEYFRAME_EVERY + 1
    assert loaded.game.history.shares_storage_with(loaded.replay.keyframes[-1].history)
    assert seconds < 60 and path.read_bytes() == before
    one_more = tmp_path / "too_long.json"
    data = json.loads(before)
    data["actions"].append(["end_turn"])
    one_more.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(saves.SaveError, match="at most 200,000 actions"):
        saves.load_save(one_more)
