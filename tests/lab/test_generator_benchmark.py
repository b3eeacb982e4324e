"""benchmarks/generator.py: each seed's line says what Hard's look found, a stall or a look the
time cut short included, not its verdict alone."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HARD_SAID = runpy.run_path(str(ROOT / "benchmarks" / "generator.py"))["hard_said"]


def look(verdict: str, stalls: bool = False, cut_short: bool = False) -> dict:
    return {"budget": "steps:10", "verdict": verdict, "stalls": stalls, "cut_short": cut_short,
            "games": 96, "planned": 200}


@pytest.mark.parametrize(("hard", "said"), [
    (None, "-"),
    (look("fair"), "fair"),
    (look("leans team 1"), "leans team 1"),
    (look("undecided (200 games)", stalls=True), "undecided (200 games), stalls"),
    (look("undecided (96 games)", cut_short=True), "undecided (96 games), cut short"),
])
def test_hards_look_is_said_with_its_stall_and_its_cut(hard, said):
    assert HARD_SAID(hard) == said
