"""benchmarks/targets.py's badges section: the mirrors of the zoo and of held-out draws on every
map, each map judged on the badges' target, with what its badge says today."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

from laser_flag.engine import load_map
from laser_flag.lab import badge

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "maps" / "duel.json"


def _targets(monkeypatch) -> dict:
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))  # targets.py imports its neighbours
    found = runpy.run_path(str(ROOT / "benchmarks" / "targets.py"))
    monkeypatch.setitem(found["badges"].__globals__, "MAPS", [DUEL])
    return found


def _row(wins: int, losses: int, interval: tuple[float, float], limit_draws: int = 0) -> dict:
    games = wins + losses + limit_draws
    return {"map": str(DUEL), "pairing": ["rusher", "rusher"], "games": games,
            "team1_win_rate": wins / (wins + losses), "team1_interval": list(interval),
            "capped": 0, "limit_draws": limit_draws, "mean_rounds": 3.0}


def test_a_map_meets_the_target_only_when_every_mirror_is_fair_and_none_stalls(
        monkeypatch, capsys):
    table = _targets(monkeypatch)["badge_table"]
    table([_row(50, 50, (0.40, 0.60)), _row(58, 42, (0.48, 0.67))])
    out = capsys.readouterr().out
    assert "duel: met (0 of 2 mirrors not fair, 0 stall)" in out
    table([_row(50, 50, (0.40, 0.60)), _row(62, 38, (0.52, 0.71)),
           _row(45, 45, (0.40, 0.60), limit_draws=10)])
    out = capsys.readouterr().out
    assert "duel: NOT met (1 of 3 mirrors not fair, 1 stall)" in out
    assert "(0 of 1 maps)" in out
    assert f"badge {badge.status(load_map(DUEL)).text}" in out


def test_the_section_plays_each_mirror_of_the_zoo_and_the_draws(monkeypatch, capsys):
    _targets(monkeypatch)["badges"](games=2, seed=5, jobs=1, count=1, first=1001)
    out = capsys.readouterr().out
    assert "the mirrors of rusher, turtle, hunter, style:1001, 2 games a map and mirror" in out
    mirrors = re.findall(r"duel +(\S+) +team 1 .* \d+ capped, \d+ limit draws", out)
    assert mirrors == ["rusher-rusher", "turtle-turtle", "hunter-hunter",
                       "style:1001-style:1001"]
    assert re.search(r"duel: (NOT )?met \(\d of 4 mirrors not fair", out)
