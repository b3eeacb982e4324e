"""For every test: the player's data folder (saves, maps, settings.json) is a temporary one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# In-process runs of the client open the mixer: no test depends on this machine's sound card.
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    """Saves, the player's maps and settings go to a temporary folder, never the user's."""
    folder = tmp_path / "laser-flag-data"
    monkeypatch.setenv("LASER_FLAG_DATA_DIR", str(folder))
    return folder
