"""Computer opponents: every bot picks one of `game.legal_actions()` and never changes the game."""

from .base import Bot
from .levels import HUMAN, LEVEL_NOTES, LEVELS, bot_for_level
from .registry import BOT_NAMES, ZOO, make_bot

__all__ = ["BOT_NAMES", "HUMAN", "LEVELS", "LEVEL_NOTES", "ZOO", "Bot", "bot_for_level",
           "make_bot"]
