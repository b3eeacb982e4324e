"""The opponents a player picks in the client: Human or a bot at one of three levels.

Random is a baseline for measuring, not an opponent, so it is not offered. Easy looks one
action ahead; Normal plans each unit's next two actions; Hard searches the rest of its turn,
every dice result weighed, for up to one and a half seconds a turn (`budget.CLIENT_SECONDS`).
"""

from __future__ import annotations

from .base import Bot
from .budget import CLIENT_SECONDS, Budget
from .greedy import GreedyBot
from .planner import PlannerBot
from .program import ProgramBot, is_program
from .search import SearchBot

HUMAN = "Human"
LEVELS = (HUMAN, "Easy", "Normal", "Hard")

# What each level is, in a line a player reads in the map chooser.
LEVEL_NOTES = {
    HUMAN: "a player at this PC",
    "Easy": "takes the best single action it sees",
    "Normal": "plans each unit's turn and weighs the enemy's reply",
    "Hard": "searches its whole turn ahead, every dice result weighed",
}


def bot_for_level(level: str, seed: int = 0) -> Bot | None:
    """A new bot for a level (None for Human), or a program for `exec:COMMAND`; ValueError
    names the levels."""
    if level == HUMAN:
        return None
    if is_program(level):
        return ProgramBot(level, seed)
    if level == "Easy":
        return GreedyBot(seed)
    if level == "Normal":
        return PlannerBot(seed)
    if level == "Hard":
        return SearchBot(seed, Budget.seconds(CLIENT_SECONDS))
    raise ValueError(f"unknown level {level!r} (one of {', '.join(LEVELS)})")
