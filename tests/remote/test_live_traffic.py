"""Whole games played by real processes, every line of them recorded both ways and checked
against docs/protocol.schema.json: a host (its own side played by a program) and a guest client
talking through a recording relay, and a headless game of two programs, with fog and without.
No message carries events twice, and a program is told its answer time."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from laser_flag.bots.program import SECONDS_VARIABLE

from ..waits import PipeReader, wait_until
from .net import ROOT, Relay, client, state
from .schema import FROM_GAME, FROM_SEAT, check_lines, events_once, problems
from .test_two_clients import stop

pytestmark = [pytest.mark.slow, pytest.mark.net]

PY = sys.executable
TEE = Path(__file__).with_name("tee_seat.py")
EXAMPLES = ROOT / "examples"
SECONDS = 30  # a program's answer time here: generous on a busy machine, and told to it


def recorded_program(log: Path, bot: str, *args: str) -> str:
    """An `exec:` seat playing examples/`bot`, its conversation written to `log`."""
    return f"exec:{PY} {TEE} {log} {PY} {EXAMPLES / bot} {' '.join(args)}".strip()


def program_talk(log: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A recorded program's conversation, each side checked: (the game's, the program's)."""
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    return (check_lines([r["line"] for r in records if r["to"] == "seat"], FROM_GAME),
            check_lines([r["line"] for r in records if r["to"] == "game"], FROM_SEAT))


def check_game_side(told: list[dict[str, Any]], fog: bool, seconds: float | None) -> None:
    """What a seat was told, every message valid already: a whole game from hello to its end,
    its events told once, and the answer time in each your_turn for a program alone."""
    kinds = [m["type"] for m in told]
    assert kinds[:2] == ["hello", "welcome"] and "your_turn" in kinds, kinds[:5]
    assert told[0]["fog"] is fog
    assert all(events_once(m) for m in told)
    assert all(m.get("seconds") == seconds for m in told if m["type"] == "your_turn")
    final = [m for m in told if m["type"] == "events"][-1]
    assert final["view"]["winner"] is not None and final["events"][-1]["event"] == "game_over"


def check_seat_side(answers: list[dict[str, Any]], told: list[dict[str, Any]]) -> None:
    """Every action answers a your_turn the seat was sent, with one of its legal actions."""
    asked = {m["ask"]: m["legal"] for m in told if m["type"] == "your_turn"}
    actions = [m for m in answers if m["type"] == "action"]
    assert actions and all(m["action"] in asked[m["ask"]] for m in actions)


def check_refuses_changes(told: list[dict[str, Any]]) -> None:
    """A recorded events message with an event renamed, or with a field more, is refused."""
    message = next(m for m in told if m["type"] == "events" and m["events"])
    renamed = json.loads(json.dumps(message))
    event = renamed["events"][0]
    field = next(k for k in event if k != "event")
    event[field + "_renamed"] = event.pop(field)
    assert problems(renamed, FROM_GAME)
    assert problems({**message, "extra": 1}, FROM_GAME)
    assert not problems(message, FROM_GAME)


def start_host(tmp_path: Path, fog: bool, team1: str):
    host = client("host", "--map", "blitz", "--port", "0", "--team1", team1, "--seed", "8",
                  "--fog" if fog else "--no-fog", "--state-file", str(tmp_path / "host.json"),
                  data_dir=tmp_path / "host-data")
    out = PipeReader(host.stdout)
    line = wait_until(lambda: re.search(r"on 127\.0\.0\.1:(\d+), join code ([A-Z]{6})",
                                        out.text()), "the host's address", timeout=30)
    return host, ("127.0.0.1", int(line.group(1))), line.group(2)


@pytest.mark.parametrize("fog", [False, True], ids=["no-fog", "fog"])
def test_every_line_of_a_hosted_game_both_ways_and_of_its_program_is_valid(
        tmp_path, monkeypatch, fog):
    monkeypatch.setenv(SECONDS_VARIABLE, str(SECONDS))
    log = tmp_path / "host-seat.jsonl"
    host, address, code = start_host(tmp_path, fog, recorded_program(log, "greedy_bot.py"))
    relay = Relay(address)
    guest = client("join", f"127.0.0.1:{relay.address[1]}", "--code", code, "--player", "Easy",
                   data_dir=tmp_path / "guest-data")
    try:
        wait_until(lambda: (s := state(tmp_path / "host.json")) and s["winner"],
                   "the game over on the host", timeout=300)
        wait_until(lambda: any(b'"game_over"' in line for line in relay.to_seat if line),
                   "the last events relayed to the guest", timeout=30)
    finally:
        errors = stop(guest, host)
        relay.close()
    for err in errors:
        assert "Traceback" not in err, err
    told = check_lines(relay.to_seat, FROM_GAME)
    check_game_side(told, fog, None)
    answers = check_lines(relay.to_game, FROM_SEAT)
    assert answers[0]["type"] == "hello"
    check_seat_side(answers, told)
    check_refuses_changes(told)
    program_told, program_answers = program_talk(log)
    check_game_side(program_told, fog, SECONDS)
    check_seat_side(program_answers, program_told)


@pytest.mark.parametrize("fog", [False, True], ids=["no-fog", "fog"])
def test_every_line_of_a_headless_game_of_two_programs_is_valid(tmp_path, monkeypatch, fog):
    monkeypatch.setenv(SECONDS_VARIABLE, str(SECONDS))
    logs = {team: tmp_path / f"team{team}.jsonl" for team in "12"}
    game = client("--map", "duel", "--headless", "--seed", "3", "--fog" if fog else "--no-fog",
                  "--team1", recorded_program(logs["1"], "random_bot.py", "7"),
                  "--team2", recorded_program(logs["2"], "greedy_bot.py"),
                  data_dir=tmp_path / "data")
    out, err = game.communicate(timeout=300)
    assert game.returncode == 0, err.decode()
    for log in logs.values():
        told, answers = program_talk(log)
        check_game_side(told, fog, SECONDS)
        assert told[-1]["type"] == "bye"
        check_seat_side(answers, told)
        check_refuses_changes(told)
