"""Every script in benchmarks/ answers --help with its usage, and a bad argument with argparse's
usage error (exit status 2), never a traceback: each is run as a developer runs it, a process
of its own."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted((ROOT / "benchmarks").glob("*.py"))
FAST = ("stopping.py", "env.py")  # the rest start the same way, in a process of their own each
TIMEOUT = 120  # a script that took --help for a measurement's argument would run for minutes
# Without the [rl] extra: laser_flag.env's own imports fail as they do where it is missing.
NO_RL = ("import runpy, sys; sys.modules['gymnasium'] = None; sys.argv = sys.argv[1:]; "
         "runpy.run_path(sys.argv[0], run_name='__main__')")


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    """A Python process of this checkout's; pygame's banner hidden, as the game hides it."""
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, *argv], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=TIMEOUT)


def cases(scripts: list[str]) -> list[object]:
    return [pytest.param(s, id=s, marks=() if s in FAST else pytest.mark.slow) for s in scripts]


def assert_usage(done: subprocess.CompletedProcess[str], prog: str) -> None:
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: {prog} "), done.stdout[:300]
    assert done.stderr == ""


def assert_usage_error(done: subprocess.CompletedProcess[str], prog: str, message: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith(f"usage: {prog} "), done.stderr
    assert f"{prog}: error: {message}" in done.stderr, done.stderr
    assert done.stdout == ""  # refused before any measurement printed a line


def test_the_scripts_are_found():
    assert {"balance.py", "blunders.py", "bots.py", "engine.py", "env.py", "hits.py",
            "stopping.py"} <= {p.name for p in SCRIPTS}


@pytest.mark.parametrize("script", cases([p.name for p in SCRIPTS]))
def test_help_prints_the_usage_and_exits_0(script):
    assert_usage(run(f"benchmarks/{script}", "--help"), script)


@pytest.mark.slow
def test_the_depth_mode_of_bots_has_its_own_help():
    done = run("benchmarks/bots.py", "depth", "--help")
    assert_usage(done, "bots.py depth")
    assert "STEPS GAMES MAX_ROUNDS MAP [MAP ...]" in done.stdout


@pytest.mark.parametrize(("argv", "message"), [
    pytest.param(["stopping.py", "notanumber"],
                 "argument CAP: must be a positive integer, not 'notanumber'", id="stopping"),
    pytest.param(["hits.py", "duel", "hard", "genius"], "argument OPPONENT: unknown bot 'genius'",
                 id="hits-bot"),
    pytest.param(["balance.py", "30", "notanumber"], "argument THROUGHPUT_GAMES: must be a "
                 "positive integer", id="balance", marks=pytest.mark.slow),
    pytest.param(["blunders.py", "4", "1", "rusher", "steps:many"], "argument steps:N: "
                 "'steps:many': a budget is steps:N", id="blunders", marks=pytest.mark.slow),
    pytest.param(["hits.py", "nosuch.json", "hard", "rusher"], "argument MAP: no map file "
                 "'nosuch.json'", id="hits-map", marks=pytest.mark.slow),
    pytest.param(["bots.py", "depth", "150", "2", "notanumber", "duel"], "argument MAX_ROUNDS: "
                 "must be a positive integer", id="bots-depth", marks=pytest.mark.slow),
    pytest.param(["engine.py", "gridlok"], "argument MAP: no bundled map 'gridlok'",
                 id="engine", marks=pytest.mark.slow),
    pytest.param(["engine.py", "--rounds", "3"], "--rounds goes with --against",
                 id="engine-rounds", marks=pytest.mark.slow),
    pytest.param(["replay.py", "49"], "ACTIONS must be at least 50", id="replay",
                 marks=pytest.mark.slow),
    pytest.param(["autosave.py", "100"], "unrecognized arguments: 100", id="autosave",
                 marks=pytest.mark.slow),
])
def test_a_bad_argument_is_a_usage_error(argv, message):
    script, *args = argv
    prog = script + (" depth" if args[:1] == ["depth"] else "")
    assert_usage_error(run(f"benchmarks/{script}", *args), prog, message)


def test_a_broken_map_is_refused_naming_the_file_and_the_place(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"tiles": [', encoding="utf-8")
    done = run("benchmarks/hits.py", str(broken), "hard", "rusher")
    assert_usage_error(done, "hits.py", f"argument MAP: {broken}: line 1 column 12: not JSON")


def test_env_gives_its_help_without_the_rl_extra():
    assert_usage(run("-c", NO_RL, "benchmarks/env.py", "--help"), "env.py")


def test_env_run_without_the_rl_extra_names_what_to_install():
    done = run("-c", NO_RL, "benchmarks/env.py")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("env.py: error: laser_flag.env needs the [rl] extra: "
                                  "pip install 'laser-flag[rl]'"), done.stderr
    assert done.stderr.count("\n") == 1  # one line, no traceback


@pytest.mark.slow
def test_the_engine_a_b_plays_the_same_games_on_both_sides_round_by_round():
    done = run("benchmarks/engine.py", "--against", str(ROOT), "--rounds", "4", "duel")
    assert done.returncode == 0, done.stderr
    header, columns, row = done.stdout.splitlines()
    assert "in 4 rounds a figure" in header
    assert columns.split() == ["map", "random", "other", "random", "this", "share", "copy",
                               "other", "copy", "this", "share"]
    name, *figures = row.split()
    assert name == "duel" and len(figures) == 8  # speeds, a share and its middle half, twice
    for share, middle in (figures[2:4], figures[6:8]):
        assert re.fullmatch(r"\d+%", share) and re.fullmatch(r"\[\d+%-\d+%\]", middle), row


def test_the_engine_a_b_refuses_a_checkout_that_plays_other_games(tmp_path, monkeypatch):
    """Two sides whose play parts are refused by name (a share of different work says nothing)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import engine
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    played = iter([(3000, 0.1, "game 0 action 12"), (3000, 0.1, "game 0 action 14")])

    class Played:
        def __init__(self, *args: object) -> None: ...
        def run(self, units: int) -> tuple[int, float, str]:
            return next(played)
        def close(self) -> None: ...

    monkeypatch.setattr(engine, "Side", Played)
    with pytest.raises(SystemExit, match="duel: the sides played different games "
                                         r"\(game 0 action 1[24] against game 0 action 1[24]\)"):
        engine.rounds_of(tmp_path, ROOT / "maps" / "duel.json", "random", 2)
