"""`exec:` seats: programs play whole games through the lab's match and the client's turn driver;
a program that crashes, hangs, floods or answers wrongly costs its turn, with one line on stderr,
and never hangs the game."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from laser_flag.app import main, parse_args
from laser_flag.bots import HUMAN, make_bot
from laser_flag.bots.match import play_match
from laser_flag.bots.program import ANSWER_TIME_HELP, SECONDS_VARIABLE, ProgramBot, seat_words
from laser_flag.engine import Action, EndTurn, Game, load_map
from laser_flag.lab.pairings import parse_pairing
from laser_flag.play.session import Session
from laser_flag.play.turns import Turns
from laser_flag.remote import protocol
from laser_flag.saves import load_save
from laser_flag.tools import balance
from tests.fast import fast_unless
from tests.waits import wait_until

from ..ui.conftest import app, run_until, start_game  # noqa: F401 (app: a fixture)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
DUEL = ROOT / "maps" / "duel.json"
PY = sys.executable


def program(path: Path, *args: str) -> str:
    return f"exec:{PY} {path} {' '.join(args)}".strip()


@pytest.mark.parametrize("name", ["random_bot.py", "greedy_bot.py", "tcp_guest.py"])
def test_the_examples_are_short_and_use_only_the_standard_library(name):
    source = (EXAMPLES / name).read_text()
    assert len(source.splitlines()) < 60
    imported = {a.name.split(".")[0] for node in ast.walk(ast.parse(source))
                if isinstance(node, ast.Import) for a in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(ast.parse(source))
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert imported and imported <= set(sys.stdlib_module_names)


@pytest.mark.parametrize("name", ["random_bot.py", "greedy_bot.py"])
def test_the_examples_speak_this_protocol_and_stop_in_a_line_when_told_another(name):
    source = (EXAMPLES / name).read_text()
    assert f"PROTOCOL = {protocol.PROTOCOL} " in source
    hello = {**protocol.hello(load_map(DUEL), "2", False), "protocol": protocol.PROTOCOL + 1}
    ran = subprocess.run([PY, str(EXAMPLES / name)], input=protocol.encode(hello),
                         capture_output=True, timeout=60)
    assert ran.returncode == 1 and ran.stdout == b""
    assert ran.stderr.decode().splitlines() == [
        f"{name[:-3]}: written for protocol {protocol.PROTOCOL}, not {protocol.PROTOCOL + 1}"]


@pytest.mark.slow
@pytest.mark.parametrize("fog", [False, True])
def test_the_example_programs_play_whole_games_against_our_bots(fog):
    gm = load_map(DUEL)
    greedy = program(EXAMPLES / "greedy_bot.py")
    rand = program(EXAMPLES / "random_bot.py", "7")
    for pairing in ((greedy, "greedy"), ("random", rand), (rand, greedy)):
        acted = {"1": 0, "2": 0}

        def count(game: Game, action: Action, acted: dict[str, int] = acted) -> None:
            acted[game.active_team] += not isinstance(action, EndTurn)

        result = play_match(gm, pairing, seed=5, max_rounds=60, fog=fog, before_action=count)
        assert result.victory == "score" and result.winner in ("1", "2"), result
        assert acted["1"] > 0 and acted["2"] > 0  # both sides played: moves and shots


def echo_program(tmp_path: Path) -> tuple[str, Path]:
    """A program seat that plays its first legal action and writes each message's type."""
    log = tmp_path / "seen.txt"
    script = tmp_path / "echo.py"
    script.write_text(
        "import json, sys\n"
        f"out = open({str(log)!r}, 'w')\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line); out.write(m['type'] + '\\n'); out.flush()\n"
        "    if m['type'] == 'your_turn':\n"
        "        a = m['legal'][0]\n"
        "        print(json.dumps({'type': 'action', 'ask': m['ask'], 'action': a}), flush=True)\n")
    return program(script), log


def test_a_program_answers_with_legal_actions_and_is_told_the_events(tmp_path):
    seat, log = echo_program(tmp_path)
    result = play_match(load_map(DUEL), ("greedy", seat), seed=2, max_rounds=3)
    assert result.rounds >= 1
    told = log.read_text().split()
    assert told[:3] == ["hello", "welcome", "your_turn"]  # started on its first turn
    assert "your_turn" in told and told[-1] == "bye"
    assert told.count("events") > told.count("your_turn")


