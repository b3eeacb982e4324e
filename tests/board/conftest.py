"""The board tests draw with art converted for a display: a tiny one for each module."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402 -- after the driver is chosen
import pytest  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    yield
    pygame.display.quit()
