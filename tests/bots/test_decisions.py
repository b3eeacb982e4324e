"""The bots' decisions pinned: seeded games on every bundled map, between every kind of bot the
lab and the levels use (Hard at the badges' step budget, the planner, the zoo's styles), must
choose exactly the actions recorded in decisions.json, so a refactor of the bots or the
engine's "what if" helpers cannot quietly change how they play.

The record names the `bots.PLAY_VERSION` it was made under, and a badge measured by that
version or later counts as current: so an intended change of play is re-recorded only with a
new PLAY_VERSION (`.venv/bin/python -m tests.bots.test_decisions` refuses otherwise), and the
badges then read "changed since measured" until measured again."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from laser_flag.bots import PLAY_VERSION, make_bot
from laser_flag.bots.budget import Budget
from laser_flag.engine import Action, EndTurn, Fire, Game, Move, load_map
from tests.fast import FAST_MAPS, fast_unless

ROOT = Path(__file__).resolve().parents[2]
RECORD = Path(__file__).with_name("decisions.json")
PAIRS = (("planner", "greedy"), ("greedy", "planner"), ("hard", "planner"), ("turtle", "hunter"),
         ("rusher", "hard"))
PLIES = 60
HARD_STEPS = 40  # the badges' budget (`make badges`): the Hard whose play a badge measured


def as_text(action: Action) -> str:
    if isinstance(action, Move):
        return f"move {action.unit_id} {action.to[0]} {action.to[1]}"
    if isinstance(action, Fire):
        return f"fire {action.unit_id} {action.target_id}"
    assert isinstance(action, EndTurn)
    return "end"


def self_play(map_name: str, pair: tuple[str, str], seed: int) -> list[str]:
    """The first PLIES actions of a seeded game between two bots, as text."""
    game = Game(load_map(ROOT / "maps" / f"{map_name}.json"), seed=seed)
    budget = Budget.steps(HARD_STEPS)
    bots = {"1": make_bot(pair[0], seed, budget), "2": make_bot(pair[1], seed + 1, budget)}
    chosen = []
    while not game.over and len(chosen) < PLIES:
        action = bots[game.active_team].choose(game)
        game.apply(action)
        chosen.append(as_text(action))
    return chosen


def cases() -> list[tuple[str, tuple[str, str], int]]:
    maps = sorted(p.stem for p in (ROOT / "maps").glob("*.json"))
    return [(m, pair, seed) for seed, pair in enumerate(PAIRS, start=7) for m in maps]


def case_id(map_name: str, pair: tuple[str, str], seed: int) -> str:
    return f"{map_name}-{pair[0]}-{pair[1]}-{seed}"


def recorded() -> dict:
    return json.loads(RECORD.read_text(encoding="utf-8"))


def as_param(case: tuple[str, tuple[str, str], int]):
    hard = "hard" in case[1]  # a second or two a game
    slow = hard or case[0] not in FAST_MAPS
    return pytest.param(case, id=case_id(*case), marks=fast_unless(slow))


@pytest.mark.parametrize("case", [as_param(c) for c in cases()])
def test_the_bots_choose_the_recorded_actions(case):
    assert self_play(*case) == recorded()["games"][case_id(*case)]


def test_the_record_is_of_this_play_version():
    """A new PLAY_VERSION comes with the decisions it names recorded again."""
    assert recorded()["play_version"] == PLAY_VERSION


def test_recording_a_change_of_play_needs_a_new_play_version(tmp_path, monkeypatch):
    case = ("duel", ("planner", "greedy"), 7)
    monkeypatch.setattr(sys.modules[__name__], "cases", lambda: [case])
    monkeypatch.setattr(sys.modules[__name__], "RECORD", tmp_path / "decisions.json")
    stale = json.dumps({"play_version": PLAY_VERSION, "games": {case_id(*case): ["end"]}})
    (tmp_path / "decisions.json").write_text(stale, encoding="utf-8")
    assert record() == 1
    assert (tmp_path / "decisions.json").read_text(encoding="utf-8") == stale  # untouched
    (tmp_path / "decisions.json").write_text(stale.replace(PLAY_VERSION, "0.0.1"))
    assert record() == 0
    assert recorded() == {"play_version": PLAY_VERSION, "games": {case_id(*case): self_play(*case)}}


def record() -> int:
    """Write decisions.json again; refused (status 1, the file untouched) when the bots choose
    differently but PLAY_VERSION is still the one the record was made under."""
    games = {case_id(*c): self_play(*c) for c in cases()}
    old = recorded() if RECORD.exists() else {"play_version": None, "games": {}}
    changed = sorted(k for k, v in games.items() if k in old["games"] and old["games"][k] != v)
    if changed and old["play_version"] == PLAY_VERSION:
        print(f"the bots choose differently in {', '.join(changed)}: set bots.PLAY_VERSION to "
              "the coming release first (its badges must then be measured again)",
              file=sys.stderr)
        return 1
    RECORD.write_text(json.dumps({"play_version": PLAY_VERSION, "games": games}, indent=1)
                      + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(record())
