"""The opponents a player picks in the client: Human or a bot at one of three levels.

Random is a baseline for measuring, not an opponent, so it is not offered. Easy looks one
action ahead; Normal plans each unit's next two actions; Hard searches the rest of its turn,
every dice result weighed, for up to 1.4 seconds a turn (`budget.CLIENT_SECONDS`),
or a fixed number of steps a decision when LASER_FLAG_BUDGET says so (`client_budget`).
"""

from __future__ import annotations

import os

from ..i18n import N_
from .base import Bot
from .budget import CLIENT_SECONDS, Budget
from .greedy import GreedyBot
from .planner import PlannerBot
from .program import ProgramBot, is_program
from .search import SearchBot

# The names are keys too (settings.json, the lab, the protocol): N_ marks them for the screens,
# which translate them as they draw them.
HUMAN = N_("Human")
BUDGET_VARIABLE = "LASER_FLAG_BUDGET"
LEVELS = (HUMAN, N_("Easy"), N_("Normal"), N_("Hard"))

# The kind of bot that plays each level (the lab takes these names too: registry.py).
LEVEL_KINDS: dict[str, type[Bot]] = {"Easy": GreedyBot, "Normal": PlannerBot, "Hard": SearchBot}
# What each level is, in a line a player reads in the map chooser.
LEVEL_NOTES = {
    HUMAN: N_("a player at this PC"),
    "Easy": N_("takes the best single action it sees"),
    "Normal": N_("plans each unit's turn and weighs the enemy's reply"),
    "Hard": N_("searches its whole turn ahead, every dice result weighed"),
}


def bot_for_level(level: str, seed: int = 0) -> Bot | None:
    """A new bot for a level (None for Human), or a program for `exec:COMMAND`; ValueError
    names the levels."""
    if level == HUMAN:
        return None
    if is_program(level):
        return ProgramBot(level, seed)
    kind = LEVEL_KINDS.get(level)
    if kind is None:
        raise ValueError(f"unknown level {level!r} (one of {', '.join(LEVELS)})")
    return SearchBot(seed, client_budget()) if kind is SearchBot else kind(seed)


def client_budget() -> Budget:
    """How long Hard thinks in the client: CLIENT_SECONDS a turn of wall-clock time, or, when
    the environment sets LASER_FLAG_BUDGET to `steps:N`, N steps a decision, so that a seed plays
    the same game on any machine however busy it is; ValueError naming the variable when its
    value is malformed."""
    text = os.environ.get(BUDGET_VARIABLE)
    if not text:
        return Budget.seconds(CLIENT_SECONDS)
    try:
        return Budget.parse_steps(text)
    except ValueError as err:
        raise ValueError(f"{BUDGET_VARIABLE}: {err}") from None
