"""The host in this process, driven frame by frame as the client drives it, against a guest
speaking the protocol by hand: seating, the handshake's refusals, rejoining, and under fog
every byte the guest receives checked against what its team may know."""

from __future__ import annotations

import json
import random
import socket
import time

import pytest

from laser_flag import __version__, saves
from laser_flag.engine import view
from laser_flag.engine.events import event_to_json
from laser_flag.engine.rules_version import RULES_VERSION
from laser_flag.engine.team_view import versions
from laser_flag.play.session import Session
from laser_flag.remote import protocol
from laser_flag.remote.protocol import PROTOCOL
from laser_flag.save_index import Shelf
from laser_flag.ui.network.network_start import Joining

from ..waits import wait_until
from .net import RawGuest, hosted, pump

pytestmark = pytest.mark.net  # a host and its guests over sockets on 127.0.0.1


@pytest.fixture
def turns():
    hosting = hosted()
    yield hosting
    hosting.leave()


def digest(turns) -> str:
    return protocol.map_digest(turns.game.map)


def test_the_host_listens_on_loopback_only_by_default(turns):
    address, port = turns.host.address
    assert address == "127.0.0.1" and port > 0
    assert len(turns.host.code) == 6 and turns.host.code.isalpha()


NEWER, OLDER = "the host's Laser Flag is the older: the host should update", \
    "update your Laser Flag"


@pytest.mark.parametrize(("change", "said"), [
    ({"code": "WRONGS"}, "wrong join code"),
    ({"protocol": PROTOCOL + 1}, f"the host speaks protocol {PROTOCOL}, you {PROTOCOL + 1}: "
                                 f"{NEWER}"),
    ({"protocol": PROTOCOL - 1, "code": "WRONGS"},
     f"the host speaks protocol {PROTOCOL}, you {PROTOCOL - 1}: {OLDER}"),
    ({"rules": RULES_VERSION + 1}, f"the host plays rules {RULES_VERSION}, you "
                                   f"{RULES_VERSION + 1}: {NEWER}"),
    ({"rules": RULES_VERSION - 1}, f"the host plays rules {RULES_VERSION}, you "
                                   f"{RULES_VERSION - 1}: {OLDER}"),
])
def test_a_handshake_that_differs_is_refused_naming_what(turns, change, said):
    guest = RawGuest(turns.host.address)
    guest.join(turns.host.code, digest(turns), **change)
    error = guest.read("error")
    assert error["message"] == said
    assert guest.read("bye")["reason"] == said
    assert not turns.host.seated


def test_a_guest_of_the_first_protocol_is_told_the_protocols_whatever_else_its_hello_holds(
        turns):
    """A guest from before the rules number (protocol 1) sends a hello this protocol would
    refuse for its shape: it is still told which protocols differ."""
    guest = RawGuest(turns.host.address)
    guest.read("hello")
    guest.send(b'{"type": "hello", "protocol": 1, "version": "0.19.0", "map_digest": null, '
               b'"code": "ABCDEF", "name": "Old"}\n')
    assert guest.read("error")["message"] == f"the host speaks protocol {PROTOCOL}, you 1: {OLDER}"
    assert guest.read("bye")
    assert not turns.host.seated


def test_a_guest_of_another_game_version_that_speaks_and_plays_the_same_is_seated(turns):
    guest = RawGuest(turns.host.address)
    hello = guest.join(turns.host.code, digest(turns), version="0.1.0")
    assert hello["version"] == __version__ != "0.1.0"
    assert hello["protocol"] == PROTOCOL and hello["rules"] == RULES_VERSION
    assert guest.read("welcome", between=lambda: turns.tick(16, 0.0))["team"] == "2"
    assert turns.host.seated


def test_a_seated_guest_plays_and_gets_its_turns(turns):
    guest = RawGuest(turns.host.address)
    hello = guest.join(turns.host.code, digest(turns))
    assert hello["team"] == "2" and hello["map"] == "blitz" and "seed" not in json.dumps(hello)
    welcome = guest.read("welcome", between=lambda: turns.tick(16, 0.0))
    assert welcome["team"] == "2" and welcome["map"]["name"] == "Blitz"
    ask = guest.read("your_turn", between=lambda: turns.tick(16, 0.0), timeout=30)
    assert turns.game.active_team == "2"
    choice = ask["legal"][0]
    guest.send({"type": "action", "ask": ask["ask"], "action": choice})
    moves = len(turns.game.history)
    pump(turns, lambda: len(turns.game.history) > moves, "the guest's action applied")
    assert protocol.action_to_json(list(turns.game.history)[-1]) == choice
    assert guest.read("events", between=lambda: turns.tick(16, 0.0))["view"]["team"] == "2"


def test_a_second_guest_is_refused_while_one_is_seated(turns):
    first = RawGuest(turns.host.address)
    first.join(turns.host.code, digest(turns))
    first.read("welcome", between=lambda: turns.tick(16, 0.0))
    second = RawGuest(turns.host.address)
    second.join(turns.host.code, digest(turns))
    assert "the seat is taken" in second.read("error")["message"]


