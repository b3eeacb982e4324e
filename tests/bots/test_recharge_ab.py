"""benchmarks/recharge_ab.py: a game in which the recharge rule never acted counts the same in
both arms, one in which it acted is played again without it, and the rule is put back."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

from laser_flag.bots import search
from laser_flag.engine import EndTurn, load_map
from laser_flag.lab.games import Plan, tasks

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))  # the study imports blunders.py as its neighbour
AB = runpy.run_path(str(ROOT / "benchmarks" / "recharge_ab.py"))
PLAY = AB["play"]
TASK = next(tasks(Plan((load_map(ROOT / "maps" / "commons.json"),), (("hard", "rusher"),), 1, 3,
                       budget="steps:5")))


def test_the_arms_differ_only_in_games_the_rule_acted_in(monkeypatch):
    monkeypatch.setattr(search, "recharge", search.recharge)  # put back after the test
    monkeypatch.setitem(PLAY.__globals__, "RULE", lambda *args: None)  # a rule that never acts
    plain, again, acted = PLAY(TASK)
    assert not acted and search.recharge is PLAY.__globals__["RULE"]
    assert (plain.counts, plain.record) == (again.counts, again.record)
    c = plain.counts
    assert AB["outcome"](plain).endswith(
        f", conceded {c['conceded']} ({c['conceded on a base']} on a base)")

    def first_move_ends_the_turn(*args):
        first_move_ends_the_turn.calls += 1
        return EndTurn() if first_move_ends_the_turn.calls == 1 else None
    first_move_ends_the_turn.calls = 0
    monkeypatch.setitem(PLAY.__globals__, "RULE", first_move_ends_the_turn)
    with_rule, without, acted = PLAY(TASK)
    assert acted and search.recharge is first_move_ends_the_turn
    assert (without.counts, without.record) == (plain.counts, plain.record)
    assert with_rule.counts != plain.counts
