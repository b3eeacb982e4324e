"""The balance lab: reproducible JSON, counts that add up, sides alternating, one-line errors."""

from __future__ import annotations

import fcntl
import json
import os
import re
import signal
import struct
import subprocess
import sys
import termios
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from laser_flag.bots.match import MatchResult
from laser_flag.lab import executors, games
from laser_flag.lab.hitmap import HitMap
from laser_flag.lab.stats import wilson
from laser_flag.tools import balance
from tests.ctrl_c import as_in_a_terminal
from tests.pixels import colours_in
from tests.waits import PipeReader, wait_until

MAPS = Path(__file__).resolve().parents[2] / "maps"
DUEL, BLITZ = str(MAPS / "duel.json"), str(MAPS / "blitz.json")


def run_json(capsys, *argv: str) -> dict:
    assert balance.main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.slow
def test_same_arguments_give_identical_json_whatever_the_jobs(capsys):
    args = (BLITZ, "--games", "4", "--seed", "5", "--bots", "greedy,random")
    first = run_json(capsys, *args, "--jobs", "2")
    assert run_json(capsys, *args, "--jobs", "1") == first
    assert run_json(capsys, *args, "--jobs", "2") == first


def test_a_small_run_finishes_and_its_counts_add_up(capsys):
    doc = run_json(capsys, DUEL, BLITZ, "--games", "4", "--jobs", "2", "--bots", "greedy,random")
    assert [m["map"] for m in doc["maps"]] == [DUEL, BLITZ]
    for m in doc["maps"]:
        assert m["games"] == 4
        assert m["team1_wins"] + m["team2_wins"] + m["draws"] == 4
        assert sum(m["victories"].values()) == 4
        for rec in m["bots"].values():
            assert rec["wins"] + rec["losses"] + rec["draws"] == 4
    overall = doc["bots_overall"]
    assert overall["greedy"]["wins"] == overall["random"]["losses"]
    assert overall["greedy"]["wins"] + overall["greedy"]["losses"] + overall["greedy"]["draws"] == 8


def tasks(*argv: str) -> Iterator[games.Task]:
    return games.tasks(balance.plan(balance._parser().parse_args(list(argv))))


def test_two_bots_alternate_sides():
    sides = [t.bots for t in tasks(DUEL, "--games", "4", "--bots", "planner,random")]
    assert sides == [("planner", "random"), ("random", "planner")] * 2


def test_every_game_gets_its_own_seed_from_the_run_seed():
    seeds = [t.seed for t in tasks(DUEL, BLITZ, "--games", "3", "--seed", "1")]
    assert seeds[:3] == seeds[3:] and len(set(seeds[:3])) == 3
    assert [t.seed for t in tasks(DUEL, "--games", "3", "--seed", "2")] != seeds[:3]


def test_the_round_cap_ends_a_game_as_a_draw(capsys):
    doc = run_json(capsys, DUEL, "--games", "2", "--max-rounds", "1", "--bots", "random")
    assert doc["maps"][0]["draws"] == 2
    assert doc["maps"][0]["victories"] == {"cap": 2}
    assert doc["maps"][0]["team1_win_rate"] is None


def test_the_text_table_names_each_map_and_bot(capsys):
    assert balance.main([BLITZ, "--games", "2", "--bots", "greedy,random"]) == 0
    out, err = capsys.readouterr()
    assert "blitz.json" in out and "greedy:" in out and "random:" in out
    assert err.startswith("2 games in ") and "\r" not in err  # no bar: stderr is no terminal


def test_wilson_interval_matches_the_formula():
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 0) is None
    assert wilson(10, 10)[1] == 1.0


@pytest.mark.parametrize("argv", [
    [],
    ["no/such/map.json"],
    [DUEL, "--games", "0"],
    [DUEL, "--jobs", "x"],
    [DUEL, "--bots", "greedy,genius"],
    [DUEL, "--bots", "greedy,random,planner"],
])
def test_bad_arguments_exit_2_with_one_line(argv, capsys):
    assert balance.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("laser-flag-balance: error:") and err.count("\n") == 1


@pytest.mark.slow  # matplotlib draws the chart
def test_plot_draws_team_1s_win_rate_per_map(capsys, tmp_path):
    chart = tmp_path / "fair.png"
    assert balance.main([DUEL, BLITZ, "--games", "4", "--bots", "greedy,random",
                         "--plot", str(chart)]) == 0
    image = pygame.image.load(str(chart))
    assert image.get_width() > image.get_height() > 200
    assert len(colours_in(image)) > 8  # axes, labels, points and bars, not a blank canvas
    assert [p.name for p in tmp_path.iterdir()] == ["fair.png"]  # no temporary file left


