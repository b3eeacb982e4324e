"""Odds in words: exact counts of the dice's outcomes, and a needed roll's named modifiers."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..engine.rolls import TWO_D6


def chance(p: Fraction, outcomes: int) -> str:
    """'15/36 = 41.7%': the exact count of the dice's `outcomes` and its percentage."""
    count = p * outcomes
    text = f"{count}/{outcomes}" if count.denominator == 1 else f"{p.numerator}/{p.denominator}"
    return f"{text} = {float(p) * 100:.1f}%"


def roll_outcomes(dice_rolled: int, rolls: int = 1) -> int:
    """How many equally likely results `rolls` rolls of `dice_rolled` game dice have."""
    return (TWO_D6.sides**dice_rolled) ** rolls


def modifiers_text(modifiers: Sequence[tuple[str, int]]) -> str:
    """'Grunt to-hit 7, -2 shooter elevated, +2 snap shot': the sum that makes a needed roll."""
    parts = [f"{label} {value}" if i == 0 else f"{value:+d} {label}"
             for i, (label, value) in enumerate(modifiers)]
    return ", ".join(parts)
