"""Hostile messages against the host: garbage, a 10 MB line, deep JSON, wrong types, actions
for the other team or out of turn, a thousand messages a second, wrong codes guessed on many
connections, idle sockets refreshed to fill the waiting room.
Each is refused with at most one line a second; the host never raises, never stalls, and the
game is exactly as it was."""

from __future__ import annotations

import socket
import time

import pytest

from laser_flag.engine import EndTurn
from laser_flag.remote import host as host_module
from laser_flag.remote import protocol

from ..waits import wait_until
from .corpus import CORPUS
from .net import RawGuest, SteppedClock, hosted, pump

pytestmark = pytest.mark.net  # a host and its guests over sockets on 127.0.0.1


@pytest.fixture
def turns(capfd):
    hosting = hosted()
    yield hosting
    hosting.leave()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Exception" not in err, err


def frames(turns, count=30):
    for _ in range(count):
        turns.tick(16, 0.0)
        time.sleep(0.002)


def seated(turns) -> RawGuest:
    guest = RawGuest(turns.host.address)
    guest.join(turns.host.code, protocol.map_digest(turns.game.map))
    guest.read("welcome", between=lambda: turns.tick(16, 0.0))
    return guest


def still_serving(turns) -> None:
    """A new connection is greeted at once, and a real guest can still be seated and play."""
    started = time.monotonic()
    probe = RawGuest(turns.host.address)
    assert probe.read("hello", timeout=2)["type"] == "hello"
    assert time.monotonic() - started < 2
    probe.close()




@pytest.mark.parametrize("line", CORPUS, ids=range(len(CORPUS)))
def test_a_stranger_s_garbage_is_refused_and_changes_nothing(turns, line):
    moves = len(turns.game.history)
    stranger = RawGuest(turns.host.address)
    stranger.read("hello")
    stranger.send(line)
    frames(turns)
    assert not turns.host.seated and len(turns.game.history) == moves
    still_serving(turns)


def test_a_ten_megabyte_line_is_refused_without_being_kept(turns):
    guest = seated(turns)
    chunk = b"y" * (1 << 20)
    for _ in range(10):
        guest.send(chunk)
    guest.send(b'\n{"type": "chat", "text": "still here"}\n')
    error = guest.read("error", between=lambda: turns.tick(16, 0.0))
    assert "longer than" in error["message"]
    pump(turns, lambda: any(line.endswith("still here") for line in turns.session.log),
         "the chat line after it")
    still_serving(turns)


def test_a_seated_guest_may_not_act_out_of_turn_or_for_the_other_team(turns):
    clock = turns.host.clock = SteppedClock()
    guest = seated(turns)
    assert turns.game.active_team == "1"
    guest.send({"type": "action", "ask": 1, "action": {"action": "end_turn"}})
    assert "not your turn" in guest.read("error", between=lambda: turns.tick(16, 0.0))["message"]
    ask = guest.read("your_turn", between=lambda: turns.tick(16, 0.0), timeout=30)
    moves = len(turns.game.history)
    enemy = next(u for u in turns.game.units if u.team == "1")
    own = next(a for a in turns.game.legal_actions() if getattr(a, "unit_id", None) is not None)
    guest.send({"type": "action", "ask": ask["ask"],
                "action": {"action": "fire", "unit_id": enemy.id, "target_id": enemy.id}})
    assert "not one of the legal actions" in guest.read(
        "error", between=lambda: turns.tick(16, 0.0))["message"]
    clock.advance(1.0)  # refusals are told at most once a second
    guest.send({"type": "action", "ask": ask["ask"] + 5, "action": {"action": "end_turn"}})
    assert "the open ask is" in guest.read("error", between=lambda: turns.tick(16, 0.0))[
        "message"]
    frames(turns)
    assert len(turns.game.history) == moves and turns.game.active_team == "2"
    guest.send({"type": "action", "ask": ask["ask"], "action": protocol.action_to_json(own)})
    pump(turns, lambda: len(turns.game.history) == moves + 1, "the legal answer applied")