FAULTS = {
    "crash": "import sys\nsys.exit(3)\n",
    "silent": "import sys, time\nfor line in sys.stdin:\n    time.sleep(60)\n",
    "garbage": "import sys\nfor line in sys.stdin:\n    print('{not json', flush=True)\n",
    "illegal": ("import json, sys\nfor line in sys.stdin:\n    m = json.loads(line)\n"
                "    if m['type'] == 'your_turn':\n        print(json.dumps({'type': 'action', "
                "'ask': m['ask'], 'action': {'action': 'fire', 'unit_id': 0, 'target_id': 0}}),"
                " flush=True)\n"),
    "flood": ("import json, sys\nfor line in sys.stdin:\n    m = json.loads(line)\n"
              "    if m['type'] == 'your_turn':\n        for i in range(1000):\n"
              "            print(json.dumps({'type': 'action', 'ask': -1, 'action': "
              "{'action': 'end_turn'}}))\n        sys.stdout.flush()\n"),
    "huge": "import sys\nfor line in sys.stdin:\n    print('x' * 10_000_000, flush=True)\n",
}
SAID = {"crash": "exited or closed its output", "silent": "gave no answer in 0.5 s",
        "garbage": "sent a bad message", "illegal": "answered an illegal action",
        "flood": "gave no answer in 0.5 s", "huge": "a line longer than"}


WAITED_OUT = ("silent", "flood")  # the program's answer time passes: slow


@pytest.mark.parametrize("fault", [pytest.param(f, marks=fast_unless(f in WAITED_OUT))
                                   for f in sorted(FAULTS)])
def test_a_failing_program_loses_its_turn_with_one_line_and_the_game_goes_on(
        fault, tmp_path, capfd):
    script = tmp_path / f"{fault}.py"
    script.write_text(FAULTS[fault])
    # Only the faults that wait out the answer time get a short one: the others are told at
    # once, and a busy machine may take longer than half a second to start Python at all.
    bot = ProgramBot(program(script), seconds=0.5 if fault in WAITED_OUT else 60)
    game = Game(load_map(DUEL), seed=1)
    game.apply(EndTurn())  # team 2, the program's, to act
    try:
        assert bot.decide(game) == EndTurn()
        lines = capfd.readouterr().err.strip().splitlines()
        assert len(lines) == 1 and SAID[fault] in lines[0], lines
        assert lines[0].startswith(f"laser-flag: Program '{PY} {script}' (team 2)")
        game.apply(EndTurn())
        game.apply(EndTurn())
        assert bot.decide(game) == EndTurn()  # and again the next turn: never a hang
    finally:
        bot.close()


def first_turn_said(script: Path, before_writing, monkeypatch, capfd) -> str:
    """The one line a program's first two turns write on stderr, each line to the program
    written only once `before_writing(process)` has returned."""
    original = ProgramBot._send_to

    def later(self, process, message):
        before_writing(process)
        return original(self, process, message)

    monkeypatch.setattr(ProgramBot, "_send_to", later)
    bot = ProgramBot(program(script), seconds=60)
    game = Game(load_map(DUEL), seed=1)
    game.apply(EndTurn())
    try:
        assert bot.decide(game) == EndTurn() and bot.decide(game) == EndTurn()
        lines = capfd.readouterr().err.strip().splitlines()
        assert len(lines) == 1, lines
        return lines[0]
    finally:
        bot.close()


def test_a_program_that_exits_before_it_is_told_anything_is_said_to_have_exited(
        tmp_path, monkeypatch, capfd):
    """A busy machine may start a program and let it end before its first line is written:
    it crashed, as when its output ends first, and is named so."""
    script = tmp_path / "crash.py"
    script.write_text(FAULTS["crash"])
    said = first_turn_said(script, lambda process: process.wait(), monkeypatch, capfd)
    assert SAID["crash"] in said


def test_a_program_that_closes_its_input_and_runs_on_is_said_to_stop_reading(
        tmp_path, monkeypatch, capfd):
    closed = tmp_path / "closed"
    script = tmp_path / "deaf.py"
    script.write_text(f"import os, pathlib, time\nos.close(0)\npathlib.Path({str(closed)!r})"
                      ".touch()\ntime.sleep(60)\n")
    said = first_turn_said(script, lambda process: wait_until(closed.exists, "input closed"),
                           monkeypatch, capfd)
    assert "stopped reading its input" in said


def test_a_program_that_cannot_start_loses_its_turns_at_once(capfd):
    bot = make_bot("exec:/nonexistent/bot --fast")
    game = Game(load_map(DUEL), seed=1)
    assert bot.decide(game) == EndTurn() and bot.decide(game) == EndTurn()
    err = capfd.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "could not be started" in err[0]


