"""Hostile clients against a real server process: the host's corpus of bad lines, the hostile
maps sent with `create`, a 10 MB line, a flood of messages, too many connections, games or
silent sockets. Each is refused in one line (or the connection closed), the server neither
crashes nor stalls, and a game under way goes on untouched."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from laser_flag.server import limits

from ..remote.corpus import CORPUS
from .running import create, server, sit, visitor

pytestmark = pytest.mark.net  # a server process and its clients over sockets on 127.0.0.1

HOSTILE_MAPS = sorted((Path(__file__).resolve().parents[1] / "data" / "hostile" / "maps")
                      .glob("*.json"))
MESSAGE_LIMIT = 500


@pytest.fixture(scope="module")
def running():
    with server("--seed", "3", "--handshake", "1") as started:
        yield started


@pytest.fixture(scope="module")
def game(running):
    """A game under way: Ann (team 1) to move, Bob waiting."""
    _, made = create(running.address)
    ann = sit(running.address, made["secret"], "Ann")
    bob = sit(running.address, made["code"], "Bob")
    return ann, bob, ann.read("your_turn")


def still_serving(running, game):
    """A newcomer is greeted and answered, and the game under way stands where it stood (a
    newcomer asks: a player asking each time would pass its own rate)."""
    newcomer = visitor(running.address)
    newcomer.send({"type": "list"})
    assert newcomer.read("games")["games"][0]["round"] == 1
    newcomer.close()


def answer(guest):
    """The first answer a connection is told: an error, or a game made."""
    while True:
        message = guest.read()
        if message["type"] in ("error", "created"):
            return message


@pytest.mark.parametrize("line", CORPUS, ids=range(len(CORPUS)))
def test_a_stranger_s_garbage_is_refused_in_a_line(running, game, line):
    stranger = visitor(running.address)
    stranger.send(line)
    told = answer(stranger)
    assert told["type"] == "error" and len(told["message"]) < MESSAGE_LIMIT
    still_serving(running, game)


@pytest.mark.parametrize("line", CORPUS, ids=range(len(CORPUS)))
def test_a_player_s_garbage_is_refused_and_the_game_goes_on(running, game, line):
    ann, bob, turn = game
    bob.send(line)
    if b'"protocol": 99' not in line:  # another protocol's hello: told and let go
        still_serving(running, game)


@pytest.mark.parametrize("path", HOSTILE_MAPS, ids=lambda p: p.name)
def test_each_hostile_map_sent_to_create_a_game_is_refused_in_one_line(running, game, path):
    maker = visitor(running.address)
    maker.send(b'{"type": "create", "map": ' + path.read_bytes().replace(b"\n", b" ").replace(
        b"\r", b" ") + b"}\n")
    told = answer(maker)
    assert told["type"] == "created" or len(told["message"]) < MESSAGE_LIMIT
    still_serving(running, game)


@pytest.mark.slow  # ten seconds of bytes at the rate one connection is read
def test_a_ten_megabyte_line_is_refused_without_being_kept(running, game):
    guest = visitor(running.address)
    guest.send({"type": "list"})  # past the handshake
    chunk = b"y" * (1 << 20)
    for _ in range(10):
        guest.send(chunk)
    guest.send(b'\n{"type": "list"}\n')
    assert "longer than" in guest.read("error", timeout=60)["message"]
    assert guest.read("games", timeout=60)
    still_serving(running, game)


def test_a_thousand_messages_at_once_are_cut_to_the_rate(running, game):
    flood = visitor(running.address)
    flood.send(b'{"type": "list"}\n' * 1000)
    listed = [flood.read("games") for _ in range(int(limits.BURST))]
    assert len(listed) == limits.BURST
    assert "too many messages" in flood.read("error")["message"]
    still_serving(running, game)


def test_a_silent_connection_is_closed_after_the_handshake_time(running, game):
    silent = socket.create_connection(running.address)
    silent.settimeout(10)
    data = received = silent.recv(4096)
    while data:
        data = silent.recv(4096)
        received += data
    assert b"nothing said within" in received
    still_serving(running, game)


def test_a_full_server_and_a_busy_address_refuse_politely():
    with server("--connections", "3", "--per-address", "2") as small:
        first, second = visitor(small.address), visitor(small.address)
        third = socket.create_connection(small.address)
        third.settimeout(10)
        assert b"too many connections from your address" in third.recv(4096)
        first.close()
        second.close()
    with server("--connections", "1") as tiny:
        first = visitor(tiny.address)
        refused = socket.create_connection(tiny.address)
        refused.settimeout(10)
        assert b"the server is full" in refused.recv(4096)
        first.close()


def test_games_per_address_are_limited_and_a_map_is_named_not_found_on_disk():
    with server("--games-per-address", "1") as small:
        maker = visitor(small.address)
        maker.send({"type": "create", "map": "../maps/duel"})
        assert "no map '../maps/duel' here (one of" in maker.read("error")["message"]
        maker.send({"type": "create", "map": "duel"})
        maker.read("created")
        maker.send({"type": "create", "map": "duel"})
        assert "at most 1 open games" in maker.read("error")["message"]
