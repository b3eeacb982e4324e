"""benchmarks/hits.py, the loss study, counts every hit once by how it came and once by where
its target stood, and its counts add up to the games' scores."""

from __future__ import annotations

import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_hit_is_counted_once_by_how_and_once_by_where_and_they_make_the_scores():
    study = runpy.run_path(str(ROOT / "benchmarks" / "hits.py"))["Study"]()
    study.play(ROOT / "maps" / "duel.json", ("greedy", "rusher"), games=2, seed=3)
    assert sum(study.wins.values()) == 2
    for name, other in (("greedy", "rusher"), ("rusher", "greedy")):
        mine, theirs = study.counts[name], study.counts[other]
        scored = mine["shots hit"] + mine["snap shots hit"]
        assert scored == mine["points scored"] > 0
        how = sum(n for k, n in theirs.items() if k.startswith("hits taken from a "))
        where = sum(theirs[f"hits taken {k}"] for k in ("holding snap shots", "in cover",
                                                          "in the open"))
        assert how == where == scored
        assert mine["shots hit"] <= mine["shots"] and mine["snap shots hit"] <= mine["snap shots"]
