"""The debug dump (`--state-file`, play/state_dump.py): the state and the whole log in one file
replaced whole, each log line encoded once however long the game, undo's lines taken back."""

from __future__ import annotations

import json
import random
from pathlib import Path

from laser_flag.engine import load_map
from laser_flag.play import state_dump
from laser_flag.play.session import Session
from laser_flag.play.turns import Turns

DUEL = Path(__file__).resolve().parents[2] / "maps" / "duel.json"


def dumped(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_dump_holds_the_log_as_it_stands_through_actions_and_undo(tmp_path, data_dir):
    """Written after each action and each undo, as the log stands then (an event's line is
    logged as it plays)."""
    path = tmp_path / "state.json"
    turns, rng = Turns(Session.start(load_map(DUEL), seed=2, state_file=path)), random.Random(2)
    undone = 0
    for step in range(80):
        if step % 5 == 4 and turns.undo() is None:
            undone += 1
        else:
            turns.skip_playback()
            turns.act(rng.choice(turns.game.legal_actions()))
        state = dumped(path)
        assert state["log"] == list(turns.session.log) and state["turn"] == turns.game.turn
        if turns.game.over:
            break
    assert len(turns.session.log) > 20 and undone > 3
    turns.leave()


def test_each_log_line_is_encoded_once(tmp_path, monkeypatch):
    encoded: list[str] = []
    dumps = json.dumps

    def counting(value, *args, **kwargs):
        if isinstance(value, str):
            encoded.append(value)
        return dumps(value, *args, **kwargs)

    monkeypatch.setattr(state_dump.json, "dumps", counting)
    dump, log = state_dump.StateDump(tmp_path / "state.json"), []
    for n in range(200):
        log.append(f"line {n}")
        dump.write({"turn": n}, log)
    assert encoded == log  # never the whole log again
    del log[150:]  # undo takes lines back
    log.append("after undo")
    dump.write({"turn": 0}, log)
    assert encoded[200:] == ["after undo"] and dumped(tmp_path / "state.json")["log"] == log
