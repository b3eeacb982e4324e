"""`laser-flag-balance sweep`: variants from a folder of maps and from --vary, each with its
verdict and pace in one table, JSON or chart; a map that does not load is named and the others
still run; a --vary on an unknown rule or out of range is one line before any game."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pygame
import pytest

from laser_flag.lab import executors
from laser_flag.tools import balance, sweep
from tests.lab.lopsided import lopsided

MAPS = Path(__file__).resolve().parents[2] / "maps"
QUICK = ["--bots", "rusher,rusher", "--games", "16"]  # the scripted style: a game in 0.1 s


@pytest.fixture
def folder(tmp_path) -> Path:
    """Two maps that load (Duel, and four units against one) and one that does not."""
    found = tmp_path / "variants"
    found.mkdir()
    shutil.copy(MAPS / "duel.json", found / "a_duel.json")
    lopsided(found / "b_lopsided.json")
    (found / "c_broken.json").write_text('{"tiles": [["level"]], "units": [')
    return found


def test_a_folder_is_swept_the_broken_map_named_and_the_others_run(folder, capsys):
    assert balance.main(["sweep", str(folder), *QUICK]) == 2
    out, err = capsys.readouterr()
    assert err.startswith(f"laser-flag-balance sweep: error: {folder / 'c_broken.json'}: ")
    lines = out.splitlines()
    assert lines[0].startswith("Sweep: 2 variants, pairings rusher-rusher")
    assert lines[1].split()[:4] == ["variant", "verdict", "rusher-rusher", "rounds"]
    assert lines[2].startswith(str(folder / "a_duel.json"))
    assert lines[3].startswith(str(folder / "b_lopsided.json")) and "leans team 1" in lines[3]


def test_vary_plays_every_combination_with_its_verdict_and_pace(capsys):
    argv = ["sweep", str(MAPS / "duel.json"), "--vary", "speed.scout=4,6",
            "--vary", "grunt.cover_defense=1,3", *QUICK, "--json"]
    assert balance.main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    names = [v["variant"] for v in doc["variants"]]
    duel = str(MAPS / "duel.json")
    assert names == [f"{duel} [scout.speed={s} grunt.cover_defense={c}]"
                     for s in (4, 6) for c in (1, 3)]
    for v in doc["variants"]:
        assert v["text"] == "undecided (16 games)" or v["verdict"] != "undecided"
        assert v["pace"]["games"] == v["games"] and v["pace"]["mean_rounds"] > 0
        assert v["pace"]["shots_per_round"] > 0 and v["pace"]["round_limit"] >= 0
    assert doc["report"]["styles"] == ["rusher"]


def test_the_same_sweep_gives_the_same_table_whatever_the_jobs(capsys):
    argv = ["sweep", str(MAPS / "duel.json"), "--vary", "scout.speed=4,6", *QUICK]
    assert balance.main([*argv, "--jobs", "2"]) == 0
    two = capsys.readouterr().out
    assert balance.main([*argv, "--jobs", "1"]) == 0
    assert capsys.readouterr().out == two


def test_the_chart_shows_each_variant(capsys, tmp_path):
    chart = tmp_path / "sweep.png"
    assert balance.main(["sweep", str(MAPS / "duel.json"), "--vary", "scout.speed=4,6",
                         *QUICK, "--plot", str(chart)]) == 0
    image = pygame.image.load(str(chart))
    assert image.get_height() > 300
    assert [p.name for p in tmp_path.iterdir()] == ["sweep.png"]


@pytest.mark.parametrize(("vary", "expected"), [
    ("scout.armour=3", "unknown rule 'armour'"),
    ("tank.speed=3", "unknown class 'tank'"),
    ("scout.speed=4,300", "--vary scout.speed: must be 0 to 99, not 300"),
    ("speed.scout=-1", "must be 0 to 99, not -1"),
    ("scout.speed=fast", "each value must be an integer"),
    ("scout.speed", "is not CLASS.COLUMN=VALUE"),
])
def test_a_bad_vary_is_one_line_before_any_game(vary, expected, capsys, monkeypatch):
    monkeypatch.setattr(executors, "play", lambda *_: pytest.fail("a game was played"))
    assert balance.main(["sweep", str(MAPS / "duel.json"), "--vary", vary]) == 2
    out, err = capsys.readouterr()
    assert not out and err.count("\n") == 1 and expected in err, err


def test_nothing_to_sweep_is_one_line(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    assert balance.main(["sweep", str(tmp_path / "empty")]) == 2
    assert "no .json maps in this folder" in capsys.readouterr().err
    assert balance.main(["sweep", str(tmp_path / "nowhere.json")]) == 2
    err = capsys.readouterr().err
    assert "no map file" in err and "nowhere.json" in err and err.count("\n") == 1


def test_a_map_is_swept_by_its_name_as_the_game_takes_it(capsys):
    assert balance.main(["sweep", "duel", "--vary", "scout.speed=4,6", *QUICK]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Sweep: 2 variants")
    assert [line.split()[0] for line in lines[2:]] == [str(MAPS / "duel.json")] * 2


def test_parse_vary_reads_both_orders():
    assert sweep.parse_vary("speed.scout=4,5,4") == sweep.parse_vary("scout.speed=4,5")
    assert sweep.parse_vary("sniper.moves_after_firing=true,false").values == (True, False)
