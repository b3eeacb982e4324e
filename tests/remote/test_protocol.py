"""The seat protocol's pure half: actions as JSON objects, strict reading of a seat's lines,
the line cutter's size limit, and the legal actions a seat is sent (from its view alone)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from laser_flag.engine import EndTurn, Fire, Game, Move, load_map, view
from laser_flag.engine.legal import legal
from laser_flag.engine.rules_version import RULES_VERSION
from laser_flag.engine.team_view import known_state
from laser_flag.remote import protocol
from laser_flag.remote.protocol import Lines, ProtocolError

MAPS = Path(__file__).resolve().parents[2] / "maps"


def random_states(name: str, fog: bool, seed: int, plies: int):
    """The games of one seeded random game, ply by ply."""
    rng = random.Random(seed)
    game = Game(load_map(MAPS / name), seed=seed, fog=fog)
    for _ in range(plies):
        if game.over:
            return
        yield game
        options = game.legal_actions()
        game.apply(options[rng.randrange(len(options))])


def test_every_action_round_trips_through_its_json_object():
    for game in random_states("commons.json", False, 3, 40):
        for action in game.legal_actions():
            data = protocol.action_to_json(action)
            assert json.loads(json.dumps(data)) == data
            assert protocol.action_from_json(data) == action
    assert protocol.action_to_json(Move(3, (4, 5))) == {"action": "move", "unit_id": 3,
                                                        "to": [4, 5]}
    assert protocol.action_to_json(Fire(3, 7)) == {"action": "fire", "unit_id": 3,
                                                   "target_id": 7}
    assert protocol.action_to_json(EndTurn()) == {"action": "end_turn"}


@pytest.mark.parametrize("data", [
    None, [], "move", {"action": "jump"}, {"action": "move", "unit_id": 1},
    {"action": "move", "unit_id": 1, "to": [1, 2], "extra": 0},
    {"action": "move", "unit_id": True, "to": [1, 2]}, {"action": "move", "unit_id": 1, "to": 5},
    {"action": "move", "unit_id": 1, "to": [1.0, 2]}, {"action": "move", "unit_id": 1, "to": [1]},
    {"action": "fire", "unit_id": "1", "target_id": 2}, {"action": "end_turn", "unit_id": 1},
])
def test_a_malformed_action_is_refused_with_a_reason(data):
    with pytest.raises(ProtocolError):
        protocol.action_from_json(data)


@pytest.mark.parametrize(("fog", "seed"), [(True, 1), (True, 2), (False, 3)])
def test_the_legal_actions_worked_out_from_a_view_are_the_true_games(fog, seed):
    """What a seat is offered comes from its view alone, and is exactly what the host accepts."""
    for game in random_states("commons.json", fog, seed, 120):
        seen = view(game.state(), game.active_team)
        assert list(legal(known_state(seen, game.index))) == list(game.legal_actions())


@pytest.mark.parametrize("line", [
    b"garbage", b"{", b"[1, 2]", b'{"no": "type"}', b'{"type": 5}', b"\xff\xfe",
    b"[" * 100 + b"]" * 100, b'{"type": "action", "ask": ' + b"9" * 40 + b"}",
    b'{"type": "chat", "text": NaN}', b'"\\ud800"',
])
def test_a_line_that_is_not_a_message_is_refused(line):
    with pytest.raises(ProtocolError):
        protocol.read_line(line)


@pytest.mark.parametrize("message", [
    {"type": "shout"}, {"type": "action", "ask": 1}, {"type": "action", "ask": "1", "action": {}},
    {"type": "action", "ask": 1, "action": [], }, {"type": "chat", "text": "x" * 201},
    {"type": "chat", "text": "bell\x07"}, {"type": "chat", "text": "hi", "to": "all"},
    {"type": "hello", "protocol": "1", "version": "0"}, {"type": "bye", "reason": 3},
])
def test_a_seat_message_of_the_wrong_shape_is_refused(message):
    with pytest.raises(ProtocolError):
        protocol.check_seat_message(message)


def test_a_well_formed_seat_message_passes():
    for message in ({"type": "action", "ask": 2, "action": {"action": "end_turn"}},
                    {"type": "chat", "text": "gg"}, {"type": "rematch"}, {"type": "bye"},
                    {"type": "hello", "protocol": protocol.PROTOCOL, "rules": RULES_VERSION,
                     "version": "0.18.1", "code": "ABCDEF"}):
        assert protocol.check_seat_message(message) is message


@pytest.mark.parametrize("hello", [
    {"type": "hello", "protocol": 1, "version": "0.19.0", "map_digest": None, "code": "ABCDEF"},
    {"type": "hello", "protocol": 99, "handshake": {"a": "shape", "unheard": "of"}},
])
def test_a_hello_of_another_protocol_is_read_for_its_number_alone(hello):
    assert protocol.check_seat_message(hello) is hello
    said = protocol.incompatibility(hello)
    assert said.startswith(f"the host speaks protocol {protocol.PROTOCOL}, "
                           f"you {hello['protocol']}:")


def test_a_hello_of_this_protocol_needs_its_rules_and_the_game_version_never_matters():
    hello = protocol.guest_hello(None, "ABCDEF", "Ann")
    assert protocol.incompatibility(hello) == ""
    assert protocol.incompatibility({**hello, "version": "9.9.9"}) == ""
    del hello["rules"]
    with pytest.raises(ProtocolError, match="needs 'rules'"):
        protocol.check_seat_message(hello)


def test_lines_are_cut_and_a_line_too_long_stands_as_one_none():
    lines = Lines(10)
    assert list(lines.feed(b"abc\nde")) == [b"abc"]
    assert list(lines.feed(b"f\n")) == [b"def"]
    out = list(lines.feed(b"x" * 25))  # too long and still going: refused once, at once
    out += list(lines.feed(b"y" * 25))
    out += list(lines.feed(b"zz\nok\n"))
    assert out == [None, b"ok"]
    assert list(lines.feed(b"0123456789A\nfine\n")) == [None, b"fine"]


def test_a_ten_megabyte_line_is_refused_without_being_kept():
    lines = Lines(protocol.SEAT_LINE_BYTES)
    chunk = b"a" * 65536
    refused = [x for _ in range(160) for x in lines.feed(chunk)]
    assert refused == [None]
    assert len(lines._buffer) <= protocol.SEAT_LINE_BYTES + len(chunk)
    assert list(lines.feed(b'\n{"type":"rematch"}\n')) == [b'{"type":"rematch"}']


def test_messages_are_one_line_of_ascii_json():
    gm = load_map(MAPS / "duel.json")
    game = Game(gm, seed=1, fog=True)
    seen = view(game.state(), "2")
    for message in (protocol.hello(gm, "2", True), protocol.welcome(gm, "2", {"1": "a", "2": "b"},
                    seen), protocol.your_turn(1, seen, game.index), protocol.events(seen),
                    protocol.chat("héllo\nthere")):
        line = protocol.encode(message)
        assert line.endswith(b"\n") and line.count(b"\n") == 1 and line.isascii()
        assert json.loads(line) == message


def test_the_map_digest_tells_maps_apart():
    gm = load_map(MAPS / "duel.json")
    other = load_map(MAPS / "commons.json")
    assert protocol.map_digest(gm) == protocol.map_digest(load_map(MAPS / "duel.json"))
    assert protocol.map_digest(gm) != protocol.map_digest(other)


@pytest.mark.parametrize(("message", "said"), [
    ({"type": "action"}, "an action message needs 'ask'"),
    ({"type": "hello"}, "a hello message needs 'protocol'"),
])
def test_a_refusal_names_the_message_with_its_article(message, said):
    with pytest.raises(protocol.ProtocolError, match=f"^{said}$"):
        protocol.check_seat_message(message)
