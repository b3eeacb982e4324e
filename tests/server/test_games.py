"""A real server process and real client processes on 127.0.0.1: two players (the example
guest) play a whole game with fog while two spectators (the example spectator) watch; a player
killed mid-game takes its seat again by its secret; a third client cannot act for a seat it
does not hold."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

from laser_flag.remote import protocol
from laser_flag.saves import load_save

from ..waits import PipeReader, wait_until
from .running import EXAMPLES, create, seat_hello, server, sit, tcp_guest, visitor

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
        told = [finish(p) for p in players]  # the guests end at the server's bye... or over
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
        maker, made = create(running.address, fog=False)
        watcher = visitor(running.address)
        watcher.send({"type": "watch", "code": made["code"]})
        first = tcp_guest(running.address, made["secret"], 3)
        second = tcp_guest(running.address, made["code"], 4)
        said = PipeReader(second.stdout)
        secret = wait_until(lambda: next((line.split()[1] for line in said.text().splitlines()
                                          if line.startswith("seat ")), None), "its secret")
        second.send_signal(signal.SIGSTOP)  # the game goes on to team 2's turn, and waits
        wait_until(lambda: watcher.read("board")["view"]["active_team"] == "2",
                   "team 2 to move", 60)
        second.kill()
        second.wait()
        wait_until(lambda: watcher.read("room")["away"] == ["2"], "the seat left empty", 30)

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
        lobby = visitor(running.address)
        lobby.send({"type": "action", "ask": 1, "action": {"action": "end_turn"}})
        assert "is for a game" in lobby.read("error")["message"]

        again = tcp_guest(running.address, secret, 5)
        wait_until(lambda: watcher.read("room")["away"] == [], "the seat taken again", 30)
        assert "over " in finish(again) and "over " in finish(first)
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
        bridge = subprocess.Popen(
            [sys.executable, str(EXAMPLES / "server_seat.py"),
             f"{running.address[0]}:{running.address[1]}", "--create", "blitz", "--fog", "--",
             sys.executable, str(EXAMPLES / "random_bot.py"), "6"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        said = PipeReader(bridge.stdout)
        code = wait_until(lambda: next((line.split()[1] for line in said.text().splitlines()
                                        if line.startswith("game ")), None), "the game's code")
        guest = tcp_guest(running.address, code, 7)
        assert "over " in finish(guest)
        bridge.wait(timeout=60)
        assert bridge.returncode == 0, bridge.stderr.read().decode()
        lines = said.finish().splitlines()
        assert lines[0].startswith("game ") and lines[1].startswith("seat ")
        assert lines[-1].startswith("over ")
