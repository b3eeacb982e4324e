"""Computer opponents: every bot picks one of `game.legal_actions()` and never changes the game."""

from .base import BOT_NAMES, Bot, make_bot
from .levels import HUMAN, LEVEL_NOTES, LEVELS, bot_for_level

__all__ = ["BOT_NAMES", "HUMAN", "LEVELS", "LEVEL_NOTES", "Bot", "bot_for_level", "make_bot"]
