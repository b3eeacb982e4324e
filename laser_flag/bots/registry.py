"""The bots by name, for the balance lab and the command line: `make_bot("planner", seed)`."""

from __future__ import annotations

from .base import Bot
from .budget import Budget
from .greedy import GreedyBot
from .hunter import HunterBot
from .levels import LEVEL_KINDS
from .planner import PlannerBot
from .program import ProgramBot, is_program
from .random_bot import RandomBot
from .rusher import RusherBot
from .search import HARD_WEIGHTS, SearchBot
from .style import PREFIX, StyleBot, draw, style_number
from .turtle import TurtleBot
from .weights_file import read_weights

BOTS: dict[str, type[Bot]] = {
    cls.name: cls for cls in (RandomBot, GreedyBot, PlannerBot, SearchBot, RusherBot, TurtleBot,
                              HunterBot)}
BOT_NAMES = tuple(BOTS)
# The zoo: the scripted styles of play (`scripted.py`) a map must be fair for and Hard must
# beat. The balance lab's standard pairings are built from this one list.
ZOO = (RusherBot.name, TurtleBot.name, HunterBot.name)
SEARCHING = frozenset(name for name, cls in BOTS.items() if cls is SearchBot)
# `hard:weights=FILE`: Hard pricing with the weights file FILE over its own (weights_file.py),
# for measuring a set of weights against the shipped Hard without changing it.
WEIGHTED = "hard:weights="
# The game's level names, in any case, for the bots that play them.
LEVEL_BOTS = {level.lower(): kind.name for level, kind in LEVEL_KINDS.items()}


def bot_name(name: str) -> str:
    """The name make_bot seats `name` by: a known kind, a draw of the population `style:N`,
    `exec:COMMAND`, `hard:weights=FILE` (its file read here), or one of the game's levels
    (Easy, Normal, Hard: the kind that plays it); ValueError names them all, or the weights
    file and what is wrong with it. A command line checks its bots with it before any game."""
    if is_program(name) or style_number(name) is not None:
        return name
    if name.startswith(WEIGHTED):
        read_weights(name.removeprefix(WEIGHTED), HARD_WEIGHTS)
        return name
    kind = LEVEL_BOTS.get(name.lower(), name)
    if kind not in BOTS:
        raise ValueError(f"unknown bot {name!r} (one of {', '.join(BOT_NAMES)}, the levels "
                         f"Easy, Normal and Hard, {PREFIX}N for N from 0, or exec:COMMAND)")
    return kind


def make_bot(name: str, seed: int = 0, budget: Budget | None = None) -> Bot:
    """A new bot of the named kind; ValueError names the known kinds.

    `budget` is for bots that search (`hard`); without it they take `budget.LAB_STEPS`.
    `style:N` is the population's player of draw N (bots/style.py); `exec:COMMAND` is a
    program taking the seat (bots/program.py); `hard:weights=FILE` is Hard with that file's
    weights (`WEIGHTED`).
    """
    if is_program(name):
        return ProgramBot(name, seed)
    if name.startswith(WEIGHTED):
        return SearchBot(seed, budget, weights=read_weights(name.removeprefix(WEIGHTED),
                                                            HARD_WEIGHTS))
    number = style_number(name)
    if number is not None:
        return StyleBot(draw(number), seed, name)
    kind = bot_name(name)
    if kind in SEARCHING:
        return SearchBot(seed, budget)
    return BOTS[kind](seed)
