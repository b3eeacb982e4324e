"""Saves written by earlier versions of the game verify with the digest they were saved with
(RULES §8): games Hard lost to two scripted players (0.18.1, no fog), and seeded games recorded
by the engine as it was before the game state became one immutable value (with and without fog,
random and bot play, finished and unfinished). A change to the rules' outcomes, the dice or
what the digest covers would refuse them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from laser_flag.engine.record import state_digest
from laser_flag.saves import load_save

SAVES = sorted((Path(__file__).resolve().parent / "data" / "earlier_saves").glob("*.json"))


def test_the_earlier_saves_cover_fog_and_unfinished_games():
    saved = [json.loads(path.read_text(encoding="utf-8")) for path in SAVES]
    assert len(saved) >= 17
    assert any(s["fog"] for s in saved) and any(not s["fog"] for s in saved)
    assert any(not s["over"] for s in saved) and any(s["over"] for s in saved)


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_an_earlier_save_replays_to_its_saved_digest(path):
    saved = json.loads(path.read_text(encoding="utf-8"))
    loaded = load_save(path)  # ReplayMismatch if a replayed action or the digest differs
    assert len(loaded.actions) == len(saved["actions"])
    assert state_digest(loaded.game) == saved["final_digest"]
    assert (loaded.game.winner, loaded.game.victory) == (saved.get("winner"), saved.get("victory"))
