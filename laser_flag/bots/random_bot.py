"""The baseline: a uniformly random legal action, so every other bot has a floor to beat."""

from __future__ import annotations

from laser_flag.engine import Action, Game

from .base import Bot


class RandomBot(Bot):
    """Picks any legal action with equal chance, from its own seeded generator."""

    name = "random"

    def choose(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())
