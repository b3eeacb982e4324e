"""One version: the package's, shown in the window title and matching the version history."""

from __future__ import annotations

import json
import re
from pathlib import Path

from laser_flag import __version__
from laser_flag.ui.version import window_title

HISTORY = Path(__file__).resolve().parents[2] / "VERSION_HISTORY.txt"
DATED = re.compile(r"^(\d+\.\d+\.\d+)\s+\d{4}-\d{2}-\d{2}\s*$")


def test_the_window_title_carries_the_package_version():
    assert window_title() == f"Laser Flag {__version__}"


def test_the_newest_history_entry_is_the_package_version():
    dated = [m[1] for m in map(DATED.match, HISTORY.read_text(encoding="utf-8").splitlines()) if m]
    assert dated, "VERSION_HISTORY.txt has no 'X.Y.Z  YYYY-MM-DD' line"
    assert dated[0] == __version__, "bump laser_flag.__version__ with the history (or vice versa)"


def test_saves_and_the_lab_carry_the_same_version(tmp_path, capsys):
    from laser_flag import saves
    from laser_flag.engine import Game, load_map
    from laser_flag.resources import bundled_maps
    from laser_flag.tools import balance

    duel = bundled_maps() / "duel.json"
    path = saves.write_save(tmp_path / "s.json", Game(load_map(duel), seed=1), {})
    assert saves.read_save_data(path)["game_version"] == __version__
    assert saves.load_save(path).game.turn == 1  # the schema accepts the key
    assert balance.main([str(duel), "--games", "1", "--jobs", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["game_version"] == __version__
