"""Learn to play: every chapter of the lesson, in the order the menu offers them."""

from __future__ import annotations

from .basics import BASICS
from .classes import GRUNT, SCOUT, SNIPER
from .fog import FOG
from .overwatch import OVERWATCH
from .winning import WINNING

CHAPTERS = (BASICS, SCOUT, SNIPER, GRUNT, OVERWATCH, FOG, WINNING)

__all__ = ["CHAPTERS"]
