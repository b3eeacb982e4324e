"""A map's balance badge: the lab's result stored in the map file under `balance`
(docs/MAP_FORMAT.md), and what it says now: fair, leaning, not measured, or stale.

The badge holds a digest of everything in the map that changes how a game plays (terrain,
units, score limits, turn limit, rules, the fog default) and nothing else, so renaming a map
keeps its badge but moving a wall marks it "changed since measured".
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from laser_flag.bots.match import CAP_REASON
from laser_flag.engine import GameMap, load_map
from laser_flag.engine.game_map import map_to_dict
from laser_flag.engine.mapfile import save_map

from . import report

KEY = "balance"
PLAY_KEYS = ("tiles", "units", "score_limit", "turn_limit", "rules")  # as map_to_dict writes them
ROW_KEYS = ("pairing", "games", "team1_wins", "team2_wins", "draws", "team1_win_rate",
            "team1_interval", "mean_rounds")
NOT_MEASURED = report.NOT_MEASURED
CHANGED = "changed since measured"


def play_digest(gm: GameMap) -> str:
    """SHA-256 of the map's play-relevant content in a canonical form (defaults filled in)."""
    data = map_to_dict(gm)
    play = {k: data.get(k) for k in PLAY_KEYS}
    play["fog_of_war"] = bool(gm.to_json_dict().get("fog_of_war", False))
    text = json.dumps(play, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def measured(gm: GameMap, doc: dict[str, Any], rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The `balance` value for one map: the run's settings and the map's rows of `doc`."""
    return {
        "game_version": doc["game_version"], "digest": play_digest(gm), "seed": doc["seed"],
        "games": doc["games_per_pairing"], "max_rounds": doc["max_rounds"],
        "budget": doc["budget"], "pairings": [_badge_row(r) for r in rows],
    }


def _badge_row(row: dict[str, Any]) -> dict[str, Any]:
    """A report row as a badge keeps it: the counts, and how long games lasted, how many the
    round cap stopped and how many were drawn at the turn limit (a map whose games stall is not
    fair play either)."""
    return {**{k: row[k] for k in ROW_KEYS}, "capped": row["victories"].get(CAP_REASON, 0),
            "limit_draws": row["limit_draws"]}


def write(path: str | os.PathLike[str], value: dict[str, Any]) -> None:
    """Store `value` as the map file's badge, atomically, every other key kept as it was."""
    data = load_map(path).to_json_dict()
    data[KEY] = value
    save_map(data, path)


@dataclass(frozen=True)
class BadgeStatus:
    """What a map's badge says now; `rate` and `interval` are team 1's in the pairing that
    decided a lean (the mirror pairing farthest from 50%), else None."""

    verdict: str  # report.FAIR, one of report.LEANS, NOT_MEASURED or CHANGED
    rate: float | None = None
    interval: tuple[float, float] | None = None

    @property
    def leaning(self) -> tuple[float, tuple[float, float]] | None:
        """The leaning team's own win rate and interval (a player reads "leans team 2, 61%" as
        team 2 winning 61%), or None when the map does not lean."""
        team = next((t for t, word in report.LEANS.items() if word == self.verdict), None)
        if team is None or self.rate is None or self.interval is None:
            return None
        if team == "1":
            return self.rate, self.interval
        return 1 - self.rate, (1 - self.interval[1], 1 - self.interval[0])

    @property
    def text(self) -> str:
        """`fair`, `leans team 2 (62% [55-69])` (the leaning team's rate), `not measured`,
        `changed since measured`."""
        if self.leaning is None:
            return self.verdict
        rate, (low, high) = self.leaning
        return f"{self.verdict} ({rate:.0%} [{low:.0%}-{high:.0%}])"


def status(gm: GameMap) -> BadgeStatus:
    """The badge of a map as it is now (a badge for other content is CHANGED)."""
    value = gm.to_json_dict().get(KEY)
    if value is None:
        return BadgeStatus(NOT_MEASURED)
    if value["digest"] != play_digest(gm):
        return BadgeStatus(CHANGED)
    rows = value["pairings"]
    verdict = report.verdict(rows)
    if verdict in (report.NO_MIRROR, report.NOT_MEASURED):
        return BadgeStatus(NOT_MEASURED)
    if verdict == report.FAIR:
        return BadgeStatus(verdict)
    worst = report.deciding_row(rows)
    assert worst is not None  # a lean is only named after a measured mirror row
    return BadgeStatus(verdict, worst["team1_win_rate"], tuple(worst["team1_interval"]))
