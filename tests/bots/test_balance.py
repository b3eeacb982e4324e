"""The balance lab: reproducible JSON, counts that add up, sides alternating, one-line errors."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pygame
import pytest

from laser_flag.tools import balance

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


def test_two_bots_alternate_sides():
    args = balance._parser().parse_args([DUEL, "--games", "4", "--bots", "planner,random"])
    sides = [t.bots for t in balance.tasks(args)]
    assert sides == [("planner", "random"), ("random", "planner")] * 2


def test_every_game_gets_its_own_seed_from_the_run_seed():
    args = balance._parser().parse_args([DUEL, BLITZ, "--games", "3", "--seed", "1"])
    seeds = [t.seed for t in balance.tasks(args)]
    assert seeds[:3] == seeds[3:] and len(set(seeds[:3])) == 3
    other = balance._parser().parse_args([DUEL, "--games", "3", "--seed", "2"])
    assert [t.seed for t in balance.tasks(other)] != seeds[:3]


def test_the_round_cap_ends_a_game_as_a_draw(capsys):
    doc = run_json(capsys, DUEL, "--games", "2", "--max-rounds", "1", "--bots", "random")
    assert doc["maps"][0]["draws"] == 2
    assert doc["maps"][0]["victories"] == {"cap": 2}
    assert doc["maps"][0]["team1_win_rate"] is None


def test_the_text_table_names_each_map_and_bot(capsys):
    assert balance.main([BLITZ, "--games", "2", "--bots", "greedy,random"]) == 0
    out, err = capsys.readouterr()
    assert "blitz.json" in out and "greedy:" in out and "random:" in out
    assert "2/2 games" in err


def test_wilson_interval_matches_the_formula():
    low, high = balance.wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert balance.wilson(0, 0) is None
    assert balance.wilson(10, 10)[1] == 1.0


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


def test_plot_draws_team_1s_win_rate_per_map(capsys, tmp_path):
    chart = tmp_path / "fair.png"
    assert balance.main([DUEL, BLITZ, "--games", "4", "--bots", "greedy,random",
                         "--plot", str(chart)]) == 0
    image = pygame.image.load(str(chart))
    assert image.get_width() > image.get_height() > 200
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, image.get_width(), 3)
               for y in range(0, image.get_height(), 3)}
    assert len(colours) > 8  # axes, labels, points and bars, not a blank canvas
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
