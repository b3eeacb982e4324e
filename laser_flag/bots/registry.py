"""The bots by name, for the balance lab and the command line: `make_bot("planner", seed)`."""

from __future__ import annotations

from .base import Bot
from .greedy import GreedyBot
from .planner import PlannerBot
from .random_bot import RandomBot
from .rusher import RusherBot

BOTS: dict[str, type[Bot]] = {
    cls.name: cls for cls in (RandomBot, GreedyBot, PlannerBot, RusherBot)}
BOT_NAMES = tuple(BOTS)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot of the named kind; ValueError names the known kinds."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (one of {', '.join(BOT_NAMES)})")
    return BOTS[name](seed)
