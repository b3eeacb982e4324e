"""`make bundle`, the one-folder application, as someone without Python meets it: copied to a
clean folder and run with no virtualenv, nothing of this checkout on any path and a fresh HOME.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import pytest

from laser_flag import __version__
from tests.waits import wait_until

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted(p.name for p in (ROOT / "maps").glob("*.json"))
pytestmark = pytest.mark.package  # PyInstaller builds the one-folder application


@pytest.fixture(scope="module")
def app(tmp_path_factory) -> Path:
    """The bundle built by `make bundle`, then copied alone to a folder of its own."""
    base = tmp_path_factory.mktemp("bundle")
    subprocess.run(["make", "--no-print-directory", "bundle", f"BUNDLE_DIST={base / 'dist'}",
                    f"BUNDLE_WORK={base / 'work'}"], cwd=ROOT, check=True, timeout=1200,
                   capture_output=True)
    return Path(shutil.copytree(base / "dist" / "laser-flag", base / "clean" / "laser-flag"))


@pytest.fixture
def home(tmp_path) -> Path:
    (tmp_path / "home").mkdir()
    return tmp_path / "home"


def run(app: Path, command: str, *args: str, home: Path, cwd: Path) -> subprocess.CompletedProcess:
    """One of the bundle's commands with a bare environment: no Python, virtualenv or data
    folder of this machine's is named in it."""
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    return subprocess.run([app / command, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def test_it_carries_the_maps_art_sounds_and_docs_beside_its_commands(app):
    for command in ("laser-flag", "laser-flag-editor", "laser-flag-balance", "laser-flag-rolls"):
        assert (app / command).is_file()
    assert sorted(p.name for p in (app / "maps").glob("*.json")) == BUNDLED
    assert (app / "maps" / "tutorial" / "lesson.json").is_file()
    for folder, pattern in (("images", "*.png"), ("sounds", "*.wav"), ("docs", "*.md")):
        assert sorted(p.name for p in (app / folder).glob(pattern)) == sorted(
            p.name for p in (ROOT / folder).glob(pattern))
    assert not list(app.rglob("make_*.py"))  # the art's and sounds' makers stay in the source
    assert (app / "README.md").is_file()


def test_version_list_maps_and_the_editors_help(app, home, tmp_path):
    version = run(app, "laser-flag", "--version", home=home, cwd=tmp_path)
    assert version.stdout.strip() == f"laser-flag {__version__}", version.stderr
    listed = run(app, "laser-flag", "--list-maps", home=home, cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert sorted(line.split()[1] for line in listed.stdout.splitlines()[1:]) == BUNDLED
    helped = run(app, "laser-flag-editor", "--help", home=home, cwd=tmp_path)
    assert helped.returncode == 0 and "usage: laser-flag-editor" in helped.stdout, helped.stderr
    assert str(ROOT) not in listed.stdout + listed.stderr
    plot = run(app, "laser-flag-rolls", "--plot", "chart.png", home=home, cwd=tmp_path)
    assert plot.returncode == 2 and "--plot is not in this download" in plot.stderr
    dask = run(app, "laser-flag-balance", "duel", "--executor", "dask", home=home, cwd=tmp_path)
    assert dask.returncode == 2 and "--scheduler) is not in this download" in dask.stderr


def test_a_headless_bot_game_on_duel_is_played_to_its_end(app, home, tmp_path):
    save = tmp_path / "game.json"
    played = run(app, "laser-flag", "--map", "duel", "--team1", "easy", "--team2", "easy",
                 "--headless", "--seed", "4", "--save", str(save), home=home, cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    score, result, _ = played.stdout.splitlines()
    assert score.startswith("Duel: Red (Easy) ")
    assert "wins by" in result or result.startswith("Draw")
    checked = run(app, "laser-flag", "replay", "--verify", str(save), home=home, cwd=tmp_path)
    assert checked.returncode == 0 and "reproduce the saved state" in checked.stdout


def workers_of(pid: int, exe: Path) -> set[int]:
    """The processes started by `pid` that are the same frozen program running a spawned
    multiprocessing worker."""
    found = set()
    for proc in Path("/proc").iterdir():
        try:
            parent = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (proc / "cmdline").read_bytes().split(b"\0")
        except (OSError, ValueError, IndexError):
            continue  # not a process, or gone meanwhile
        if parent == pid and command[0] == bytes(exe) and b"--multiprocessing-fork" in command:
            found.add(int(proc.name))
    return found


def test_the_balance_lab_runs_its_games_in_worker_processes_of_the_frozen_app(app, home):
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    exe = app / "laser-flag-balance"
    lab = subprocess.Popen([exe, "maps/duel.json", "--games", "4", "--jobs", "2"], cwd=app,
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen: set[int] = set()
    deadline = time.monotonic() + 300
    while lab.poll() is None and time.monotonic() < deadline:
        seen |= workers_of(lab.pid, exe)
        time.sleep(0.02)
    out, err = lab.communicate(timeout=60)
    assert lab.returncode == 0, err
    assert len(seen) == 2, "two spawned workers of the frozen program"
    row = next(line for line in out.splitlines() if line.startswith("maps/duel.json "))
    assert row.split()[1:3] == ["greedy-greedy", "4"]  # pairing, games
    assert err.startswith("4 games in ") and "\r" not in err  # no bar into a pipe


def test_the_game_opens_on_duel_and_its_sound_reaches_the_speakers(app, home, tmp_path):
    """SDL's dummy video and disk audio drivers: the game screen comes up (its state file is
    written) and the music the bundle carries is heard (non-silent samples in the disk file)."""
    state, heard = tmp_path / "state.json", tmp_path / "audio.raw"
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(heard)}
    game = subprocess.Popen([app / "laser-flag", "--map", "duel", "--state-file", str(state)],
                            cwd=tmp_path, env=env, stderr=subprocess.PIPE, text=True)

    def loud() -> bool:
        samples = memoryview(heard.read_bytes() if heard.exists() else b"")
        return len(samples) >= 2 and max(map(abs, samples[:len(samples) // 2 * 2].cast("h"))) > 0

    try:
        wait_until(lambda: game.poll() is not None or (state.exists() and loud()),
                   "the game screen and its sound", 120)
        assert game.poll() is None, game.communicate()[1]
    finally:
        game.terminate()
        game.wait(timeout=30)
    assert '"map"' in state.read_text(encoding="utf-8")
