"""A report's pace: each row counts the games the round cap stopped and those drawn at the
map's round limit, and a map stalls in a mirror pairing whose games end undecided that way too
often (the fairness verdict itself is tests/lab/test_verdict.py's)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from laser_flag.bots.match import CAP_REASON, DRAW, MatchResult
from laser_flag.lab import report
from laser_flag.lab.games import GameRecord
from laser_flag.lab.hitmap import HitMap
from laser_flag.tools import balance

ROOT = Path(__file__).resolve().parents[2]


def record(winner: str, victory: str, pairing=("a", "a")) -> GameRecord:
    result = MatchResult(pairing, winner, victory, 20, (3, 3) if winner == DRAW else (4, 2))
    return GameRecord(0, 0, 0, result, HitMap())


def test_a_row_counts_games_capped_and_drawn_at_the_turn_limit():
    limit = report.ROUND_LIMIT
    records = [record("1", "score"), record(DRAW, CAP_REASON), record(DRAW, limit),
               record(DRAW, limit), record("2", limit)]  # the last was decided
    r = report.row("m.json", ("a", "a"), report.Tally.of(records))
    assert (r["capped"], r["limit_draws"], r["draws"]) == (1, 2, 3)


@pytest.mark.parametrize(("undecided", "games", "stalls"), [
    (0, 40, False), (2, 40, False), (3, 40, True),  # 5% is the most a pairing may leave
    (1, 10, True),
])
def test_a_mirror_pairing_stalls_when_too_many_games_end_undecided(undecided, games, stalls):
    records = ([record(DRAW, report.ROUND_LIMIT)] * undecided
               + [record("1", "score")] * (games - undecided))
    tally = report.Tally.of(records)
    mirror = report.row("m.json", ("a", "a"), tally)
    mixed = report.row("m.json", ("a", "b"), tally)  # it measures bots, never the map
    assert report.stalls([mirror, mixed]) == ([mirror] if stalls else [])


def test_the_report_names_each_maps_stalling_pairings(capsys):
    """Turtles that may play only one round cannot finish a game: the lab says the map stalls."""
    duel = str(ROOT / "maps" / "duel.json")
    assert balance.main([duel, "--bots", "turtle", "--bots", "rusher,turtle", "--games", "2",
                         "--max-rounds", "1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["verdicts"][0]["stalls"] == [["turtle", "turtle"]]
    assert balance.main([duel, "--bots", "turtle", "--games", "2", "--max-rounds", "1"]) == 0
    assert ("duel.json: undecided (2 games), the cap reached; STALLS in turtle-turtle (2 of 2 "
            "games capped or drawn at the round limit)") in capsys.readouterr().out
