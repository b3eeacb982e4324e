"""Chance in an action: the dice of each shot, and the order snap shooters fire in (RULES §5, §6).

`apply` asks its `Chance` for both as they come up. By default they are drawn from the state's
dice generator (`Drawn`); given explicitly, one branch of chance is played (`Branch`), and
`explore` plays every branch once, with its exact probability (OpenSpiel's chance nodes): the
rules are not restated here, the engine plays each branch itself.

Snap shooters fire until one hits, so what an order decides is which watchers miss before the
one that hits: a branch is a `SnapOrder` (those that miss, then the hitter, or all miss), not
one of the k! orders; its probability counts the orders that lead to it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import factorial
from typing import Any, Protocol

from .events import Event, Shot
from .rng import Counting, Rng
from .rolls import Dice, hit_probability
from .units import Unit

HIT, MISS = True, False
Roller = Callable[[random.Random], tuple[int, ...]]  # dice for tests and lessons: forced rolls


class Chance(Protocol):
    """Where an action's chance comes from."""

    def order(self, watchers: Sequence[Unit]) -> list[Unit]:
        """The order eligible watchers (by id) snap-shoot in."""

    def roll(self) -> tuple[int, ...]:
        """One shot's dice, highest first."""

    def after(self, rng: Rng) -> Rng:
        """The state's generator once the action is done (`rng` where nothing was drawn)."""


class Drawn:
    """Chance drawn from the state's generator `rng`: the order by a shuffle, the dice by
    `dice` or by `roll` (forced dice, which may draw from the generator too)."""

    def __init__(self, rng: Rng, dice: Dice, roll: Roller | None = None) -> None:
        self._rng, self._dice, self._roll = rng, dice, roll
        self._gen: Counting | None = None

    def _generator(self) -> Counting:
        if self._gen is None:
            self._gen = self._rng.take()
        return self._gen

    def order(self, watchers: Sequence[Unit]) -> list[Unit]:
        order = list(watchers)
        self._generator().shuffle(order)
        return order

    def roll(self) -> tuple[int, ...]:
        gen = self._generator()
        return tuple(self._roll(gen)) if self._roll is not None else self._dice.roll(gen)

    def after(self, rng: Rng) -> Rng:
        return rng if self._gen is None else self._rng.done(self._gen)


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


class Branch:
    """One branch of chance: the given choices, then the first option at each new chance
    point, noting the choice sequences of the branches it passed by (`passed`). Its dice
    surely hit (all sides up) or surely miss (all ones); the generator is left alone."""

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

    def order(self, watchers: Sequence[Unit]) -> list[Unit]:
        """An order that plays one `SnapOrder`, the rest after it as they came."""
        ids = sorted(w.id for w in watchers)
        snap: SnapOrder = self._choose(list(snap_orders(ids)))
        first = [*snap.missed, snap.hitter]
        self._forced = snap.rolls()
        self.order_share *= snap.probability(len(ids))
        return sorted(watchers, key=lambda w: first.index(w.id) if w.id in first else len(first))

    def roll(self) -> tuple[int, ...]:
        hit = self._forced.pop(0) if self._forced else self._choose((HIT, MISS))
        self.intended.append(hit)
        return (self.dice.sides if hit else 1,) * self.dice.count

    def after(self, rng: Rng) -> Rng:
        return rng

    def probability(self, events: Sequence[Event]) -> Fraction:
        """The branch's exact chance, from each shot's needed roll and the order's share."""
        p = self.order_share
        shots = [e for e in events if isinstance(e, Shot)]
        for shot, hit in zip(shots, self.intended, strict=True):
            p_hit = hit_probability(shot.needed, self.dice)
            p *= p_hit if hit else 1 - p_hit
        return p


def explore(dice: Dice, play: Callable[[Branch], tuple[Any, Sequence[Event]]]
            ) -> list[tuple[Fraction, Any]]:
    """Play every branch of chance once; (probability, result) of those that can happen."""
    results = []
    todo: list[tuple[Any, ...]] = [()]
    while todo:
        branch = Branch(dice, todo.pop())
        result, events = play(branch)
        todo.extend(branch.passed)
        p = branch.probability(events)
        if p:
            results.append((p, result))
    return results
