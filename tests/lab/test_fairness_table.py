"""benchmarks/fairness_table.py prints README's fairness table from the bundled badges: a row
per bundled map, each with its badge's own figures."""

from __future__ import annotations

import runpy
from pathlib import Path

from laser_flag.engine import load_map
from laser_flag.lab import badge

ROOT = Path(__file__).resolve().parents[2]


def test_the_table_has_a_row_per_bundled_map_with_its_badge(monkeypatch, capsys):
    monkeypatch.setattr("sys.argv", ["fairness_table.py"])  # not pytest's own arguments
    runpy.run_path(str(ROOT / "benchmarks" / "fairness_table.py"), run_name="__main__")
    lines = capsys.readouterr().out.splitlines()
    for path in sorted((ROOT / "maps").glob("*.json")):
        row = next(line for line in lines if line.startswith(f"| {path.stem} |"))
        first = load_map(path).to_json_dict()[badge.KEY]["pairings"][0]
        assert f"{first['team1_win_rate']:.1%}" in row
        assert row.endswith(f"| {badge.status(load_map(path)).text} |")


def test_plot_draws_the_badges_as_the_labs_chart(tmp_path, monkeypatch, capsys):
    chart = tmp_path / "balance.png"
    monkeypatch.setattr("sys.argv", ["fairness_table.py", "--plot", str(chart)])
    runpy.run_path(str(ROOT / "benchmarks" / "fairness_table.py"), run_name="__main__")
    assert chart.read_bytes().startswith(b"\x89PNG")
