"""The game as a user installs it: a wheel in a fresh virtualenv, run from an empty folder."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import venv
from pathlib import Path

import pytest

from laser_flag import __version__, i18n, sight_files
from laser_flag.server.web import PAGE

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted(p.stem for p in (ROOT / "maps").glob("*.json"))
pytestmark = pytest.mark.package  # pip installs into a fresh virtualenv

# Run by the installed interpreter: every bundled map through the installed package's resources,
# and the other files the package carries (sys.argv[1]: a word to look up in each catalogue).
LOAD_ALL = """
import json, sys
from laser_flag.resources import bundled_maps, bundled_images
from laser_flag.engine import load_map
maps, art = bundled_maps(), bundled_images()
assert "site-packages" in str(maps), maps
names = [load_map(p).name for p in sorted(maps.glob("*.json"))]
lesson = load_map(maps / "tutorial" / "lesson.json").name
from laser_flag.board import art as assets
loaded = [assets.raw(name).get_size() for name in assets.ART_NAMES]
from laser_flag.resources import bundled
sounds = sorted(p.name for p in bundled("sounds").glob("*.wav"))
from laser_flag import i18n, sight_files
catalogues = {code: [i18n.catalogue(code).gettext(sys.argv[1]), str(i18n.LOCALE_DIR)]
              for code in i18n.LANGUAGES if code != i18n.ENGLISH}
from laser_flag.server.web import PAGE
print(json.dumps({"maps": names, "lesson": lesson, "art": sorted(p.name for p in art.glob("*.png")),
                  "loaded": len(loaded), "sounds": sounds, "catalogues": catalogues,
                  "page": PAGE.read_text(encoding="utf-8"),
                  "sight": sorted(p.name for p in sight_files.SHIPPED.glob("*.json"))}))
"""
WORD = "Back"  # a word every catalogue translates


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The bin folder of a new virtualenv holding the wheel built from this checkout."""
    base = tmp_path_factory.mktemp("install")
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(base / "dist")]
    subprocess.run([*build, str(ROOT)], check=True, cwd=base)
    wheel = next((base / "dist").glob("laser_flag-*.whl"))
    venv.create(base / "venv", with_pip=True)
    bin_dir = base / "venv" / "bin"
    subprocess.run([bin_dir / "pip", "install", "-q", str(wheel)], check=True, cwd=base)
    return bin_dir


@pytest.fixture(scope="module")
def found(installed, tmp_path_factory) -> dict:
    """What LOAD_ALL found in the installed package, run from an empty folder."""
    done = run([installed / "python", "-c", LOAD_ALL, WORD], tmp_path_factory.mktemp("empty"),
               env_extra={"SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture
def elsewhere(tmp_path) -> Path:
    folder = tmp_path / "empty"
    folder.mkdir()
    return folder


def run(cmd: list, cwd: Path, env_extra: dict | None = None) -> subprocess.CompletedProcess:
    """A command of the installed game, with nothing of this checkout on its path."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | (env_extra or {})
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=120, env=env)


def test_version_and_list_maps_from_another_folder(installed, elsewhere):
    assert run([installed / "laser-flag", "--version"], elsewhere).stdout.strip() == (
        f"laser-flag {__version__}"
    )
    listed = run([installed / "laser-flag", "--list-maps"], elsewhere)
    assert listed.returncode == 0, listed.stderr
    files = [line.split()[1] for line in listed.stdout.splitlines()[1:]]
    assert sorted(files) == [f"{stem}.json" for stem in BUNDLED]
    assert "pygame" not in listed.stdout + listed.stderr  # no banner


def test_every_bundled_map_and_all_art_load_from_the_installed_package(found):
    assert len(found["maps"]) == len(BUNDLED)
    assert found["lesson"] == "First lesson"  # shipped, though the chooser does not list it
    assert found["art"] == sorted(p.name for p in (ROOT / "images").glob("*.png"))
    assert found["loaded"] == len(found["art"])  # pygame loaded each through the package
    assert found["sounds"] == sorted(p.name for p in (ROOT / "sounds").glob("*.wav"))
    assert found["sight"] == sorted(p.name for p in sight_files.SHIPPED.glob("*.json"))


def test_the_server_s_page_for_browsers_comes_with_the_install(found):
    assert found["page"] == PAGE.read_text(encoding="utf-8")


def test_every_language_s_compiled_catalogue_comes_with_the_install(found):
    """The game reads the .mo files (i18n.py): without them it would speak English only."""
    catalogues = found["catalogues"]
    assert catalogues.keys() == set(i18n.LANGUAGES) - {i18n.ENGLISH}
    for code, (word, folder) in catalogues.items():
        assert "site-packages" in folder
        assert word == i18n.catalogue(code).gettext(WORD) != WORD, code


def test_the_tools_run_from_another_folder(installed, elsewhere):
    rolls = run([installed / "laser-flag-rolls", "--json"], elsewhere)
    assert rolls.returncode == 0, rolls.stderr
    assert json.loads(rolls.stdout)
    for command, usage in ((["laser-flag"], "laser-flag"),
                           (["laser-flag-balance"], "laser-flag-balance"),
                           (["laser-flag-editor"], "laser-flag-editor"),
                           (["laser-flag-server"], "laser-flag-server"),
                           (["laser-flag", "server"], "laser-flag-server")):
        helped = run([installed / command[0], *command[1:], "--help"], elsewhere)
        assert helped.returncode == 0, helped.stderr
        assert helped.stdout.startswith(f"usage: {usage} "), (command, helped.stdout[:200])


def test_the_editors_tooltip_package_comes_with_the_install(installed, elsewhere):
    """tkinter-tooltip is the wheel's own dependency, not only something this checkout has."""
    done = run([installed / "python", "-c", "import map_editor.tooltip"], elsewhere)
    assert done.returncode == 0, done.stderr


def test_the_game_starts_on_a_bundled_map_by_name(installed, elsewhere):
    """Headless: it opens on the map and writes its state; a SIGTERM then quits cleanly."""
    state = elsewhere / "state.json"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "LASER_FLAG_DATA_DIR": str(elsewhere / "data")}
    env.pop("PYTHONPATH", None)
    game = subprocess.Popen(
        [installed / "laser-flag", "--map", "duel", "--seed", "5", "--state-file", str(state)],
        cwd=elsewhere, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not state.exists() and game.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert game.poll() is None, game.communicate()[1]
        game.send_signal(signal.SIGTERM)
        _, err = game.communicate(timeout=30)
    finally:
        game.kill()
    assert game.returncode == 0, err
    assert json.loads(state.read_text())["map"].endswith("duel.json")


def test_the_environment_without_its_extra_says_how_to_install_it(installed, elsewhere):
    done = run([installed / "python", "-c", "import laser_flag.env"], elsewhere)
    assert done.returncode != 0
    assert "laser_flag.env needs the [rl] extra: pip install 'laser-flag[rl]'" in done.stderr