def test_a_guest_that_drops_pauses_the_game_and_rejoins_where_it_was(turns):
    guest = RawGuest(turns.host.address)
    guest.join(turns.host.code, digest(turns))
    ask = guest.read("your_turn", between=lambda: turns.tick(16, 0.0), timeout=30)
    guest.close()
    pump(turns, lambda: turns.away, "the host noticing the guest left")
    assert "join again with code" in turns.away and turns.message == turns.away
    moves = len(turns.game.history)
    for _ in range(50):
        turns.tick(16, 0.0)
    assert len(turns.game.history) == moves  # paused: nothing is played for the guest
    again = RawGuest(turns.host.address)
    again.join(turns.host.code, digest(turns))
    welcome = again.read("welcome", between=lambda: turns.tick(16, 0.0))
    assert welcome["view"] == view(turns.game.state(), "2").to_json()
    turn = again.read("your_turn", between=lambda: turns.tick(16, 0.0))
    assert turn == ask  # the same open question, the same ask
    again.send({"type": "action", "ask": ask["ask"], "action": {"action": "end_turn"}})
    pump(turns, lambda: len(turns.game.history) > moves, "the rejoined guest's action applied")
    assert turns.away == ""


@pytest.mark.slow
def test_under_fog_every_byte_the_guest_receives_is_what_its_team_may_know():
    """The guest plays random legal actions through a whole fog game; every message the host
    sent is recorded with the true state at that moment, and the guest's bytes are exactly
    those messages, each holding the team's view and nothing of the hidden enemies."""
    turns = hosted("blitz", fog=True, seed=11)
    sent: list[tuple[bytes, object]] = []
    send = turns.host.send

    def recording(message):
        sent.append((protocol.encode(message), turns.game.state()))
        send(message)

    turns.host.send = recording
    rng = random.Random(5)
    try:
        guest = RawGuest(turns.host.address)
        guest.join(turns.host.code, digest(turns))
        while not turns.game.over:
            message = guest.read(None, between=lambda: turns.tick(16, 0.0), timeout=60)
            if message["type"] == "your_turn":
                choice = rng.choice(message["legal"])
                guest.send({"type": "action", "ask": message["ask"], "action": choice})
        pump(turns, lambda: turns.playback is None, "the last events played")
    finally:
        turns.leave()  # its bye is the last message sent
    guest.read("bye", timeout=10)
    hello_line = bytes(guest.received[:guest.received.index(b"\n") + 1])
    assert json.loads(hello_line)["type"] == "hello"
    assert bytes(guest.received) == hello_line + b"".join(line for line, _ in sent)
    assert len(sent) > 20
    for line, state in sent:
        check_told(json.loads(line), state)


def joined(turns, level: str = "Human"):
    """A guest's own turn driver seated at `turns`' host (no window), and a step of both."""
    playing = pump(turns, Joining(turns.host.address, turns.host.code, "Ann", level).poll,
                   "the guest welcomed")

    def both() -> None:
        turns.tick(16, 0.0)
        playing.tick(16, 0.0)
        time.sleep(0.002)

    return playing, both


def check_told(message: dict, state) -> None:
    """A message holds the guest team's view of `state` and nothing of hidden enemies."""
    if "view" not in message:
        assert message["type"] in ("chat", "error", "bye"), message
        return
    truth = view(state, "2")
    assert message["view"] == truth.to_json()
    sees = state.index.visibility.sees
    mine = [u for u in state.units if u.team == "2"]
    for unit in message["view"]["units"]:
        if unit["team"] != "2":  # an enemy shown: one of the team's units sees it now
            assert any(sees(u.pos, tuple(unit["pos"])) for u in mine), unit
    hidden = {u.id: u.pos for u in state.units if u.team != "2"
              and not any(sees(m.pos, u.pos) for m in mine)}
    assert set(message["view"]["hidden"]) == set(hidden)
    memory = {uid: (pos, rnd) for team, uid, pos, rnd in state.last_seen if team == "2"}
    for uid, pos, rnd in message["view"]["last_seen"]:
        assert memory[uid] == (tuple(pos), rnd)  # only where the team saw it
    if message["type"] == "events":  # only the events the team was told of, as it saw them
        told = [seen["2"] for _, seen in versions(state) if "2" in seen]
        assert message["events"] == [event_to_json(e) for e in told]
    if message["type"] == "your_turn":
        assert all(a.get("unit_id") is None or a["unit_id"] in {u.id for u in mine}
                   for a in message["legal"])


