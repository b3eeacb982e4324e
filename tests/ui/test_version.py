"""The window title's version comes from the newest line of VERSION_HISTORY.txt."""

from __future__ import annotations

from laser_flag.ui.version import HISTORY, newest_version, window_title


def test_newest_version_is_the_first_dated_line(tmp_path):
    history = tmp_path / "VERSION_HISTORY.txt"
    history.write_text("History (newest first)\n\n0.2.0  2027-01-02\n  - x\n0.1.0  2026-11-21\n")
    assert newest_version(history) == "0.2.0"
    assert window_title(history) == "Laser Flag 0.2.0"


def test_missing_history_falls_back_to_the_name(tmp_path):
    assert newest_version(tmp_path / "nope.txt") is None
    assert window_title(tmp_path / "nope.txt") == "Laser Flag"


def test_the_repository_history_has_a_version():
    assert newest_version(HISTORY) is not None
