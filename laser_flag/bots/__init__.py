"""Computer opponents: every bot picks one of `game.legal_actions()` and never changes the game."""

from .base import BOT_NAMES, Bot, make_bot

__all__ = ["BOT_NAMES", "Bot", "make_bot"]
