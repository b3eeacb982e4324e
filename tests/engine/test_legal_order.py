"""legal_actions() and apply() pinned: seeded random games on every bundled map, with and without
fog, must offer exactly the recorded actions in exactly the recorded order at every step, and
apply() must tell exactly the recorded events (the paths walked included). Bots that break ties
by the order of legal_actions() play the same only if the order never moves, so a faster engine
must keep it. The record holds one digest per game, made by the engine before the hot path was
rewritten (issue 14 §2), on copies of the bundled maps as they were then (legal_order_maps/),
so that a pass over the maps leaves the pin alone. Re-record only for an intended change of
the rules: `.venv/bin/python -m tests.engine.test_legal_order`."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from laser_flag.engine import Game, load_map

MAPS = Path(__file__).with_name("legal_order_maps")
RECORD = Path(__file__).with_name("legal_order.json")
PLIES = 400


def digest(map_name: str, fog: bool, seed: int) -> str:
    """The digest of every step's legal actions and events in a seeded random game."""
    game = Game(load_map(MAPS / f"{map_name}.json"), seed=seed, fog=fog)
    rng, seen = random.Random(seed), hashlib.sha256()
    for _ in range(PLIES):
        actions = game.legal_actions()
        seen.update(repr(actions).encode())
        if not actions:
            break
        seen.update(repr(game.apply(rng.choice(actions))).encode())
        if fog:  # and what each team was told of it
            seen.update(repr([game.events_for(team) for team in "12"]).encode())
    return seen.hexdigest()


def cases() -> list[tuple[str, bool, int]]:
    maps = sorted(p.stem for p in MAPS.glob("*.json"))
    return [(m, fog, seed) for m in maps for fog in (False, True) for seed in (3, 4)]


def case_id(map_name: str, fog: bool, seed: int) -> str:
    return f"{map_name}-{'fog' if fog else 'open'}-{seed}"


@pytest.mark.parametrize("case", cases(), ids=lambda c: case_id(*c))
def test_the_legal_actions_and_events_are_the_recorded_ones(case):
    recorded = json.loads(RECORD.read_text())[case_id(*case)]
    assert digest(*case) == recorded


if __name__ == "__main__":
    RECORD.write_text(json.dumps({case_id(*c): digest(*c) for c in cases()}, indent=1) + "\n")
