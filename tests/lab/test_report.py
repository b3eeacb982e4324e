"""Verdicts: a map is fair when every mirror pairing's team 1 rate lies within 40-60%; else it
leans toward the side the pairing farthest from 50% favours. Apart from that, a map stalls in a
mirror pairing whose games end undecided (round cap, or a draw at the turn limit) too often."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from laser_flag.bots.match import CAP_REASON, DRAW, LIMIT_REASON, MatchResult
from laser_flag.lab import report
from laser_flag.lab.games import GameRecord
from laser_flag.lab.hitmap import HitMap
from laser_flag.lab.stats import rate
from laser_flag.tools import balance

ROOT = Path(__file__).resolve().parents[2]


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


def record(winner: str, victory: str, pairing=("a", "a")) -> GameRecord:
    result = MatchResult(pairing, winner, victory, 20, (3, 3) if winner == DRAW else (4, 2))
    return GameRecord(0, 0, 0, result, HitMap())


def test_a_row_counts_games_capped_and_drawn_at_the_turn_limit():
    records = [record("1", "score"), record(DRAW, CAP_REASON), record(DRAW, LIMIT_REASON),
               record(DRAW, LIMIT_REASON), record("2", LIMIT_REASON)]  # the last was decided
    r = report.row("m.json", ("a", "a"), records)
    assert (r["capped"], r["limit_draws"], r["draws"]) == (1, 2, 3)


@pytest.mark.parametrize(("undecided", "games", "stalls"), [
    (0, 40, False), (2, 40, False), (3, 40, True),  # 5% is the most a pairing may leave
    (1, 10, True),
])
def test_a_mirror_pairing_stalls_when_too_many_games_end_undecided(undecided, games, stalls):
    records = ([record(DRAW, LIMIT_REASON)] * undecided
               + [record("1", "score")] * (games - undecided))
    mirror = report.row("m.json", ("a", "a"), records)
    mixed = report.row("m.json", ("a", "b"), records)  # it measures bots, never the map
    assert report.stalls([mirror, mixed]) == ([mirror] if stalls else [])


def test_the_report_names_each_maps_stalling_pairings(capsys):
    """Turtles that may play only one round cannot finish a game: the lab says the map stalls."""
    duel = str(ROOT / "maps" / "duel.json")
    assert balance.main([duel, "--bots", "turtle", "--bots", "rusher,turtle", "--games", "2",
                         "--max-rounds", "1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["verdicts"][0]["stalls"] == [["turtle", "turtle"]]
    assert balance.main([duel, "--bots", "turtle", "--games", "2", "--max-rounds", "1"]) == 0
    assert ("duel.json: not measured; STALLS in turtle-turtle (2 of 2 games capped or drawn at "
            "the turn limit)") in capsys.readouterr().out
