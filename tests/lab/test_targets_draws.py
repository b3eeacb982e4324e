"""benchmarks/targets.py's draws section: the planner's record against draws of the population,
every game asked for played, next to its figures against the outside players."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_draws_section_plays_the_planner_against_each_draw(monkeypatch, capsys):
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))  # targets.py imports its neighbours
    strength = runpy.run_path(str(ROOT / "benchmarks" / "targets.py"))["population_strength"]
    monkeypatch.setitem(strength.__globals__, "MAPS", [ROOT / "maps" / "duel.json"])
    strength(games=2, seed=5, jobs=1, count=2, first=40, tuning=True)
    out = capsys.readouterr().out
    assert "the planner against 2 tuning draws, 2 games a map and draw, seed 5" in out
    wins, losses, draws = map(int, re.search(r"planner: (\d+)-(\d+), (\d+) draws", out).groups())
    assert wins + losses + draws == 4  # 2 draws x 2 games on one map
    assert "against the outside players beginner 79%, cautious 55%, sharp 56%" in out
    assert re.search(r"hardest style:4[02] .*easiest style:4[02]", out)
