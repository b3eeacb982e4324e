"""The one bot interface.

A bot is handed a game (the client hands it `game.copy()` from a worker thread) and returns
one of its legal actions. It may read the game freely but never applies anything to it, and it
never touches the game's generator, so it cannot see future dice. Callers ask `decide(game)`,
which thinks on what the bot's team knows (`belief.believed_game`): with fog, no bot sees a
hidden enemy.
"""

from __future__ import annotations

import random
import threading
from abc import ABC, abstractmethod

from laser_flag.engine import Action, Game

from .belief import believed_game


class Bot(ABC):
    """A computer player; the same seed and the same games give the same decisions."""

    name = ""
    problem = ""  # the last failure a player should read, when the bot plays on after it

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)  # the bot's own generator: ties and its own sampling
        # Set: answer now with the best answer so far. Bots that search poll it; the client
        # hands each decision a fresh one, so a late "now" never hurries the next decision.
        self.hurry = threading.Event()

    def decide(self, game: Game) -> Action:
        """The bot's action in `game`, chosen from its team's observation only (RULES §9)."""
        return self.choose(believed_game(game))

    @abstractmethod
    def choose(self, game: Game) -> Action:
        """One action from `game.legal_actions()` for the active team; `game` is left as it was."""

    def seen(self, game: Game) -> None:  # noqa: B027 (a hook: most bots need none)
        """Called after every action applied to the game the bot plays in; a bot that keeps
        no memory of its own (all of ours) ignores it."""

    def close(self) -> None:  # noqa: B027 (a hook: most bots hold nothing)
        """The game is over or left: let go of what the bot holds (a program, for one)."""

    def progress(self) -> float | None:
        """How much of its thinking budget the decision under way has used, 0 to 1; None: a
        bot without a budget (it answers at once)."""
        return None