def test_plot_without_matplotlib_is_a_clear_error(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    assert balance.main([DUEL, "--plot", str(tmp_path / "p.png")]) == 2
    assert "needs matplotlib" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_plot_into_a_missing_folder_is_refused_before_any_game(capsys, tmp_path):
    assert balance.main([DUEL, "--plot", str(tmp_path / "no" / "p.png")]) == 2
    out, err = capsys.readouterr()
    assert "no folder" in err and "games" not in err and not out


def _unit_less(tmp_path) -> str:
    """duel.json without team 2's units: it loads, but no game can start on it."""
    data = json.loads(Path(DUEL).read_text())
    data["units"] = [u for u in data["units"] if u[0] != "2"]
    path = tmp_path / "lonely.json"
    path.write_text(json.dumps(data))
    return str(path)


@pytest.fixture
def no_games(monkeypatch):
    """Fail the test if any game is played or any worker started."""
    def refuse(*_args):
        raise AssertionError("a game was started")

    monkeypatch.setattr(executors, "play", refuse)
    monkeypatch.setattr(executors, "start_pool", refuse)


@pytest.mark.parametrize("case", ["template", "team without units"])
def test_a_map_on_which_no_game_can_start_is_refused_before_any_game(case, tmp_path, capsys,
                                                                     no_games):
    path = str(MAPS / "templates" / "empty_21x21.json") if case == "template" else _unit_less(
        tmp_path)
    assert balance.main([DUEL, path, "--jobs", "2"]) == 2
    out, err = capsys.readouterr()
    assert not out and err.count("\n") == 1
    assert err.startswith("laser-flag-balance: error:") and "no units" in err


@pytest.mark.parametrize(("name", "expected"), [
    ("chart", "is a folder"), ("chart.xyz", "unknown image type 'xyz'")])
def test_plot_to_a_folder_or_an_unknown_type_is_refused_before_any_game(name, expected, tmp_path,
                                                                        capsys, no_games):
    (tmp_path / "chart").mkdir()
    assert balance.main([DUEL, "--plot", str(tmp_path / name)]) == 2
    out, err = capsys.readouterr()
    assert not out and err.count("\n") == 1 and expected in err
    assert [p.name for p in tmp_path.iterdir()] == ["chart"]


def _fake_games(monkeypatch, stop_after: int | None = None) -> list[int]:
    """Play instant fake games (team 1 wins); Ctrl-C (KeyboardInterrupt) after `stop_after`."""
    played: list[int] = []

    def fake(task: games.Task) -> games.GameRecord:
        if len(played) == stop_after:
            raise KeyboardInterrupt
        played.append(task.game_index)
        return games.GameRecord(task.map_index, task.pairing_index, task.game_index,
                                MatchResult(task.bots, "1", "flag", 3, (1, 0)), HitMap())

    monkeypatch.setattr(executors, "play", fake)
    return played


def test_ten_million_games_are_not_built_up_front(monkeypatch, capsys):
    assert isinstance(tasks(DUEL, "--games", "10000000"), Iterator)
    _fake_games(monkeypatch, stop_after=3)
    tracemalloc.start()
    try:
        assert balance.main([DUEL, "--games", "10000000", "--json"]) == 130
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000  # a list of 10**7 tasks would take gigabytes
    doc = json.loads(capsys.readouterr().out)
    assert doc["partial"] is True and doc["maps"][0]["games"] == 3


def test_ctrl_c_reports_the_games_so_far_marked_partial(monkeypatch, capsys):
    played = _fake_games(monkeypatch, stop_after=2)
    assert balance.main([DUEL, BLITZ, "--games", "5"]) == 130
    out, err = capsys.readouterr()
    assert played == [0, 0]  # every map's first game before any map's second
    assert "PARTIAL" in out.splitlines()[0]
    assert re.search(r"duel\.json\s+greedy-greedy\s+1\s+1\s+0\s+0", out)  # won by team 1
    assert re.search(r"blitz\.json\s+greedy-greedy\s+1\s+1\s+0\s+0", out)
    assert "stopped by Ctrl-C after 2 of at most 10 games" in err and "Traceback" not in err


def test_ctrl_c_while_the_maps_load_ends_quietly(monkeypatch, capsys):
    def interrupted(paths):
        raise KeyboardInterrupt

    monkeypatch.setattr(balance, "_check_maps", interrupted)
    assert balance.main([DUEL]) == 130
    assert capsys.readouterr() == ("", "")


class _InlinePool:
    """A stand-in for the process pool: plays in this process, at once."""

    def apply_async(self, func, args, callback, error_callback):
        callback(executors.play(*args))

    def close(self) -> None:
        return None

    def terminate(self) -> None:
        return None

    def join(self) -> None:
        return None


@pytest.mark.parametrize(("argv", "started"), [
    (["--jobs", "64", "--games", "2"], 2),
    ([BLITZ, "--jobs", "64", "--games", "2"], 4),
    (["--jobs", "3", "--games", "10"], 3),
])
def test_never_more_workers_than_games_or_jobs_asked(argv, started, monkeypatch, capsys):
    sizes: list[int] = []

    def inline_pool(jobs: int) -> _InlinePool:
        sizes.append(jobs)
        return _InlinePool()

    monkeypatch.setattr(executors, "start_pool", inline_pool)
    _fake_games(monkeypatch)
    assert balance.main([DUEL, *argv, "--bots", "random"]) == 0
    assert sizes == [started]


def _wait_for_games(reader: PipeReader, games: int, total: int) -> None:
    def shown() -> bool:
        counts = re.findall(rf"\| ([\d,]+)/{total:,} games \[", reader.text())
        return bool(counts) and int(counts[-1].replace(",", "")) >= games

    wait_until(shown, f"{games} games on the progress bar", timeout=120)


def _terminal() -> tuple[int, int]:
    """A pseudo-terminal 80 columns wide, as a user's: (main side, side for the child)."""
    main, side = os.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return main, side


CTRL_C_GAMES = 100_000


@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=pytest.mark.slow)])
def test_ctrl_c_in_a_terminal_stops_every_process_cleanly(jobs, tmp_path):
    """SIGINT to the whole process group, as a terminal's Ctrl-C sends it to lab and workers."""
    # far more games than can finish before the Ctrl-C lands (500 random Duel games once did)
    main, side = _terminal()  # stderr on a terminal, where the progress bar is drawn
    lab = subprocess.Popen([sys.executable, "-m", "laser_flag.tools.balance", DUEL, "--json",
                            "--games", str(CTRL_C_GAMES), "--jobs", jobs, "--bots", "random"],
                           stdout=subprocess.PIPE, stderr=side, start_new_session=True,
                           preexec_fn=as_in_a_terminal)
    os.close(side)
    errors = PipeReader(os.fdopen(main, "rb"))
    try:
        _wait_for_games(errors, 2, CTRL_C_GAMES)
        os.killpg(lab.pid, signal.SIGINT)
        assert lab.wait(timeout=60) == 130  # its report is small: the pipe holds it meanwhile
        out = lab.stdout.read()
    finally:
        if lab.poll() is None:
            lab.kill()
    err = errors.finish()
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    doc = json.loads(out)
    assert doc["partial"] is True and 2 <= doc["maps"][0]["games"] < CTRL_C_GAMES
    played = doc["maps"][0]["games"]
    assert f"stopped by Ctrl-C after {played:,} of at most {CTRL_C_GAMES:,} games" in err


