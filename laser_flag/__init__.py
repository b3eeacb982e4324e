"""Laser Flag: hot-seat, turn-based laser-tag squad tactics."""

import os

# Every entry point imports this first: pygame's banner would clutter the tools' output.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.29.1"
