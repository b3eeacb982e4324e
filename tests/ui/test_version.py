"""One version: the package's, shown in the window title and matching the version history."""

from __future__ import annotations

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
