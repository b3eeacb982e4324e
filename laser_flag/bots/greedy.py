"""Greedy: the single action whose expected result, one step ahead with exact odds, gains most.

Each move is priced at its destination: the exact chance to arrive unhit by snap shots
(`game.what_if.snap_risk`), then cover, elevation, the shots on offer, the threat of the
enemy's reply, recharging and denying enemy bases (see `Situation.value`). Each shot is priced
by its exact hit chance and the snap shots it draws. The turn ends when nothing beats standing
still.
"""

from __future__ import annotations

import random

from laser_flag.engine import Action, EndTurn, Fire, Game, Move, Unit

from .base import Bot
from .odds import Odds
from .situation import Situation, Weights, enemy_signature


class Appraiser:
    """Expected gains of single actions for the active team; reuses its Situation while it fits."""

    def __init__(self, weights: Weights | None = None) -> None:
        self.weights = weights or Weights()
        self._odds: Odds | None = None
        self._situation: tuple[tuple, Situation] | None = None

    def situation(self, game: Game) -> Situation:
        if self._odds is None or not self._odds.fits(game):
            self._odds = Odds(game)
        key = enemy_signature(game)
        if self._situation is None or self._situation[0] != key:
            self._situation = (key, Situation(game, self._odds, self.weights))
        return self._situation[1]

    def p_unhit(self, game: Game, sit: Situation, unit: Unit, to: tuple[int, int]) -> float:
        """Exact chance to end a move (or a shot) on `to` without a snap shot hit."""
        if to not in sit.watched:
            return 1.0
        # the watchers' risk to the unit as it stands now, for a plan's second action too
        return float(game.what_if.snap_risk(game.unit(unit.id), to).p_unhit)

    def move_gain(self, game: Game, sit: Situation, unit: Unit, to: tuple[int, int]) -> float:
        ap = unit.ap - game.what_if.cost(Move(unit.id, to), unit)
        p = self.p_unhit(game, sit, unit, to)
        ev = sit.value(unit, to, ap, game.what_if.laser_on_arrival(unit, to))
        if p < 1.0:
            ev = p * ev + (1.0 - p) * sit.hurt(unit, to, ap)
        return ev - sit.value(unit, unit.pos, unit.ap, unit.laser)

    def fire_gain(self, game: Game, sit: Situation, unit: Unit, target_id: int) -> float:
        target = game.unit(target_id)
        p_hit = sit.odds.hit(unit.unit_class, unit.pos, target.unit_class, target.pos, False)
        after = game.what_if.after(Fire(unit.id, target_id), unit)
        ap, laser = after.ap, after.laser
        stay = (p_hit * sit.value(unit, unit.pos, ap, laser, ignore=target_id)
                + (1.0 - p_hit) * sit.value(unit, unit.pos, ap, laser))
        p = self.p_unhit(game, sit, unit, unit.pos)
        ev = p_hit * sit.gain(target) + p * stay + (1.0 - p) * sit.hurt(unit, unit.pos, ap)
        return ev - sit.value(unit, unit.pos, unit.ap, unit.laser)

    def ranked(self, game: Game, rng: random.Random | None = None) -> list[tuple[float, Action]]:
        """Every legal action but EndTurn with its expected gain, best first.

        Equal gains are common (mirror-image tiles, open floor); `rng` breaks those ties at
        random, since a fixed order (say, lowest row first) would favour one side of a
        symmetric map.
        """
        sit = self.situation(game)
        scored: list[tuple[float, Action]] = []
        for action in game.legal_actions():
            if isinstance(action, Move):
                unit = game.unit(action.unit_id)
                scored.append((self.move_gain(game, sit, unit, action.to), action))
            elif isinstance(action, Fire):
                unit = game.unit(action.unit_id)
                scored.append((self.fire_gain(game, sit, unit, action.target_id), action))
        if rng is not None:
            rng.shuffle(scored)
        scored.sort(key=lambda pair: -pair[0])
        return scored


class GreedyBot(Bot):
    """Takes the best-priced single action; ends the turn when none gains anything."""

    name = "greedy"
    threshold = 1e-6

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.appraiser = Appraiser()

    def choose(self, game: Game) -> Action:
        ranked = self.appraiser.ranked(game, self.rng)
        if ranked and ranked[0][0] > self.threshold:
            return ranked[0][1]
        return EndTurn()
