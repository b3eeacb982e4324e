"""The bots' decisions pinned: seeded self-play on every bundled map must choose exactly the
actions recorded in decisions.json, so a refactor of the bots or the engine's "what if"
helpers cannot quietly change how they play. Re-record only for an intended change of play:
`.venv/bin/python -m tests.bots.test_decisions`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from laser_flag.bots import make_bot
from laser_flag.engine import Action, EndTurn, Fire, Game, Move, load_map

ROOT = Path(__file__).resolve().parents[2]
RECORD = Path(__file__).with_name("decisions.json")
PAIRS = (("planner", "greedy"), ("greedy", "planner"))
PLIES = 60


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
    bots = {"1": make_bot(pair[0], seed), "2": make_bot(pair[1], seed + 1)}
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


@pytest.mark.parametrize("case", cases(), ids=lambda c: case_id(*c))
def test_the_bots_choose_the_recorded_actions(case):
    recorded = json.loads(RECORD.read_text())[case_id(*case)]
    assert self_play(*case) == recorded


if __name__ == "__main__":
    RECORD.write_text(json.dumps({case_id(*c): self_play(*c) for c in cases()}, indent=1) + "\n")
