"""Honest verdicts: a pairing is fair only when its whole 95% interval lies in 40-60%, leaning
only when the whole interval lies outside, and undecided otherwise; a map is fair when every
mirror pairing is, leans when one does, and says "undecided (N games)" until the games tell."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from laser_flag.lab import verdict
from laser_flag.lab.stats import wilson
from laser_flag.lab.verdict import FAIR, LEANS, NO_MIRROR, NOT_MEASURED, UNDECIDED, judge


def row(pairing: str, wins: int, losses: int, draws: int = 0) -> dict:
    return {"pairing": pairing.split(","), "games": wins + losses + draws,
            "team1_wins": wins, "team2_wins": losses}


@pytest.mark.parametrize(("wins", "losses", "expected"), [
    (6, 2, UNDECIDED),  # the editor's old default: "leans team 1" at 75% [41-93%]
    (4, 4, UNDECIDED),  # 50% of 8 said "fair" before: it could be anything from 22% to 78%
    (50, 50, FAIR),  # [40.4-59.6]: just inside
    (48, 48, FAIR),  # [40.2-59.8]: 96 decided games are just enough at 50%...
    (47, 49, UNDECIDED),  # ...and not at 49%: [39.2-58.8]
    (43, 53, UNDECIDED),  # Bastion's Hard-Hard badge of 0.18.1, "fair" until now
    (60, 40, UNDECIDED),  # 60% with an interval reaching both sides of the band's edge
    (90, 10, LEANS["1"]),
    (10, 90, LEANS["2"]),
    (16, 0, LEANS["1"]),  # 16 of 16: [80.6-100]
    (500_000, 500_000, FAIR),
])
def test_a_pairing_is_told_only_when_its_interval_lies_wholly_on_one_side(wins, losses, expected):
    assert verdict.row_verdict(row("a,a", wins, losses)) == expected


def test_the_band_edges_belong_to_the_band():
    """An interval ending exactly at 40% or 60% is inside; one a hair past it is not."""
    inside = {"pairing": ["a", "a"], "games": 0, "team1_wins": 0, "team2_wins": 0}
    for wins in range(0, 400):
        low, high = wilson(wins, 400)
        told = verdict.row_verdict({**inside, "team1_wins": wins, "team2_wins": 400 - wins})
        assert (told == FAIR) == (low >= 0.4 and high <= 0.6)
        assert (told == LEANS["1"]) == (low > 0.6) and (told == LEANS["2"]) == (high < 0.4)


@given(st.integers(0, 2000), st.integers(0, 2000))
def test_every_verdict_agrees_with_its_interval(wins, losses):
    told = verdict.row_verdict(row("a,a", wins, losses))
    bounds = wilson(wins, wins + losses)
    if told == FAIR:
        assert bounds[0] >= 0.4 and bounds[1] <= 0.6
    elif told in LEANS.values():
        assert bounds[0] > 0.6 or bounds[1] < 0.4
    else:
        assert bounds is None or (bounds[0] <= 0.6 and bounds[1] >= 0.4
                                  and (bounds[0] < 0.4 or bounds[1] > 0.6))


@pytest.mark.parametrize(("rows", "word", "text"), [
    ([row("a,a", 100, 100), row("b,b", 210, 190)], FAIR, "fair"),
    ([row("a,a", 100, 100), row("b,b", 6, 2)], UNDECIDED, "undecided (208 games)"),
    ([row("a,a", 6, 2), row("b,b", 10, 90)], LEANS["2"], "leans team 2"),  # one lean is enough
    ([row("a,a", 90, 10), row("b,b", 2, 98)], LEANS["2"], "leans team 2"),  # the farther names it
    ([row("a,a", 100, 100), row("a,b", 90, 10)], FAIR, "fair"),  # a mixed pairing measures bots
    ([row("a,a", 4, 4), row("a,b", 600, 0)], UNDECIDED, "undecided (8 games)"),
    ([row("a,b", 50, 50)], NO_MIRROR, NO_MIRROR),
    ([row("a,a", 0, 0)], NOT_MEASURED, NOT_MEASURED),
    ([row("a,a", 0, 0, draws=12)], UNDECIDED, "undecided (12 games)"),  # all draws tell nothing
    ([row("a,a", 600, 600, draws=1)], FAIR, "fair"),
    ([row("a,a", 3, 1), row("b,b", 600, 599)], UNDECIDED, "undecided (1,203 games)"),
])
def test_a_maps_verdict(rows, word, text):
    found = judge(rows)
    assert (found.word, found.text) == (word, text)


def test_a_lean_names_its_row_and_team():
    found = judge([row("a,a", 90, 10), row("b,b", 100, 100)])
    assert found.leaning == "1" and found.deciding["team1_wins"] == 90
    assert judge([row("a,a", 100, 100)]).leaning is None


def test_the_interval_comes_from_the_counts_never_from_the_row():
    """A row that carries a narrow interval its counts do not give is judged by its counts."""
    forged = {**row("a,a", 3, 1), "team1_interval": [0.49, 0.51]}
    assert verdict.row_verdict(forged) == UNDECIDED