def test_a_thousand_messages_a_second_are_cut_to_the_rate_and_the_host_goes_on(turns):
    clock = turns.host.clock = SteppedClock()
    guest = seated(turns)
    started = clock()
    for batch in range(100):  # a thousand chat lines over a second, the host's frames on
        guest.send(b"".join(protocol.encode(protocol.chat(f"spam {batch}.{i}"))
                            for i in range(10)))
        turns.tick(16, 0.0)
        clock.advance(0.01)
    frames(turns, 30)
    elapsed = clock() - started
    heard = [line for line in turns.session.log if "spam" in line]
    assert 0 < len(heard) <= host_module.BURST + host_module.RATE * elapsed + 1
    error = guest.read("error")
    assert "too many messages" in error["message"]
    refusals = [m for m in guest.messages if m["type"] == "error"]
    assert len(refusals) <= elapsed + 1  # one refusal a second at most
    still_serving(turns)


def test_a_guest_answering_at_once_is_never_cut_by_the_rate(turns):
    """A program answers each ask as it comes, hundreds a second: the first answer to each ask
    was asked for and costs no token, however many asks there are (the clock stands still, so
    no token comes back)."""
    turns.host.clock = SteppedClock()
    guest = seated(turns)
    asks = int(host_module.BURST) * 3
    for ask in range(1, asks + 1):
        turns.host.ask(ask, {"type": "your_turn", "ask": ask})
        guest.send(protocol.action(guest.read("your_turn")["ask"], EndTurn()))
        wait_until(lambda ask=ask: turns.host.actions.qsize() == ask, f"answer {ask} taken",
                   between=lambda: time.sleep(0.001))  # before the next ask opens
    assert [m for m in guest.messages if m["type"] == "error"] == []


def test_answers_repeated_for_one_ask_are_cut_to_the_rate(turns):
    turns.host.clock = SteppedClock()
    guest = seated(turns)
    turns.host.ask(1, {"type": "your_turn", "ask": 1})
    guest.send(protocol.encode(protocol.action(1, EndTurn())) * 200)
    guest.sock.shutdown(socket.SHUT_WR)  # the host reads every line before it sees the end
    wait_until(lambda: any(note.kind == "left" for note in list(turns.host.inbox.queue)),
               "the guest's departure heard")
    assert turns.host.actions.qsize() == host_module.BURST + 1  # the first answer came free


def test_a_wrong_code_is_answered_a_second_later_and_never_locks_the_right_one_out(turns):
    """Thirty guesses, each on a connection of its own: each answer waits a second of the
    host's clock, then the connection closes; the right code is seated at once even so."""
    clock = turns.host.clock = SteppedClock()
    guessers = []
    for _ in range(30):
        guesser = RawGuest(turns.host.address)
        guesser.join("AAAAAA", protocol.map_digest(turns.game.map))
        guessers.append(guesser)
    right = RawGuest(turns.host.address)
    right.join(turns.host.code, protocol.map_digest(turns.game.map))
    assert right.read("welcome", between=lambda: turns.tick(16, 0.0))["team"] == "2"
    last = guessers[-1]  # not yet answered: the host's clock has not moved
    with pytest.raises(AssertionError, match="no error within"):
        last.read("error", timeout=1)
    clock.advance(host_module.WRONG_CODE_SECONDS)
    assert last.read("error", timeout=10)["message"] == "wrong join code"
    assert last.read("bye", timeout=10)


def test_idle_connections_refreshed_as_they_close_cannot_keep_a_guest_out(turns):
    """The waiting room full of idle sockets, a new one opened for every one the host closes:
    each newcomer, the guest too, closes the oldest idle one, and the guest is seated."""
    idle = [socket.create_connection(turns.host.address)
            for _ in range(2 * host_module.MAX_WAITING)]  # the first eight are closed
    for sock in idle[:host_module.MAX_WAITING]:
        sock.settimeout(10)
        while sock.recv(4096):  # the host's hello, then the close
            pass
    guest = seated(turns)
    assert turns.host.seated
    guest.close()
    for sock in idle:
        sock.close()


def test_a_silent_connection_is_closed_after_the_handshake_time(turns, monkeypatch):
    monkeypatch.setattr(host_module, "HANDSHAKE_SECONDS", 0.5)
    silent = socket.create_connection(turns.host.address)
    silent.settimeout(10)
    data = silent.recv(4096)  # the hello, then the close after the handshake time
    while data:
        data = silent.recv(4096)
    still_serving(turns)
