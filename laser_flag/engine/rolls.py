"""Dice, the needed roll with its named modifiers, and exact hit chances (RULES.md §5, §8)."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from .ruleset import CLASS_LABELS, ClassRules


@dataclass(frozen=True)
class Dice:
    """`count` dice of `sides` sides; a shot hits when their total is >= the needed number."""

    count: int
    sides: int

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"

    def roll(self, rng: random.Random) -> tuple[int, ...]:
        """Roll with the game's generator; dice rolled together are listed highest first."""
        return tuple(sorted((rng.randint(1, self.sides) for _ in range(self.count)), reverse=True))


TWO_D6 = Dice(2, 6)
_DICE_TEXT = re.compile(r"(\d+)d(\d+)")


def parse_dice(text: str) -> Dice:
    """`2d6` -> Dice(2, 6); ValueError for anything else."""
    match = _DICE_TEXT.fullmatch(text.strip().lower())
    if not match or not (1 <= int(match[1]) <= 10 and 2 <= int(match[2]) <= 100):
        raise ValueError(f"dice must look like 2d6 (1-10 dice of 2-100 sides), not {text!r}")
    return Dice(int(match[1]), int(match[2]))


@cache
def total_counts(dice: Dice) -> Counter[int]:
    """How many of the sides**count ordered outcomes give each total.

    Adds one die at a time (a convolution) instead of listing every outcome, so even 10d100
    (10**20 outcomes) is counted exactly at once.
    """
    counts: Counter[int] = Counter({0: 1})
    for _ in range(dice.count):
        counts = _add_die(counts, dice.sides)
    return counts


def _add_die(counts: Counter[int], sides: int) -> Counter[int]:
    """The totals after one more die: each total so far, plus each face once."""
    added: Counter[int] = Counter()
    for total, ways in counts.items():
        for face in range(1, sides + 1):
            added[total + face] += ways
    return added


def hit_probability(needed: int, dice: Dice = TWO_D6) -> Fraction:
    """Exact chance that the total is >= needed: hitting outcomes / all outcomes."""
    counts = total_counts(dice)
    hits = sum(n for total, n in counts.items() if total >= needed)
    return Fraction(hits, dice.sides**dice.count)


@dataclass(frozen=True)
class ToHit:
    """The number a shot needs, the modifiers that make it up, and its exact chance."""

    needed: int
    probability: Fraction
    modifiers: tuple[tuple[str, int], ...]


def to_hit(
    shooter: ClassRules,
    target: ClassRules,
    *,
    shooter_class: str,
    shooter_elevated: bool,
    target_elevated: bool,
    target_in_cover: bool,
    snap: bool,
    dice: Dice = TWO_D6,
) -> ToHit:
    """RULES §5: to-hit + elevated attack + cover defense + elevated defense + snap penalty."""
    modifiers = [(f"{CLASS_LABELS.get(shooter_class, shooter_class)} to-hit", shooter.to_hit)]
    if shooter_elevated:
        modifiers.append(("shooter elevated", shooter.elevated_attack))
    if target_in_cover:
        modifiers.append(("target in cover", target.cover_defense))
    if target_elevated:
        modifiers.append(("target elevated", target.elevated_defense))
    if snap:
        modifiers.append(("snap shot", shooter.snap_shot_penalty))
    needed = sum(value for _, value in modifiers)
    return ToHit(needed, hit_probability(needed, dice), tuple(modifiers))
