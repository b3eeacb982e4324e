"""Computer opponents: every bot picks one of `game.legal_actions()` and never changes the game."""

from .base import Bot
from .levels import HUMAN, LEVEL_NOTES, LEVELS, bot_for_level
from .registry import BOT_NAMES, ZOO, make_bot

__all__ = ["BOT_NAMES", "HUMAN", "LEVELS", "LEVEL_NOTES", "PLAY_VERSION", "ZOO", "Bot",
           "bot_for_level", "make_bot"]

# The release whose bots last changed how they decide. A balance badge measured by this version
# or a later one measured bots that play as these do (a map's digest cannot see inside a bot),
# so a release that changes maps alone keeps the other maps' badges. Set it to the new version
# with any change to a bot's decisions: every bundled badge must then be measured again.
PLAY_VERSION = "0.19.2"