@pytest.mark.slow  # waits out the program's grace period before it is killed
def test_close_ends_a_program_that_ignores_its_input(tmp_path):
    script = tmp_path / "stubborn.py"
    script.write_text("import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                      "print('{\"type\": \"bye\"}', flush=True)\ntime.sleep(600)\n")
    bot = ProgramBot(program(script), seconds=0.5)
    game = Game(load_map(DUEL), seed=1)
    bot.decide(game)
    process = bot._process
    bot.close()
    assert process.poll() is not None


def test_the_lab_takes_exec_bots_in_a_pairing():
    assert parse_pairing("hard,exec:./mybot --deep") == ("hard", "exec:./mybot --deep")
    with pytest.raises(ValueError, match="exec:COMMAND"):
        parse_pairing("hard,exec:")


@pytest.mark.slow
def test_a_program_plays_a_whole_game_in_the_client_through_the_real_loop(app):  # noqa: F811
    greedy = program(EXAMPLES / "greedy_bot.py")
    app.settings.speed_index = 3  # Instant
    session = Session.start(load_map(ROOT / "maps" / "blitz.json"), seed=6,
                            levels={"1": "Easy", "2": greedy})
    scene = start_game(app, session)
    assert isinstance(scene.turns, Turns)
    run_until(app, lambda: scene.game.over, limit=20000)
    played = [line for line in session.log if line.startswith(session.names["2"])]
    assert any("moves" in line for line in played)  # the program's team moved
    assert not scene.turns.bots_here  # the game over: the program was let go
    assert session.keeper.problem is None  # saved after every action, as any game is
    assert load_save(session.keeper.path).teams["levels"] == {"1": "Easy", "2": HUMAN}


def test_the_command_line_takes_an_exec_seat():
    args = parse_args(["--map", str(DUEL), "--team2", "exec:python mybot.py --fast"])
    assert args.team2 == "exec:python mybot.py --fast"


def test_a_headless_game_tells_its_program_seat_everything_and_saves_it_for_a_person(
        tmp_path, capsys):
    """`--headless --save` with an `exec:` seat: the program is sent the events and `bye` as
    in the window, and the save keeps the seat as a person's, so Load resumes it with one."""
    seat, log = echo_program(tmp_path)
    save = tmp_path / "game.json"
    assert main(["--map", "duel", "--team1", "easy", "--team2", seat, "--headless", "--seed",
                 "3", "--save", str(save)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith(f"Saved: {save}")
    told = log.read_text().split()
    assert told[:2] == ["hello", "welcome"] and told[-1] == "bye"
    assert told.count("events") > told.count("your_turn") > 0
    loaded = load_save(save)
    assert loaded.teams["levels"] == {"1": "Easy", "2": HUMAN}
    assert Session.resume(loaded).levels == {"1": "Easy", "2": HUMAN}


@pytest.mark.parametrize(("level", "words"), [
    ("Easy", "Easy bot"),
    ("exec:python examples/greedy_bot.py", "greedy_bot.py program"),
    ("exec:/usr/bin/python3 -u ./bots/my_bot.py --fast", "my_bot.py program"),
    ("exec:node bot.js 7", "bot.js program"),
    ("exec:./mybot", "mybot program"),
])
def test_a_screen_names_a_program_seat_by_its_file(level, words):
    assert seat_words(level) == words


def test_a_program_is_told_how_long_it_has_and_the_environment_sets_it(tmp_path, monkeypatch):
    monkeypatch.setenv(SECONDS_VARIABLE, "2.5")
    log = tmp_path / "seconds.txt"
    script = tmp_path / "timed.py"
    script.write_text(
        "import json, sys\n"
        f"out = open({str(log)!r}, 'w')\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'your_turn':\n"
        "        out.write(str(m['seconds']) + '\\n'); out.flush()\n"
        "        print(json.dumps({'type': 'action', 'ask': m['ask'], 'action': m['legal'][-1]}),"
        " flush=True)\n")
    bot = ProgramBot(program(script))
    assert bot.seconds == 2.5
    try:
        bot.decide(Game(load_map(DUEL), seed=1))
    finally:
        bot.close()
    assert log.read_text().split() == ["2.5"]


COMMANDS = {  # every command that seats programs, with arguments that would play a game
    "laser-flag": lambda: main(["--map", "duel", "--team1", "easy", "--team2", "easy",
                                "--headless"]),
    "laser-flag-balance": lambda: balance.main(["duel", "--games", "1"]),
    "laser-flag-balance sweep": lambda: balance.main(["sweep", "duel", "--games", "1"]),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("value", ["0", "-1", "soon", "nan", "1e9"])
def test_a_malformed_answer_time_is_one_line_before_anything_starts(command, value, monkeypatch,
                                                                    capsys):
    monkeypatch.setenv(SECONDS_VARIABLE, value)
    assert COMMANDS[command]() == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"{command}: error: {SECONDS_VARIABLE}: must be a number of "
                                   "seconds")
    assert captured.err.count("\n") == 1 and captured.out == ""


@pytest.mark.parametrize("arguments", [["--help"], ["host", "--help"], ["join", "--help"]])
def test_every_command_that_seats_a_program_says_how_long_it_has_and_how_to_set_it(
        arguments, capsys):
    with pytest.raises(SystemExit):
        main(arguments)
    assert " ".join(capsys.readouterr().out.split()).endswith(ANSWER_TIME_HELP)


@pytest.mark.parametrize("arguments", [["--help"], ["sweep", "--help"]])
def test_the_lab_says_how_long_a_program_has_and_how_to_set_it(arguments, capsys):
    with pytest.raises(SystemExit):
        balance.main(arguments)
    assert " ".join(capsys.readouterr().out.split()).endswith(ANSWER_TIME_HELP)
