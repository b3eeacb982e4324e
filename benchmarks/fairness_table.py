"""docs/LAB.md's fairness table, from the badges of the bundled maps (`make badges` writes them).

One row per map: team 1's win rate [95%] in each standard pairing, with the mean length of its
games in rounds and how many the round cap stopped or the round limit drew ("-" where the badge,
measured before that style joined the standard ones, lacks it), the version that measured it,
then the badge as the chooser shows it (the chart names a stale one so too). Nothing is played
here: the figures are the badges' own, so the table and the maps agree.
With `--plot FILE.png` it also charts them (the lab's chart: team 1's rate per map and pairing).
Run: .venv/bin/python benchmarks/fairness_table.py [--plot docs/balance.png]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from laser_flag.engine import GameMap, load_map
from laser_flag.lab import STYLES, badge
from laser_flag.tools import balance
from laser_flag.tools.plotting import check_plot_path, pyplot

ROOT = Path(__file__).resolve().parents[1]


def cell(row: dict[str, Any]) -> str:
    """`48.9% [35.3-62.8], 9.1 rounds, 1 at the cap` (the parts the badge holds)."""
    if row["team1_win_rate"] is None:
        text = "no decided game"
    else:
        low, high = row["team1_interval"]
        text = f"{row['team1_win_rate']:.1%} [{100 * low:.1f}-{100 * high:.1f}]"
    if row.get("mean_rounds") is not None:
        text += f", {row['mean_rounds']:.1f} rounds"
    if row.get("capped"):
        text += f", {row['capped']} at the cap"
    if row.get("limit_draws"):
        text += f", {row['limit_draws']} drawn at the limit"
    return text


def columns(values: dict[Path, dict[str, Any]]) -> list[tuple[str, ...]]:
    """The standard pairings, then any other a badge holds, each once, in order."""
    found = [tuple(r["pairing"]) for value in values.values() for r in value["pairings"]]
    return list(dict.fromkeys([*STYLES, *found]))


def chart_name(path: Path, gm: GameMap) -> str:
    """The map's name under its points: a badge measured before the map's last change says so,
    as the table's last column does, so an old figure is not read as today's."""
    stale = badge.status(gm).verdict == badge.CHANGED
    return str(path.with_stem(f"{path.stem} ({badge.CHANGED})") if stale else path)


def chart(values: dict[Path, dict[str, Any]], maps: dict[Path, GameMap], path: str) -> None:
    """The badges' rows drawn by the lab's own chart, one point per map and pairing."""
    plt = pyplot()
    check_plot_path(path, plt)
    rows = [{**r, "map": chart_name(p, maps[p])}
            for p, value in values.items() for r in value["pairings"]]
    balance.plot({"maps": rows, "pairings": [list(p) for p in columns(values)]}, path, plt)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description="docs/LAB.md's fairness table from the badges")
    parser.add_argument("--plot", metavar="FILE.png", help="also chart them")
    args = parser.parse_args(argv)
    maps = {p: load_map(p) for p in sorted((ROOT / "maps").glob("*.json"))}
    values = {p: gm.to_json_dict()[badge.KEY] for p, gm in maps.items()}
    pairings = columns(values)
    print("| map | " + " | ".join("-".join(p) for p in pairings) + " | measured by | badge |")
    print("|---" * (len(pairings) + 3) + "|")
    for path, value in values.items():
        held = {tuple(r["pairing"]): r for r in value["pairings"]}
        cells = [cell(held[p]) if p in held else "-" for p in pairings]
        measured = f"{value['game_version']}, seed {value['seed']}, {value['budget']}"
        print(f"| {path.stem} | " + " | ".join(cells)
              + f" | {measured} | {badge.status(maps[path]).text} |")
    if args.plot:
        chart(values, maps, args.plot)


if __name__ == "__main__":
    main(sys.argv[1:])
