"""benchmarks/fairness_table.py prints docs/LAB.md's fairness table from the bundled badges: a row
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


def test_each_figure_stands_under_its_own_pairing(monkeypatch, capsys):
    """Badges measured with fewer styles leave their missing pairings' cells empty ("-"), and
    never slide a later pairing's figure under an earlier one's heading."""
    monkeypatch.setattr("sys.argv", ["fairness_table.py"])
    runpy.run_path(str(ROOT / "benchmarks" / "fairness_table.py"), run_name="__main__")
    lines = capsys.readouterr().out.splitlines()
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    for path in sorted((ROOT / "maps").glob("*.json")):
        row = next(line for line in lines if line.startswith(f"| {path.stem} |"))
        cells = dict(zip(header, (c.strip() for c in row.strip("|").split("|")), strict=True))
        pairings = load_map(path).to_json_dict()[badge.KEY]["pairings"]
        held = {"-".join(r["pairing"]): r for r in pairings}
        for name in header[1:-2]:
            if name in held:
                assert cells[name].startswith(f"{held[name]['team1_win_rate']:.1%}"), (path, name)
            else:
                assert cells[name] == "-", (path, name)


def test_plot_draws_the_badges_as_the_labs_chart(tmp_path, monkeypatch, capsys):
    chart = tmp_path / "balance.png"
    monkeypatch.setattr("sys.argv", ["fairness_table.py", "--plot", str(chart)])
    runpy.run_path(str(ROOT / "benchmarks" / "fairness_table.py"), run_name="__main__")
    assert chart.read_bytes().startswith(b"\x89PNG")


def test_the_chart_names_a_badge_measured_before_the_maps_change(tmp_path):
    """An old badge's points are named as the table's last column names it, a current one's by
    the map alone."""
    table = runpy.run_path(str(ROOT / "benchmarks" / "fairness_table.py"))
    for path in sorted((ROOT / "maps").glob("*.json")):
        gm = load_map(path)
        current = badge.status(gm).verdict != badge.CHANGED
        assert (table["chart_name"](path, gm) == str(path)) is current, path.name
    duel = ROOT / "maps" / "duel.json"
    moved = tmp_path / "duel.json"
    text = duel.read_text(encoding="utf-8").replace('"turn_limit": 40', '"turn_limit": 41')
    moved.write_text(text, encoding="utf-8")
    assert badge.status(load_map(moved)).verdict == badge.CHANGED
    name = table["chart_name"](moved, load_map(moved))
    assert Path(name).stem == f"duel ({badge.CHANGED})"
