"""A real server process and real client processes on 127.0.0.1: two players (the example
guest) play a whole game with fog while two spectators (the example spectator) watch; a player
killed mid-game takes its seat again by its secret; a third client cannot act for a seat it
does not hold."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import time

import pytest

from laser_flag.remote import protocol
from laser_flag.saves import load_save

from ..waits import PipeReader, wait_until
from .running import (
    EXAMPLES,
    create,
    pin_of,
    room_shows,
    seat_hello,
    self_signed,
    server,
    sit,
    tcp_guest,
    visitor,
)

pytestmark = [pytest.mark.net, pytest.mark.slow]  # whole games between processes


def spectator(address, code, out):
    """examples/watch_game.py watching the game `code`, saving its replay to `out`."""
    return subprocess.Popen([sys.executable, str(EXAMPLES / "watch_game.py"),
                             f"{address[0]}:{address[1]}", code, str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def finish(process, timeout=120):
    """A client process's stdout once it has ended by itself, status 0."""
    process.wait(timeout=timeout)
    out = process.stdout.read().decode()
    assert process.returncode == 0, process.stderr.read().decode()
    return out


def played_out(guest, timeout=120):
    """The example guest's stdout once it has told the game's end (it stays, for a rematch,
    until it is stopped)."""
    said = PipeReader(guest.stdout)
    try:
        wait_until(lambda: "over " in said.text() or guest.poll() is not None,
                   "the game's end", timeout)
        assert "over " in said.text(), (said.text(), guest.stderr.read().decode())
    finally:
        guest.terminate()
        guest.wait(timeout=30)
    return said.text()


def test_two_players_play_a_whole_game_with_fog_while_two_spectators_watch(tmp_path):
    with server("--seed", "11") as running:
        maker, made = create(running.address, fog=True, watch="delay")
        watchers = [spectator(running.address, made["code"], tmp_path / f"seen{i}.json")
                    for i in range(2)]
        listed = visitor(running.address)
        wait_until(lambda: listed.send({"type": "list"}) or
                   listed.read("games")["games"][0]["watchers"] == 2, "both spectators in")
        players = [tcp_guest(running.address, made["secret"], 1),
                   tcp_guest(running.address, made["code"], 2)]
        told = [played_out(p) for p in players]
        seen = [finish(w) for w in watchers]
    for lines in told:
        assert "over " in lines
    for i, lines in enumerate(seen):
        boards = [line for line in lines.splitlines() if line.startswith("board")]
        assert boards and all("delayed True" in b for b in boards[:-1])
        assert "delayed False" in boards[-1] and "replay saved" in lines
        loaded = load_save(tmp_path / f"seen{i}.json")
        assert loaded.game.over and loaded.game.fog
    maker.close()


def test_a_player_killed_mid_game_takes_its_seat_again_by_its_secret_and_no_one_else_can():
    with server("--seed", "12") as running:
        maker, made = create(running.address, map="duel", fog=False)
        watcher = visitor(running.address)
        watcher.send({"type": "watch", "code": made["code"]})
        first = tcp_guest(running.address, made["secret"], 3)
        lobby = visitor(running.address)

        def listed() -> dict:  # asked of the server now: the watcher's boards may lag
            lobby.send({"type": "list"})
            return lobby.read("games")["games"][0]
        wait_until(lambda: listed()["players"]["1"] == "tcp_guest", "team 1 seated", 60,
                   between=lambda: time.sleep(0.2))
        first.send_signal(signal.SIGSTOP)  # seated, and frozen before the game begins
        second = tcp_guest(running.address, made["code"], 4)
        wait_until(lambda: listed()["state"] == "playing", "the game under way", 60,
                   between=lambda: time.sleep(0.2))
        first.kill()  # in the game, at its turn: the game waits for team 1
        first.wait()
        wait_until(lambda: room_shows(watcher, lambda room: room["away"] == ["1"]),
                   "the seat left empty", 30)
        secret = made["secret"]

        by_code = visitor(running.address)  # the game's code seats no one now
        by_code.send(seat_hello(made["code"], "Eve"))
        assert "both seats" in by_code.read("error")["message"]
        guessed = visitor(running.address)
        guessed.send(seat_hello(secret[:-1] + ("A" if secret[-1] != "A" else "B"), "Eve"))
        assert guessed.read("error")["message"] == "wrong code"
        watching = visitor(running.address)
        watching.send({"type": "watch", "code": made["code"]})
        watching.send({"type": "action", "ask": 1, "action": {"action": "end_turn"}})
        assert "not for a spectator" in watching.read("error")["message"]
        lobby.send({"type": "action", "ask": 1, "action": {"action": "end_turn"}})
        assert "is for a game" in lobby.read("error")["message"]

        again = tcp_guest(running.address, secret, 5)
        wait_until(lambda: room_shows(watcher, lambda room: room["away"] == []),
                   "the seat taken again", 30)
        assert "over " in played_out(again) and "over " in played_out(second)
        wait_until(lambda: watcher.read("board")["view"]["winner"] is not None,
                   "the game's end watched", 60)
        maker.close()


