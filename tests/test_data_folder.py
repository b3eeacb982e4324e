"""The player's data folder: one place, chosen by platform, overridden for tests and installs."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from laser_flag import saves, settings_file
from laser_flag.data_folder import DATA_DIR_ENV, data_dir


@pytest.fixture
def no_override(monkeypatch):
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)


def test_the_override_names_the_folder(monkeypatch, tmp_path):
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine"


def test_on_linux_it_follows_xdg(monkeypatch, tmp_path, no_override):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert saves.saves_dir() == tmp_path / "xdg" / "laser-flag" / "saves"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert saves.saves_dir() == Path.home() / ".local" / "share" / "laser-flag" / "saves"


def test_on_windows_it_is_in_appdata(monkeypatch, tmp_path, no_override):
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    assert data_dir() == tmp_path / "Roaming" / "laser-flag"


def test_on_macos_it_is_in_application_support(monkeypatch, no_override):
    monkeypatch.setattr(sys, "platform", "darwin")
    assert data_dir() == Path.home() / "Library" / "Application Support" / "laser-flag"


def test_every_player_file_is_under_the_one_folder(data_dir):
    assert saves.saves_dir().parent == data_dir
    assert settings_file.settings_path().parent == data_dir

