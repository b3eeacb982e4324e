"""Odds in words: exact counts of the dice's outcomes, and a needed roll's named modifiers."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..engine.rolls import TWO_D6, Dice
from ..i18n import N_, _

# The engine's names of the modifiers after the first (engine/rolls.py), in the catalogue.
MODIFIER_LABELS = (N_("shooter elevated"), N_("target in cover"), N_("target elevated"),
                   N_("snap shot"))
TO_HIT = " to-hit"  # the first modifier: "<class> to-hit"


def chance(p: Fraction, total: int) -> str:
    """'15/36 = 41.7%': the exact count out of the dice's `total` outcomes, and its percentage."""
    count = p * total
    text = f"{count}/{total}" if count.denominator == 1 else f"{p.numerator}/{p.denominator}"
    return f"{text} = {float(p) * 100:.1f}%"


def outcomes(dice: Dice = TWO_D6, rolls: int = 1) -> int:
    """How many equally likely results `rolls` rolls of the dice have (36 for one 2D6 roll)."""
    return (dice.sides**dice.count) ** rolls


def modifiers_text(modifiers: Sequence[tuple[str, int]]) -> str:
    """'Grunt to-hit 7, -2 shooter elevated, +2 snap shot': the sum that makes a needed roll."""
    parts = [f"{modifier_label(label)} {value}" if i == 0 else
             f"{value:+d} {modifier_label(label)}" for i, (label, value) in enumerate(modifiers)]
    return ", ".join(parts)


def modifier_label(label: str) -> str:
    """An engine's modifier name ("Grunt to-hit", "target in cover") in the language spoken."""
    if label.endswith(TO_HIT):
        return _("{class_label} to-hit").format(class_label=_(label.removesuffix(TO_HIT)))
    return _(label)
