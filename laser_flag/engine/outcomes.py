"""Chance outcomes of one action with exact probabilities (OpenSpiel's chance nodes).

An action's chance is its dice (a shot hits or misses) and the order in which snap shooters
fire (RULES §6: random, so every order is equally likely). Rather than restate those rules,
each branch of chance is played by the engine itself on a copy of the game whose dice and
generator are a `ChanceScript`: the script forces one branch and notes the branches it did not
take, until every branch has been played once.

Snap shooters fire until one hits, so what an order decides is which watchers miss before the
one that hits: a branch is a `SnapOrder` (those that miss, then the hitter, or all miss), not
one of the k! orders; its probability counts the orders that lead to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import factorial
from typing import Any, Protocol

from .events import Event, Shot
from .rolls import Dice, hit_probability

HIT, MISS = True, False


class Shooter(Protocol):
    id: int


@dataclass(frozen=True)
class SnapOrder:
    """The start of a snap shooters' order that decides everything: `missed` fire and miss,
    then `hitter` hits (None: everyone misses)."""

    missed: tuple[int, ...]
    hitter: int | None

    def probability(self, shooters: int) -> Fraction:
        """The share of all orders of `shooters` watchers that begin this way."""
        if self.hitter is None:
            return Fraction(1)
        after = shooters - len(self.missed) - 1
        return Fraction(factorial(len(self.missed)) * factorial(after), factorial(shooters))

    def rolls(self) -> list[bool]:
        return [MISS] * len(self.missed) + ([HIT] if self.hitter is not None else [])


def snap_orders(ids: Sequence[int]) -> Iterator[SnapOrder]:
    """Every way a snap shot sequence among `ids` can go: all miss, or some miss then one hits."""
    yield SnapOrder(tuple(ids), None)
    for hitter in ids:
        others = [i for i in ids if i != hitter]
        for n in range(len(others) + 1):
            for missed in combinations(others, n):
                yield SnapOrder(missed, hitter)


class ChanceScript:
    """A copy's dice and generator: plays the given choices, then the first of each new branch
    point, and lists the choice sequences of the branches it passed by."""

    def __init__(self, dice: Dice, choices: tuple[Any, ...]) -> None:
        self.dice = dice
        self._given = choices
        self.made: list[Any] = []
        self.passed: list[tuple[Any, ...]] = []
        self.intended: list[bool] = []  # hit or miss, per shot in the order rolled
        self.order_share = Fraction(1)
        self._forced: list[bool] = []

    def _choose(self, options: Sequence[Any]) -> Any:
        if len(self.made) < len(self._given):
            choice = self._given[len(self.made)]
        else:
            choice = options[0]
            self.passed.extend((*self.made, other) for other in options[1:])
        self.made.append(choice)
        return choice

    def roll(self, _rng: object) -> tuple[int, ...]:
        """Dice that surely hit (all sides up) or surely miss (all ones), as the branch says."""
        hit = self._forced.pop(0) if self._forced else self._choose((HIT, MISS))
        self.intended.append(hit)
        face = self.dice.sides if hit else 1
        return (face,) * self.dice.count

    def shuffle(self, shooters: list[Shooter]) -> None:
        """Put the snap shooters in an order that plays one `SnapOrder`."""
        ids = sorted(s.id for s in shooters)
        order: SnapOrder = self._choose(list(snap_orders(ids)))
        first = [*order.missed, order.hitter]
        shooters.sort(key=lambda s: first.index(s.id) if s.id in first else len(first))
        self._forced = order.rolls()
        self.order_share *= order.probability(len(ids))

    def probability(self, events: Sequence[Event]) -> Fraction:
        """The branch's exact chance, from each shot's needed roll and the order's share."""
        p = self.order_share
        shots = [e for e in events if isinstance(e, Shot)]
        for shot, hit in zip(shots, self.intended, strict=True):
            p_hit = hit_probability(shot.needed, self.dice)
            p *= p_hit if hit else 1 - p_hit
        return p


def explore(dice: Dice, play: Callable[[ChanceScript], tuple[Any, list[Event]]]
            ) -> list[tuple[Fraction, Any]]:
    """Play every branch of chance once; (probability, result) of those that can happen."""
    results = []
    todo: list[tuple[Any, ...]] = [()]
    while todo:
        script = ChanceScript(dice, todo.pop())
        result, events = play(script)
        todo.extend(script.passed)
        p = script.probability(events)
        if p:
            results.append((p, result))
    return results
