"""benchmarks/rule_ab.py: a game in which the rule never acted counts the same in both arms, one
in which it acted is played again with the rule answering None, and the rule is put back."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

from laser_flag.bots import search
from laser_flag.engine import Move, load_map
from laser_flag.lab.games import Plan, tasks

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))  # the study imports blunders.py as its neighbour
AB = runpy.run_path(str(ROOT / "benchmarks" / "rule_ab.py"))
PLAY = AB["play"]
TASK = next(tasks(Plan((load_map(ROOT / "maps" / "commons.json"),), (("hard", "rusher"),), 1, 3,
                       budget="steps:5")))


def test_the_arms_differ_only_in_games_the_rule_acted_in(monkeypatch):
    escape = search.escape
    plain, again, acted = PLAY(TASK, "escape")  # no unit of Hard's is left in danger here
    assert not acted and search.escape is escape
    assert (plain.counts, plain.record) == (again.counts, again.record)
    c = plain.counts
    assert AB["outcome"](plain).endswith(
        f", conceded {c['conceded']} ({c['conceded on a base']} on a base)")

    def first_move(game, unit):
        """A rule that acts once: the first time it is asked, any unit's first legal move."""
        first_move.calls += 1
        if first_move.calls > 1:
            return None
        return next((a for a in game.legal_actions() if isinstance(a, Move)), None)
    first_move.calls = 0
    monkeypatch.setattr(search, "in_danger", lambda game, unit: True)  # asked at every turn end
    monkeypatch.setattr(search, "escape", first_move)
    with_rule, without, acted = PLAY(TASK, "escape")
    assert acted and search.escape is first_move
    assert (without.counts, without.record) == (plain.counts, plain.record)
    assert with_rule.counts != plain.counts
