"""`laser-flag-editor duel` in a real window: the editor opens a map by its name, as the game
and the other tools take it."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.waits import wait_until

from .xdo import WINDOW_TIMEOUT_S

pytestmark = pytest.mark.slow  # an editor process in a real window


def window_titled(display: str, title: str) -> bool:
    env = dict(os.environ, DISPLAY=display)
    found = subprocess.run(["xdotool", "search", "--name", title], env=env, capture_output=True,
                           text=True, timeout=20)
    return bool(found.stdout.split())


def test_the_editor_opens_a_bundled_map_by_its_name(xvfb, tmp_path):
    env = {**os.environ, "DISPLAY": xvfb, "LASER_FLAG_DATA_DIR": str(tmp_path / "data")}
    editor = subprocess.Popen([sys.executable, "-m", "map_editor", "duel"], env=env,
                              cwd=tmp_path, stderr=subprocess.PIPE, text=True)
    try:
        wait_until(lambda: editor.poll() is not None
                   or window_titled(xvfb, "^duel.json - Laser Flag Map Editor$"),
                   "the editor's window on duel.json", WINDOW_TIMEOUT_S)
        assert editor.poll() is None, editor.communicate()[1]
    finally:
        editor.terminate()
        editor.wait(timeout=30)
