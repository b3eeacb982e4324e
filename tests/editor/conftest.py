"""A private Xvfb display for the editor's window tests (skipped without Xvfb or xdotool)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.xserver import missing_tools, private_display


@pytest.fixture(scope="session")
def xvfb() -> Iterator[str]:
    """DISPLAY of a fresh virtual screen, set in os.environ for the session."""
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
