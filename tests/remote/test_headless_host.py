"""`laser-flag host --headless`, a match server for programs, as its own process on 127.0.0.1 with
pygame's import blocked: a program guest (examples/tcp_guest.py) plays a match with sides
swapped and the printed results are the games'; a program on the host's side is told the events
and `bye`; a guest that leaves is waited for, within `--wait`; signals end it in one line."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from laser_flag.app import main
from laser_flag.engine import load_map
from laser_flag.play.log_text import game_over_text
from laser_flag.remote import protocol
from laser_flag.saves import load_save

from ..ctrl_c import as_a_terminals_foreground_job, as_in_a_terminal
from ..purity import ui_libraries_loaded_by
from ..waits import PipeReader, wait_until
from .net import ROOT, RawGuest
from .schema import FROM_GAME, check_lines

pytestmark = pytest.mark.net  # a host and its guests over sockets on 127.0.0.1

# `laser-flag` with every import of pygame failing: the match must never need it.
NO_PYGAME = ("import sys; sys.modules['pygame'] = None; from laser_flag.app import main; "
             "sys.exit(main(sys.argv[1:]))")
HOSTING = re.compile(r"Hosting Duel on (127\.0\.0\.1):(\d+), join code ([A-Z]{6})\n")
GAME = re.compile(r"Game (\d) of (\d): Duel: (\w+) \((.+?)\) (\d+) - (\w+) \((.+?)\) (\d+), "
                  r"round (\d+), turn (\d+), (\d+) actions")
TIMEOUT = 120  # whole games on a busy machine


class Hosting:
    """`laser-flag host --headless --map duel --port 0 ARGS` running, its address read."""

    def __init__(self, *args: str, foreground_job: bool = False) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", NO_PYGAME, "host", "--headless", "--map", "duel", "--port",
             "0", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            preexec_fn=as_a_terminals_foreground_job if foreground_job else as_in_a_terminal)
        self.out = PipeReader(self.process.stdout)
        found = wait_until(lambda: HOSTING.match(self.out.text()), "the host's address", 30)
        self.address = (found.group(1), int(found.group(2)))
        self.code = found.group(3)

    def finish(self) -> tuple[int, list[str], str]:
        """Its exit status, stdout's lines after the two of hosting, and stderr."""
        try:
            status = self.process.wait(timeout=TIMEOUT)
        finally:
            self.process.kill()
        err = self.process.stderr.read().decode()
        return status, self.out.finish().splitlines()[2:], err

    def guest(self) -> RawGuest:
        """A guest by hand, seated: its hello and welcome read."""
        guest = RawGuest(self.address)
        guest.join(self.code, None)
        guest.read("welcome", timeout=30)
        return guest


def logging_program(tmp_path: Path) -> tuple[str, Path]:
    """A program seat that plays its first legal action and appends each message's type to a
    file (a match starts it once a game)."""
    log, script = tmp_path / "told.txt", tmp_path / "first.py"
    script.write_text(
        "import json, sys\n"
        f"out = open({str(log)!r}, 'a')\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line); out.write(m['type'] + '\\n'); out.flush()\n"
        "    if m['type'] == 'your_turn':\n"
        "        print(json.dumps({'type': 'action', 'ask': m['ask'], 'action': m['legal'][0]}),"
        " flush=True)\n")
    return f"exec:{sys.executable} {script}", log


def tcp_guest(host: Hosting, seed: int = 7) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "examples" / "tcp_guest.py"),
         f"{host.address[0]}:{host.address[1]}", host.code, str(seed)],
        capture_output=True, text=True, timeout=TIMEOUT)


