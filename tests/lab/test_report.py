"""Verdicts: a map is fair when every mirror pairing's team 1 rate lies within 40-60%; else it
leans toward the side the pairing farthest from 50% favours."""

from __future__ import annotations

import pytest

from laser_flag.lab import report
from laser_flag.lab.stats import rate


def row(pairing: str, wins: int, losses: int) -> dict:
    r = rate(wins, losses)
    return {"pairing": pairing.split(","), "team1_win_rate": r["win_rate"],
            "team1_interval": r["interval"]}


@pytest.mark.parametrize(("rows", "expected"), [
    ([row("a,a", 50, 50), row("b,b", 40, 60)], report.FAIR),
    ([row("a,a", 60, 40), row("b,b", 55, 45)], report.FAIR),
    ([row("a,a", 61, 39), row("b,b", 50, 50)], "leans team 1"),
    ([row("a,a", 52, 48), row("b,b", 35, 65)], "leans team 2"),
    ([row("a,a", 62, 38), row("b,b", 30, 70)], "leans team 2"),  # the farther one names it
    ([row("a,a", 50, 50), row("a,b", 90, 10)], report.FAIR),  # a mixed pairing measures bots
    ([row("a,b", 50, 50)], report.NO_MIRROR),
    ([row("a,a", 50, 50), row("b,b", 0, 0)], report.NOT_MEASURED),
])
def test_verdict(rows, expected):
    assert report.verdict(rows) == expected


def test_a_fair_rate_has_an_interval_overlapping_the_band():
    """The verdict looks at the point estimate only: the Wilson interval always holds it."""
    for wins in range(0, 21):
        r = rate(wins, 20 - wins)
        low, high = r["interval"]
        assert low <= r["win_rate"] <= high
