"""docs/protocol.schema.json for the server: the lobby's messages it names are the ones the
server checks, every message the server builds passes it, and so does every line of a game
played through a real server process, both ways."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from laser_flag.engine import load_map
from laser_flag.remote import protocol
from laser_flag.server import messages
from laser_flag.server.room import Room, Settings

from ..remote.schema import problems, schema
from ..remote.test_schema import told_apart
from .fakes import Later, Member
from .running import create, server, sit, visitor

MAPS = Path(__file__).resolve().parents[2] / "maps"
DEFS = schema()["$defs"]
TO, FROM = "to_server", "from_server"


def test_the_lobby_s_messages_are_the_ones_the_server_checks():
    shapes = told_apart(TO)
    assert set(shapes) == set(messages.CLIENT_MESSAGES)
    for kind, spec in messages.CLIENT_MESSAGES.items():
        shape = DEFS[shapes[kind]]
        assert shape["additionalProperties"] is False
        assert set(shape["properties"]) == {"type", *spec}, kind
        assert set(shape["required"]) == {"type", *spec} - messages.CLIENT_OPTIONAL.get(
            kind, set())
    assert DEFS["server_create"]["properties"]["watch"]["enum"] == list(
        messages.WATCH_POLICIES[1:])


def played_room() -> tuple[Room, Member, Member, Member]:
    """A fogged game played to its end with a spectator watching it a round late."""
    room = Room("ABCDEF", load_map(MAPS / "blitz.json"), Settings(True, 30, True, "delay"), 4,
                Later())
    ann, bob, eve = Member("Ann"), Member("Bob"), Member("Eve")
    room.claim("1", "Ann")
    room.sit("1", ann)
    room.sit("2", bob)
    room.watch(eve)
    rng = random.Random(2)
    players = {"1": ann, "2": bob}
    while not room.game.over:
        turn = players[room.game.active_team].of("your_turn")[-1]
        chosen = rng.choice(turn["legal"])
        assert room.act(players[room.game.active_team], {"ask": turn["ask"], "action": chosen}) \
            == ""
    room.chat(eve, "gg")
    eve.post(room.replay())
    return room, ann, bob, eve


def test_every_message_the_server_builds_is_valid():
    room, ann, bob, eve = played_room()
    built = [messages.server_hello(), messages.created("ABCDEF", "s3cret", "1"),
             messages.games([room.summary()]), *ann.sent, *bob.sent, *eve.sent]
    kinds = set()
    for message in built:
        assert problems(json.loads(protocol.encode(message)), FROM) == [], message["type"]
        kinds.add(message["type"])
    assert kinds == set(told_apart(FROM)) - {"rematch", "bye", "error"}


@pytest.mark.parametrize("change", [{"lobby": 1}, {"map": "duel"}])
def test_a_server_hello_of_another_lobby_or_shape_is_refused(change):
    assert problems({**messages.server_hello(), **change}, FROM)


def next_turn(players, timeout=60.0):
    """The player whose your_turn comes next, and that message; None once the game is over."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for player in players:
            try:
                message = player.read(timeout=0.05)
            except AssertionError:  # nothing yet
                continue
            if message["type"] == "events" and message["view"]["winner"] is not None:
                return None
            if message["type"] == "your_turn":
                return player, message
    raise AssertionError(f"no turn within {timeout:g} s")


@pytest.mark.net
def test_every_line_of_a_game_through_a_server_process_is_valid_both_ways():
    with server("--seed", "8") as running:
        maker, made = create(running.address, fog=True, watch="delay", seconds=60)
        ann = sit(running.address, made["secret"], "Ann")
        bob = sit(running.address, made["code"], "Bob")
        eve = visitor(running.address)
        sent = [{"type": "watch", "code": made["code"]}, {"type": "list"}]
        for message in sent:
            eve.send(message)
        rng = random.Random(5)
        while (turn := next_turn([ann, bob])) is not None:
            player, message = turn
            answer = {"type": "action", "ask": message["ask"],
                      "action": rng.choice(message["legal"])}
            sent.append(answer)
            player.send(answer)
        eve.send({"type": "replay"})
        eve.read("replay", timeout=30)
        for guest in (maker, ann, bob, eve):
            for message in guest.messages:
                assert problems(message, FROM) == [], message["type"]
        for message in sent:
            assert problems(message, TO) == [], message["type"]
