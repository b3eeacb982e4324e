"""`laser-flag-rolls --plot`: the hit-chance chart drawn for real, what it marks, and its errors."""

from __future__ import annotations

import errno
import json
import sys
from pathlib import Path

import pygame
import pytest

from laser_flag.engine.rolls import parse_dice
from laser_flag.engine.ruleset import DEFAULT_RULESET
from laser_flag.tools import plotting, rolls
from laser_flag.tools.roll_chart import CHANGED_EDGE, percent
from laser_flag.tools.rolls import chart_grid, main
from tests.pixels import colours_in

CROSSFIRE = Path(__file__).resolve().parents[2] / "maps" / "crossfire.json"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _colours(path: Path) -> set[tuple[int, int, int]]:
    return colours_in(pygame.image.load(str(path)))


def _red(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


@pytest.mark.slow  # matplotlib draws the chart
def test_the_chart_is_a_png_of_every_cell_in_many_colours(tmp_path, capsys):
    chart = tmp_path / "rolls.png"
    assert main(["--plot", str(chart)]) == 0
    assert capsys.readouterr().out.startswith("Dice: 2d6")  # the tables are still printed
    assert chart.read_bytes().startswith(PNG_SIGNATURE)
    image = pygame.image.load(str(chart))
    assert 800 <= image.get_width() <= 3000 and 800 <= image.get_height() <= 3000
    colours = _colours(chart)
    assert len(colours) > 50  # a colour scale, text and labels, not a blank canvas
    assert _red(CHANGED_EDGE) not in colours  # default rules: nothing outlined
    assert [p.name for p in tmp_path.iterdir()] == ["rolls.png"]  # no temporary file left


@pytest.mark.slow  # matplotlib draws the chart
def test_a_set_rule_outlines_the_cells_it_changes(tmp_path, capsys):
    chart = tmp_path / "tuned.png"
    assert main(["--set", "grunt.cover_defense=3", "--plot", str(chart)]) == 0
    assert _red(CHANGED_EDGE) in _colours(chart)


def test_the_grid_follows_map_set_and_dice():
    dice = parse_dice("3d6")
    rules = rolls.apply_overrides(DEFAULT_RULESET, [("grunt", "cover_defense", 3)])
    grid = chart_grid(rules, dice, ["--set grunt.cover_defense=3"])
    assert len(grid.rows) == len(grid.cols) == 16 and grid.group == 4
    assert grid.rows[0] == "Plain · on floor" and grid.cols[-2] == "Grunt · in cover"
    # Only shots at a grunt in cover change: its two in-cover columns, for every shooter.
    assert grid.changed == {(i, j) for i in range(16) for j in (14, 15)}
    plain_at_grunt_in_cover = grid.hits[0][14]
    assert plain_at_grunt_in_cover.needed == 7 + 3
    assert plain_at_grunt_in_cover.probability == 1 - sum(  # 3d6 totals below 10, counted
        1 for a in range(1, 7) for b in range(1, 7) for c in range(1, 7) if a + b + c < 10) / 216
    assert "3d6" in grid.title and "grunt.cover_defense=3" in grid.title


def test_plot_draws_what_map_set_and_dice_ask_for(tmp_path, capsys, monkeypatch):
    drawn = []
    monkeypatch.setattr(rolls, "plot", lambda plt, grid, path: drawn.append((grid, path)))
    chart = str(tmp_path / "c.png")
    argv = ["--map", str(CROSSFIRE), "--set", "scout.to_hit=9", "--dice", "1d20", "--plot", chart]
    assert main(argv) == 0
    (grid, path), = drawn
    assert path == chart
    assert str(CROSSFIRE) in grid.title and "1d20" in grid.title
    scout_row = grid.rows.index("Scout · on floor")
    assert grid.hits[scout_row][0].needed == 9
    assert {i for i, _ in grid.changed} == set(range(scout_row, scout_row + 4))


@pytest.mark.slow  # matplotlib draws the chart
def test_json_and_plot_together(tmp_path, capsys):
    chart = tmp_path / "c.png"
    assert main(["--json", "--plot", str(chart)]) == 0
    assert json.loads(capsys.readouterr().out)["dice"] == "2d6"
    assert chart.read_bytes().startswith(PNG_SIGNATURE)


def _refused(capsys) -> str:
    out, err = capsys.readouterr()
    assert not out and err.count("\n") == 1 and err.startswith("laser-flag-rolls: error: ")
    return err


def test_without_matplotlib_it_is_one_clear_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    assert main(["--plot", str(tmp_path / "c.png")]) == 2
    assert "--plot needs matplotlib (pip install matplotlib)" in _refused(capsys)
    assert not list(tmp_path.iterdir())


def test_in_the_one_folder_application_it_says_plot_is_not_in_the_download(tmp_path, capsys,
                                                                          monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setattr(sys, "frozen", True, raising=False)  # as PyInstaller sets it
    assert main(["--plot", str(tmp_path / "c.png")]) == 2
    assert "--plot is not in this download" in _refused(capsys)


@pytest.mark.parametrize(("name", "expected"), [
    ("no/c.png", "no folder"), ("chart", "is a folder"), ("c.xyz", "unknown image type 'xyz'")])
def test_a_bad_chart_path_is_refused_before_anything_is_printed(name, expected, tmp_path,
                                                                capsys):
    (tmp_path / "chart").mkdir()
    assert main(["--plot", str(tmp_path / name)]) == 2
    assert expected in _refused(capsys)
    assert [p.name for p in tmp_path.iterdir()] == ["chart"]


def test_a_chart_that_cannot_be_written_is_one_line(tmp_path, capsys, monkeypatch):
    def full_disk(*_args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(plotting, "write_atomic", full_disk)
    assert main(["--plot", str(tmp_path / "c.png")]) == 2
    out, err = capsys.readouterr()
    assert out.startswith("Dice: 2d6")
    assert err == (f"laser-flag-rolls: error: --plot {tmp_path / 'c.png'}: cannot write the "
                   "chart: No space left on device\n")


def test_a_percent_never_reads_certain_or_impossible_when_it_is_not():
    assert [percent(p) for p in (0, 1, 0.583, 0.996, 0.004, 0.5)] == [
        "0%", "100%", "58%", ">99%", "<1%", "50%"]