@pytest.mark.slow  # whole games over the network
def test_chat_goes_both_ways_and_a_rematch_both_ask_for_swaps_the_sides(turns):
    guest = RawGuest(turns.host.address)
    guest.join(turns.host.code, digest(turns))
    guest.read("welcome", between=lambda: turns.tick(16, 0.0))
    guest.send({"type": "chat", "text": "good luck"})
    pump(turns, lambda: "Raw: good luck" in turns.session.log, "the guest's chat line")
    turns.chat("you too")
    assert guest.read("chat")["text"] == "you too"
    while not turns.game.over:  # the guest ends every turn; Blitz ends after 12 rounds
        message = guest.read(None, between=lambda: turns.tick(16, 0.0), timeout=60)
        if message["type"] == "your_turn":
            guest.send({"type": "action", "ask": message["ask"],
                        "action": {"action": "end_turn"}})
    assert not turns.ask_rematch()  # the host asks first: the guest has not yet
    assert guest.read("rematch")["type"] == "rematch"
    guest.send({"type": "rematch"})
    pump(turns, lambda: turns.rematch_ready, "both asking for the rematch")
    again = turns.rematch()
    try:
        welcome = guest.read("welcome")
        assert welcome["team"] == again.guest_team == "1"
        assert again.team == "2" and not again.game.history and not again.away
        assert again.session.levels["2"] == "Easy"  # the host's bot went with the host's side
        ask = guest.read("your_turn", between=lambda: again.tick(16, 0.0), timeout=30)
        assert ask["view"]["team"] == "1"
    finally:
        again.leave()


@pytest.mark.slow  # whole games over the network
def test_a_guest_client_plays_a_whole_game_then_a_rematch_on_the_other_side(turns):
    """The guest's own turn driver (an Easy bot in its seat) against the host, no window."""
    playing, both = joined(turns, "Easy")
    try:
        wait_until(lambda: turns.game.over and playing.game.over, "the game over on both",
                   timeout=120, between=both)
        assert playing.game.scores == turns.game.scores
        assert playing.game.winner == turns.game.winner
        assert any(line.startswith(turns.session.names["2"]) for line in playing.session.log)
        playing.ask_rematch()
        wait_until(lambda: turns.rematch_asked["guest"], "the guest's rematch", between=both)
        turns.ask_rematch()
        again = turns.rematch()
        wait_until(lambda: playing.team == "1" and not playing.game.over,
                   "the guest on the other side", between=lambda: (again.tick(16, 0.0),
                                                                    playing.tick(16, 0.0)))
        assert playing.session.levels["1"] == "Easy" and not playing.session.log[:-1]
        again.leave()
    finally:
        playing.leave()


@pytest.mark.parametrize("message", [
    {"type": "events"}, {"type": "events", "view": {}}, {"type": "events", "view": []},
    {"type": "your_turn", "ask": "1", "view": None}, {"type": "welcome", "map": 5, "view": {}},
    {"type": "welcome", "team": "2", "map": {"tiles": "x"}, "view": {}}, {"type": "chat"},
    {"type": "error"}, {"type": "bye", "reason": ["x"]}, {"type": "unheard-of"},
])
def test_a_hostile_host_s_message_is_told_never_raised(turns, message):
    playing, _ = joined(turns)
    try:
        before = playing.game
        playing.received(message)
        assert playing.game is before or message["type"] == "bye"
    finally:
        playing.leave()


@pytest.mark.slow  # whole games over the network
def test_a_dropped_link_pauses_the_guest_and_joins_again_by_itself(turns):
    playing, both = joined(turns, "Easy")
    try:
        wait_until(lambda: turns.game.turn >= 3, "a few turns played", timeout=60, between=both)
        turns.host._seated.sock.shutdown(socket.SHUT_RDWR)  # the line drops, nobody said bye
        wait_until(lambda: playing.away, "the guest noticing", between=both)
        assert "joining again" in playing.away and playing.bot_to_move
        wait_until(lambda: not playing.away and not turns.away, "joined again", timeout=20,
                   between=both)
        turn = turns.game.turn
        wait_until(lambda: turns.game.turn > turn + 1, "the game going on", timeout=60,
                   between=both)
        assert playing.game.turn >= turn
    finally:
        playing.leave()


def test_the_host_s_autosave_is_an_ordinary_save_that_continue_resumes(turns):
    guest = RawGuest(turns.host.address)
    guest.join(turns.host.code, digest(turns))
    ask = guest.read("your_turn", between=lambda: turns.tick(16, 0.0), timeout=30)
    moves = len(turns.game.history)
    guest.send({"type": "action", "ask": ask["ask"], "action": ask["legal"][0]})
    pump(turns, lambda: len(turns.game.history) > moves and turns.playback is None,
         "the guest's action applied")
    shelf = Shelf()
    shelf.look()
    shelf.read_all()
    assert shelf.newest_unfinished() is None  # held while the host plays it: no second copy
    turns.session.keeper.release()  # the host leaves the game
    shelf.look()
    shelf.read_all()
    info = shelf.newest_unfinished()
    assert info is not None
    resumed = Session.resume(saves.load_save(info.path))
    assert list(resumed.game.history) == list(turns.game.history)
    assert resumed.levels == {"1": "Easy", "2": "Human"}  # the guest's seat: a human here
