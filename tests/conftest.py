"""For every test: the player's data folder (saves, maps, settings.json) is a temporary one.
For the window tests: one private X server per test process (each xdist worker has its own).
Markers by kind, so that one kind can be run alone or left out (docs/DEVELOPING.md, "Tests")."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from laser_flag.bots.levels import BUDGET_VARIABLE
from laser_flag.i18n import ENGLISH, use_language
from tests.xserver import missing_tools, private_display

# In-process runs of the client open the mixer: no test depends on this machine's sound card.
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The tests read the game's words in English whatever this machine's locale (the "System"
# language setting follows LANGUAGE first); a test of another language sets it itself.
os.environ["LANGUAGE"] = "en"

TEST_BUDGET = "steps:40"  # the badges' budget: quick, and still Hard's search

# Kinds that take seconds by nature: each is also slow, so `-m "not slow"` leaves them out.
SLOW_KINDS = ("soak", "package", "cluster")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that uses the X server is a window test; a soak, package or cluster test is slow."""
    for item in items:
        if "xvfb" in item.fixturenames:
            item.add_marker(pytest.mark.window)
        if any(item.get_closest_marker(kind) for kind in SLOW_KINDS):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    """Saves, the player's maps and settings go to a temporary folder, never the user's."""
    folder = tmp_path / "laser-flag-data"
    monkeypatch.setenv("LASER_FLAG_DATA_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """A test that switches the language leaves English behind for the next one."""
    yield
    use_language(ENGLISH)


@pytest.fixture(autouse=True)
def hard_counts_steps(monkeypatch) -> None:
    """Hard in the client (and in every client a test starts) searches a fixed number of steps
    a decision, not 1.5 s of a turn: its moves are the same however busy the machine is."""
    monkeypatch.setenv(BUDGET_VARIABLE, TEST_BUDGET)


@pytest.fixture(scope="session")
def xvfb() -> Iterator[str]:
    """DISPLAY of this test process's own virtual screen, also set in os.environ for the Tk
    windows made in the process; skipped only when Xvfb or xdotool are not installed. One server
    serves every window test of the process: each finds its windows by its own client's
    process id or its own Tk root, never by "the only window there"."""
    missing = missing_tools()
    if missing:
        pytest.skip(f"window tests need {' and '.join(missing)} (apt-get install xvfb xdotool)")
    old = os.environ.get("DISPLAY")
    with private_display() as display:
        os.environ["DISPLAY"] = display
        try:
            yield display
        finally:
            if old is None:
                os.environ.pop("DISPLAY", None)
            else:
                os.environ["DISPLAY"] = old