def _lab(*extra: str, **popen) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "laser_flag.tools.balance", DUEL, "--games", "1",
                           "--bots", "random", *extra], stderr=subprocess.PIPE, timeout=120,
                          **popen, check=False)


def test_a_full_disk_is_one_line_and_exit_2():
    with open("/dev/full", "w") as full:
        done = _lab("--json", stdout=full)
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err
    assert err.splitlines()[-1] == (
        "laser-flag-balance: error: cannot write the output: No space left on device")


def test_a_reader_that_closes_the_pipe_ends_the_lab_quietly():
    read_end, write_end = os.pipe()
    os.close(read_end)  # like `| head -1` that has already exited
    try:
        done = _lab("--json", stdout=write_end)
    finally:
        os.close(write_end)
    assert done.returncode == 0
    assert "Traceback" not in done.stderr.decode() and "BrokenPipe" not in done.stderr.decode()


def test_fog_plays_every_game_with_fog_of_war_and_says_so(capsys, monkeypatch):
    played = []

    def spy(gm, bots, seed, max_rounds, fog=None, *rest, **keywords):
        played.append(fog)
        return real(gm, bots, seed, max_rounds, fog, *rest, **keywords)

    real = games.play_match
    monkeypatch.setattr(games, "play_match", spy)
    assert balance.main([DUEL, "--games", "2", "--bots", "greedy,random", "--fog"]) == 0
    assert "fog of war" in capsys.readouterr().out.splitlines()[0]
    assert run_json(capsys, DUEL, "--games", "2", "--no-fog")["fog"] is False
    assert played == [True, True, False, False]


def test_each_bots_record_counts_only_games_against_another_bot(capsys):
    doc = run_json(capsys, DUEL, "--games", "2", "--bots", "random", "--bots", "greedy,random")
    overall = doc["bots_overall"]
    assert overall["greedy"]["wins"] + overall["greedy"]["losses"] + overall["greedy"]["draws"] == 2
    assert sum(overall["random"][k] for k in ("wins", "losses", "draws")) == 2
