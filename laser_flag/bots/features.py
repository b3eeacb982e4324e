"""Hard's leaf value (`search.TurnValue.value`) as a sum over the weights: each of `LINEAR`'s
fields times the term it multiplies, plus a fixed term, the data a valuation fitted to game
outcomes is fitted on (benchmarks/texel.py).

The value is linear in the fields of `LINEAR` once the others are held where they are; those
others sit inside the terms, not beside them:
- `shot_ready` multiplies a shot's value, itself a price in `point`, `unit` and `laser`: the
  product is credited to those three, `shot_ready` a fixed factor of their terms.
- `reply` and `braved` are shares of the enemy's hit chance (`Situation.reply_chance`), which
  prices our loss in `point`, `unit` and `laser`: fixed factors of those terms too.
- `urgency_rounds` ((round / it) squared), `eager_rounds` (the hit's keenness, a squared ratio),
  `urgency_steps` (a window of steps) and `base_cuts_corners` (the way to a base) are fixed.
- Where one hit ends the game (`TurnValue.one_hit_loses`), every term is scaled by the chance
  of no hit and the game lost at that chance, `-p * WIN`, is fixed; a finished game is all
  fixed (0 or +-WIN).
- The best shot a unit has (`Situation.best_shot`) and the unit each enemy's reply takes
  (`Situation.team_reply`) are the ones today's weights choose. So the sum equals the value
  exactly at the weights it was computed with, and at other values of `LINEAR`'s fields only
  while those choices stand: a fit on these terms is a fit of a model near today's weights.
"""

from __future__ import annotations

from dataclasses import dataclass

from laser_flag.engine import CHARGED, DEACTIVATED, Game, Unit

from .distances import UNREACHABLE
from .search import WIN, TurnValue
from .situation import Situation, Weights

# The weights the value is linear in, in the order of `Features.terms`.
LINEAR = ("point", "laser", "unit", "base_step", "approach_step", "deny", "watch")


@dataclass(frozen=True)
class Features:
    """A position's value to one team: `fixed + sum(weight * term)` over `LINEAR`."""

    terms: tuple[float, ...]
    fixed: float = 0.0

    def value(self, weights: Weights) -> float:
        """The value these terms give with `weights`' fields of `LINEAR`."""
        return self.fixed + sum(getattr(weights, name) * term
                                for name, term in zip(LINEAR, self.terms, strict=True))


class _Terms:
    """The terms being summed, by weight."""

    def __init__(self) -> None:
        self.by_weight = dict.fromkeys(LINEAR, 0.0)

    def add(self, weight: str, amount: float) -> None:
        self.by_weight[weight] += amount

    def features(self, scale: float = 1.0, fixed: float = 0.0) -> Features:
        return Features(tuple(scale * t for t in self.by_weight.values()), fixed)


def leaf_features(turn_value: TurnValue, game: Game, team: str) -> Features:
    """The terms of `turn_value.value(game, team)` (its Situation, so its root, is the one
    that value uses: call `turn_value.start(root)` first as for a value)."""
    if game.over:
        fixed = 0.0 if game.winner == "draw" else WIN if game.winner == team else -WIN
        return _Terms().features(fixed=fixed)
    sit = turn_value.situation(game)
    acc = _Terms()
    acc.add("point", -sum(s for t, s in game.scores.items() if t != team))
    acc.add("point", sit.eager * game.scores[team])
    ours = [u for u in game.units if u.team == team]
    for u in game.units:
        if u.team != team:
            acc.add("unit", -sit.eager)
            if u.laser != DEACTIVATED:
                acc.add("laser", -sit.eager)
    for u in ours:
        acc.add("unit", 1.0)
        _unit_terms(acc, sit, game.round, u)
    covered = turn_value.covered(game, ours)
    if turn_value.one_hit_loses(game, team, ours):
        p = sit.any_hit(ours, covered)
        return acc.features(1.0 - p, -p * WIN)
    for e in sit.shooters:
        if ours:
            target = max(ours, key=lambda u, e=e: sit.reply_chance(e, u, covered)
                         * sit.loss(u.pos, u.laser))
            _loss_terms(acc, sit, target, -sit.reply_chance(e, target, covered))
    return acc.features()


def _unit_terms(acc: _Terms, sit: Situation, round_: int, unit: Unit) -> None:
    """The terms of `TurnValue.turn_end_worth` (`Situation.worth` with the shot credited)."""
    w = sit.w
    at, laser = unit.pos, unit.laser
    late = (round_ / w.urgency_rounds) ** 2  # urgency is approach_step times this
    live = laser != DEACTIVATED
    if live:
        dist = sit.engage_distance(at)
        acc.add("laser", 1.0)
        acc.add("approach_step", -(dist + late * min(dist, w.urgency_steps)))
    elif sit.has_base:
        steps = sit.base_dist.get(at, UNREACHABLE)
        acc.add("base_step", -steps)
        acc.add("approach_step", -(steps + sit.base_to_enemy + late * w.urgency_steps))
    armed = sit.armed(unit, unit.ap, laser)
    if armed or live:
        _shot_terms(acc, sit, unit)
    if armed and at in sit.enemy_view:
        acc.add("watch", sit.snap_shots_kept(unit.unit_class, unit.ap))
    if at in sit.deny_tiles:
        acc.add("deny", 1 + sit.enemy_down)


def _shot_terms(acc: _Terms, sit: Situation, unit: Unit) -> None:
    """`shot_ready` times the best shot (`Situation.best_shot`), priced by `Situation.gain`."""
    shots = [(sit.odds.hit(unit.unit_class, unit.pos, e.unit_class, e.pos, False), e)
             for e in sit.enemies if sit.sees(unit.pos, e.pos)]
    if not shots:
        return
    odds, target = max(shots, key=lambda shot: shot[0] * sit.gain(shot[1]))
    share = sit.w.shot_ready * odds * sit.eager
    acc.add("point", share)
    after = sit.laser_after_hit(target.team, target.pos)
    if after is None:
        acc.add("unit", share)
    elif target.laser == CHARGED and after == DEACTIVATED:
        acc.add("laser", share)


def _loss_terms(acc: _Terms, sit: Situation, unit: Unit, share: float) -> None:
    """`share` times what a hit on our `unit` costs (`Situation.loss`)."""
    acc.add("point", share)
    after = sit.laser_after_hit(sit.team, unit.pos)
    if after is None:
        acc.add("unit", share)
        acc.add("laser", share)
    elif unit.laser != DEACTIVATED and after == DEACTIVATED:
        acc.add("laser", share)