def test_a_stranger_s_seat_hello_for_a_full_game_and_a_player_s_hello_again_are_refused():
    with server() as running:
        _, made = create(running.address)
        ann = sit(running.address, made["secret"], "Ann")
        bob = sit(running.address, made["code"], "Bob")
        ann.send(seat_hello(made["code"]))
        assert "not for a player" in ann.read("error")["message"]
        ann.send({"type": "create", "map": "duel"})
        assert "not for a player" in ann.read("error")["message"]
        bob.send(protocol.action(1, protocol.action_from_json({"action": "end_turn"})))
        assert "not your turn" in bob.read("error")["message"]
        rooms = [m for m in bob.messages if m["type"] == "room"]
        assert rooms[-1]["players"] == {"1": "Ann", "2": "Bob"} and rooms[-1]["away"] == []


def test_a_program_plays_at_the_server_through_the_bridge():
    """examples/server_seat.py makes a game and sits examples/random_bot.py at it; the example
    guest joins by the code it prints, and the game is played to its end."""
    with server("--seed", "13") as running:
        bridge = seat_bridge(f"{running.address[0]}:{running.address[1]}", "--create", "blitz",
                             "--fog")
        said = PipeReader(bridge.stdout)
        guest = tcp_guest(running.address, game_code(said), 7)
        assert "over " in played_out(guest)
        bridge_played_out(bridge, said)


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")
def test_two_programs_play_at_a_tls_server_through_the_bridge(tmp_path):
    """The bridge speaks TLS to a server with a self-signed certificate, pinned by the
    fingerprint the server printed: one makes the game, the other sits by its code; a wrong pin
    is refused at once."""
    cert, key = self_signed(tmp_path)
    with server("--seed", "14", "--cert", str(cert), "--key", str(key)) as running:
        where, pin = f"tls://{running.address[0]}:{running.address[1]}", pin_of(running)
        maker = seat_bridge(where, "--pin", pin, "--create", "blitz")
        said = PipeReader(maker.stdout)
        other = seat_bridge(where, "--pin", pin.replace(":", "").lower(), game_code(said))
        other_said = PipeReader(other.stdout)
        bridge_played_out(maker, said)
        bridge_played_out(other, other_said)
        wrong = seat_bridge(where, "--pin", "00" * 32, "ABCDEF")
        wrong.wait(timeout=60)
        assert wrong.returncode == 1 and b"not the one pinned" in wrong.stderr.read()


def seat_bridge(*args: str) -> subprocess.Popen[bytes]:
    """examples/server_seat.py with `args`, seating examples/random_bot.py."""
    return subprocess.Popen([sys.executable, str(EXAMPLES / "server_seat.py"), *args, "--",
                             sys.executable, str(EXAMPLES / "random_bot.py"), "6"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def game_code(said: PipeReader) -> str:
    """The code a bridge that made a game printed."""
    return wait_until(lambda: next((line.split()[1] for line in said.text().splitlines()
                                    if line.startswith("game ")), None), "the game's code")


def bridge_played_out(bridge: subprocess.Popen[bytes], said: PipeReader) -> None:
    """The bridge ended by itself, seated and then told the game was over."""
    bridge.wait(timeout=60)
    assert bridge.returncode == 0, bridge.stderr.read().decode()
    lines = [line for line in said.finish().splitlines() if not line.startswith("game ")]
    assert lines[0].startswith("seat ") and lines[-1].startswith("over ")
