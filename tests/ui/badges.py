"""Map files with a balance badge, measured by hand-written counts, for the chooser's tests."""

from __future__ import annotations

import json
from pathlib import Path

from laser_flag.engine.mapfile import load_map
from laser_flag.lab import badge
from laser_flag.lab.stats import wilson

from .conftest import SMALL_MAP


def badge_value(path: Path, team1_wins: int, team2_wins: int) -> dict:
    """A badge for the map at `path` from one greedy-greedy pairing of these results."""
    games = team1_wins + team2_wins
    row = {"pairing": ["greedy", "greedy"], "games": games, "team1_wins": team1_wins,
           "team2_wins": team2_wins, "draws": 0,
           "team1_win_rate": round(team1_wins / games, 6),
           "team1_interval": list(wilson(team1_wins, games) or ()),
           "mean_rounds": 12.0, "shots_per_round": 1.5, "round_limit": 0, "capped": 0,
           "limit_draws": 0}
    run = {"game_version": "test", "seed": 1, "games_per_pairing": games, "max_rounds": 200,
           "budget": None, "sequential": True, "styles": ["greedy"]}
    return badge.measured(load_map(path), run, [row])


def badged_map(path: Path, team1_wins: int, team2_wins: int, name: str = "Badged") -> Path:
    """SMALL_MAP named `name` with a badge from one greedy-greedy pairing of these results."""
    path.write_text(json.dumps({**SMALL_MAP, "name": name}), encoding="utf-8")
    badge.write(path, badge_value(path, team1_wins, team2_wins))
    return path


def walled_after_measuring(path: Path) -> Path:
    """The badged map at `path` with one more wall: its badge no longer fits it."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["tiles"][1][1] = "wall"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path