def test_the_tcp_guest_speaks_this_protocol_and_stops_in_a_line_when_told_another():
    assert f"PROTOCOL = {protocol.PROTOCOL} " in (ROOT / "examples" / "tcp_guest.py").read_text()
    hello = {**protocol.hello(load_map(ROOT / "maps" / "duel.json"), "2", False),
             "protocol": protocol.PROTOCOL + 1}
    with socket.create_server(("127.0.0.1", 0)) as server:
        guest = subprocess.Popen(
            [sys.executable, str(ROOT / "examples" / "tcp_guest.py"),
             f"127.0.0.1:{server.getsockname()[1]}", "ABCDEF"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        connection, _ = server.accept()
        with connection:
            connection.sendall(protocol.encode(hello))
            out, err = guest.communicate(timeout=60)
    assert guest.returncode == 1 and out == ""
    assert err.splitlines() == [f"tcp_guest: written for protocol {protocol.PROTOCOL}, not "
                                f"{protocol.PROTOCOL + 1}"]


def test_a_match_of_two_games_swaps_sides_and_reports_each_game(tmp_path):
    program, told = logging_program(tmp_path)
    host = Hosting("--team1", program, "--games", "2", "--seed", "3", "--save",
                   str(tmp_path / "match.json"))
    guest = tcp_guest(host)
    status, lines, err = host.finish()
    assert (status, err, guest.returncode, guest.stderr) == (0, "", 0, "")
    heard = guest.stdout.splitlines()
    assert heard[:2] == ["hello team 2", "welcome team 2"]  # the host plays team 1 first...
    assert heard[3:5] == ["rematch", "welcome team 1"]  # ...then team 2
    assert heard[-1] == "bye" and len(heard) == 7
    saves = [load_save(tmp_path / f"match-{n}.json") for n in (1, 2)]
    for number, (saved, over) in enumerate(zip(saves, [heard[2], heard[5]], strict=True), 1):
        report = lines[3 * (number - 1):3 * number]
        check_report(report, saved, number, {"1": f"{program}, host",
                                             "2": "tcp_guest, guest"}, swapped=number == 2)
        game = saved.game
        assert over == f"over {game.scores['1']}-{game.scores['2']} winner {game.winner}"
        assert report[2] == f"Saved: {tmp_path / f'match-{number}.json'} (watch it with " \
                            "laser-flag replay)"
        assert saved.teams["levels"] == {"1": "Human", "2": "Human"}  # a save runs no program
    assert lines[6] == totals(saves, program)
    assert len(lines) == 7
    said = told.read_text().split()  # the host's program, started for each game
    assert said.count("hello") == said.count("welcome") == said.count("bye") == 2
    assert said[-1] == "bye" and said.count("events") > said.count("your_turn") > 0


def check_report(report: list[str], saved, number: int, players: dict[str, str],
                 swapped: bool) -> None:
    """A game's score line and outcome line say what its save holds: each team's name, who
    played it (`players` of the first game, the other way round when `swapped`), its score,
    the round, turn and actions."""
    found = GAME.fullmatch(report[0])
    assert found, report[0]
    assert found.group(1, 2) == (str(number), "2")
    game, names = saved.game, saved.names
    if swapped:
        players = {"1": players["2"], "2": players["1"]}
    for team, (name, who, score) in {"1": found.group(3, 4, 5), "2": found.group(6, 7, 8)}.items():
        assert (name, who, int(score)) == (names[team], players[team], game.scores[team])
    assert [int(n) for n in found.group(9, 10, 11)] == [game.round, game.turn, len(saved.actions)]
    assert report[1] == game_over_text(game.winner, game.victory, names)


def totals(saves, program: str) -> str:
    """The line the match ends with, from its saves: the host played team 1, then team 2."""
    host, guest = ("1", "2"), ("2", "1")  # the side's team in each game
    won = {side: sum(s.game.winner == t for s, t in zip(saves, teams, strict=True))
           for side, teams in (("host", host), ("guest", guest))}
    scored = {side: sum(s.game.scores[t] for s, t in zip(saves, teams, strict=True))
              for side, teams in (("host", host), ("guest", guest))}
    drawn = sum(s.game.winner == "draw" for s in saves)
    return (f"Total of 2 games: host ({program}) {won['host']} won, {points(scored['host'])} - "
            f"guest (tcp_guest) {won['guest']} won, {points(scored['guest'])}, {drawn} drawn, "
            "0 unfinished")


def points(count: int) -> str:
    return f"{count} point{'' if count == 1 else 's'}"


def play_to_the_end(guest: RawGuest) -> list[dict]:
    """Answer every your_turn with its first legal action until the host says bye; the
    messages read."""
    heard = []
    while (message := guest.read(timeout=TIMEOUT))["type"] != "bye":
        heard.append(message)
        if message["type"] == "your_turn":
            guest.send(protocol.action(message["ask"], protocol.action_from_json(
                message["legal"][0])))
    return heard


def test_a_guest_that_leaves_mid_game_is_waited_for_and_plays_on_when_back():
    host = Hosting("--team1", "easy", "--seed", "5", "--wait", "60")
    first = host.guest()
    asked = first.read("your_turn", timeout=TIMEOUT)
    first.close()  # gone in its turn: the game waits
    again = host.guest()  # the same code, a new connection
    heard = play_to_the_end(again)
    assert heard[0]["type"] == "your_turn" and heard[0]["ask"] == asked["ask"]  # the open turn
    for guest in (first, again):  # every line it sent is the protocol's
        check_lines(bytes(guest.received).splitlines(), FROM_GAME)
    status, lines, err = host.finish()
    assert (status, err) == (0, "")
    assert lines[0].startswith("Game 1 of 1: Duel: Red (Easy, host) ")
    assert "(Raw, guest)" in lines[0] and lines[-1].startswith("Total of 1 games: host (Easy) ")


def test_a_guest_that_never_answers_has_its_turns_ended_with_a_time_per_turn():
    host = Hosting("--team1", "easy", "--seed", "5", "--turn-seconds", "0.5", "--wait", "0.5")
    guest = host.guest()
    asked = guest.read("your_turn", timeout=TIMEOUT)
    assert 0 < asked["seconds"] <= 0.5
    ended = wait_until(lambda: next((e for e in guest.read("events", timeout=TIMEOUT)["events"]
                                     if e["event"] == "turn_ended"), None),
                       "the silent guest's turn ended", TIMEOUT)
    assert ended["team"] == "2" and ended["next_team"] == "1"
    again = guest.read("your_turn", timeout=TIMEOUT)  # the host's bot played; asked anew
    assert again["ask"] > asked["ask"] and 0 < again["seconds"] <= 0.5
    check_lines(bytes(guest.received).splitlines(), FROM_GAME)  # `seconds` is the protocol's
    guest.close()
    status, lines, err = host.finish()
    assert status == 1 and "did not come back within 0.5 s" in err


def test_a_guest_gone_for_good_ends_the_match_with_one_line():
    host = Hosting("--team1", "easy", "--wait", "1")
    guest = host.guest()
    guest.read("your_turn", timeout=TIMEOUT)
    guest.close()
    status, lines, err = host.finish()
    assert status == 1 and lines == []
    assert err == ("laser-flag host: the guest left game 1 of 1 (the connection closed) and did "
                   "not come back within 1 s\n")


def test_no_guest_within_the_wait_is_one_line():
    status, lines, err = Hosting("--team2", "normal", "--wait", "0.5").finish()
    assert (status, lines, err) == (1, [], "laser-flag host: no guest joined within 0.5 s\n")


@pytest.mark.parametrize(("signum", "said", "status"), [
    (signal.SIGINT, "Ctrl-C", 130), (signal.SIGTERM, "SIGTERM", 143)])
def test_a_signal_ends_the_match_in_one_line_and_every_player_hears_bye(
        tmp_path, signum, said, status):
    program, told = logging_program(tmp_path)
    host = Hosting("--team1", program, "--games", "3")
    guest = host.guest()
    guest.read("your_turn", timeout=TIMEOUT)  # the host's program has played its turn
    host.process.send_signal(signum)
    assert guest.read("bye", timeout=30)["reason"] == "the host closed the game"
    ended, lines, err = host.finish()
    assert ended == status and lines == []
    assert re.fullmatch(rf"laser-flag host: stopped by {said} in game 1 of 3 after \d+ "
                        r"actions\n", err), err
    assert told.read_text().split()[-1] == "bye"


def test_ctrl_c_at_the_terminal_reaches_the_host_not_its_program(tmp_path):
    """A terminal's Ctrl-C goes to its whole foreground group: the host's program hears "bye"
    from the host, not the key."""
    program, told = logging_program(tmp_path)
    host = Hosting("--team1", program, foreground_job=True)
    guest = host.guest()
    guest.read("your_turn", timeout=TIMEOUT)  # the program has played its turn
    os.killpg(host.process.pid, signal.SIGINT)
    assert guest.read("bye", timeout=30)["reason"] == "the host closed the game"
    assert host.finish()[0] == 130
    wait_until(lambda: told.read_text().split()[-1:] == ["bye"], "the program's bye", 30)


@pytest.mark.parametrize(("argv", "said"), [
    (["--headless", "--team2", "human"], "--headless plays the host's side with a bot"),
    (["--headless"], "--headless plays the host's side with a bot"),
    (["--team1", "easy", "--games", "2"], "--games goes with --headless"),
    (["--wait", "3"], "--wait goes with --headless"),
    (["--turn-seconds", "3"], "--turn-seconds goes with --headless"),
    (["--headless", "--team1", "easy", "--turn-seconds", "-1"], "seconds above 0"),
    (["--headless", "--team1", "easy", "--wait", "0"], "must be a number of seconds above 0"),
    (["--headless", "--team1", "easy", "--games", "0"], "must be a positive integer"),
    (["--headless", "--team1", "easy", "--size", "1280x860"], "--size goes with the window"),
    (["--headless", "--team1", "easy", "--map", "nosuch"], "nosuch"),
])
def test_a_match_that_cannot_start_is_one_line(argv, said, capsys):
    assert main(["host", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and "Traceback" not in err, err


def test_a_port_in_use_is_one_line(capsys):
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert main(["host", "--headless", "--team1", "easy", "--port", str(port)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"laser-flag host: error: cannot listen on "
                                        f"127.0.0.1:{port}: ") and err.count("\n") == 1


def test_the_match_and_the_command_line_load_no_pygame():
    assert ui_libraries_loaded_by("laser_flag.app", "laser_flag.headless_host") == []
