"""A bot's plan marked on the board like a player's pick: its unit, its path or its target."""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.game import Game
from .selection import Selection


class PlanMarks:
    """The marks of the plan being shown, made again only when the plan or the game moves on."""

    def __init__(self, game: Game) -> None:
        self.marks = Selection(game)
        self.key: tuple | None = None  # which plan, after how many actions

    def follow(self, game: Game, plan: Action | None) -> None:
        key = (plan, game, len(game.history))  # a game made anew under fog has no history
        if key != self.key:
            self.key, self.marks = key, Selection.of_plan(game, plan)
