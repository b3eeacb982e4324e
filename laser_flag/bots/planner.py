"""Planner: plans each unit's next actions together, two deep, and weighs the enemy's reply.

On top of greedy's exact odds it prices the threat of enemies that can walk into view next turn
(`Weights.reply`) and the snap shots a unit keeps over ground the enemy must cross
(`Weights.watch`). Each of the best single actions is then scored with the best follow-up of the
same unit from where it would stand (move then fire, move then move into cover, fire then fire
for a sniper), weighted by the exact chance of getting there unhit: an expectimax over our own
actions and the snap-shot dice, two actions deep. The unit whose plan gains most acts first.
"""

from __future__ import annotations

from laser_flag.engine import Action, EndTurn, Game, Unit

from .base import Bot
from .greedy import Appraiser
from .situation import Situation, Weights

# A held shot is credited less than greedy credits it, and a quiet game makes hits dearer and
# the approach longer: planner-vs-planner games otherwise settle into standoffs nobody breaks.
PLANNER_WEIGHTS = Weights(reply=0.6, watch=0.08, shot_ready=0.4, eager_rounds=10,
                          urgency_steps=6)


class PlannerBot(Bot):
    """Two-deep expectimax over each unit's own actions with reply-aware values."""

    name = "planner"
    threshold = 1e-6

    def __init__(self, seed: int = 0, weights: Weights = PLANNER_WEIGHTS,
                 breadth: int = 10) -> None:
        super().__init__(seed)
        self.appraiser = Appraiser(weights)
        self.breadth = breadth  # how many of the best single actions get a follow-up search

    def choose(self, game: Game) -> Action:
        best_score, best = self.threshold, EndTurn()
        for score, action in self.scored(game):
            if score > best_score:
                best_score, best = score, action
        return best

    def scored(self, game: Game) -> list[tuple[float, Action]]:
        """The `breadth` best single actions with their two-deep scores, in gain order (the
        search bot's candidates); EndTurn, worth `threshold`, is not among them."""
        ranked = self.appraiser.ranked(game, self.rng)
        sit = self.appraiser.situation(game)
        return [(gain + self._follow_up(game, sit, action), action)
                for gain, action in ranked[: self.breadth]]

    def _follow_up(self, game: Game, sit: Situation, action: Action) -> float:
        """The chance to act again unhit times the best next gain of the same unit (or 0)."""
        unit = game.unit(action.unit_id)
        after = game.what_if.after(action)
        if not (game.what_if.can_move(after) or game.what_if.can_fire(after)):
            return 0.0
        p = self.appraiser.p_unhit(game, sit, unit, after.pos)
        return p * max(0.0, self._best_gain(game, sit, after))

    def _best_gain(self, game: Game, sit: Situation, unit: Unit) -> float:
        """The best single-action gain of a unit in a hypothetical place and state."""
        gains = [0.0]
        if game.what_if.can_fire(unit):
            gains += [self.appraiser.fire_gain(game, sit, unit, e.id)
                      for e in sit.enemies if sit.sees(unit.pos, e.pos)]
        if game.what_if.can_move(unit):
            gains += [self.appraiser.move_gain(game, sit, unit, to)
                      for to in game.what_if.reachable(unit)]
        return max(gains)
