"""A map's balance badge: the lab's result stored in the map file under `balance`
(docs/MAP_FORMAT.md), and what it says now: fair, leaning, undecided, not measured, or stale.

A badge in a map file is its author's claim: the verdict is worked out again from its counts
(lab.verdict), never read from it, and lab.measured keeps what this machine measured itself.

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

from laser_flag.bots import PLAY_VERSION
from laser_flag.engine import GameMap, load_map
from laser_flag.engine.game_map import map_to_dict
from laser_flag.engine.mapfile import save_map
from laser_flag.i18n import N_, _

from .pairings import is_mirror
from .report import stalls
from .verdict import (
    LEANS,
    NO_MIRROR,
    NOT_MEASURED,
    UNDECIDED,
    Verdict,
    interval,
    judge,
    said_undecided,
)

KEY = "balance"
PLAY_KEYS = ("tiles", "units", "score_limit", "turn_limit", "rules")  # as map_to_dict writes them
ROW_KEYS = ("pairing", "games", "team1_wins", "team2_wins", "draws", "team1_win_rate",
            "team1_interval", "mean_rounds", "shots_per_round", "round_limit", "capped",
            "limit_draws")
CHANGED = N_("changed since measured")


def play_digest(gm: GameMap) -> str:
    """SHA-256 of the map's play-relevant content in a canonical form (defaults filled in)."""
    data = map_to_dict(gm)
    play = {k: data.get(k) for k in PLAY_KEYS}
    play["fog_of_war"] = bool(gm.json_value("fog_of_war"))
    text = json.dumps(play, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def measured(gm: GameMap, doc: dict[str, Any], rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The `balance` value for one map: the run's settings and the map's rows of `doc`: the
    counts, the styles measured, and the pace (a map whose games stall is not fair play)."""
    return {
        "game_version": doc["game_version"], "digest": play_digest(gm), "seed": doc["seed"],
        "games": doc["games_per_pairing"], "sequential": doc["sequential"],
        "styles": doc["styles"], "max_rounds": doc["max_rounds"], "budget": doc["budget"],
        "pairings": [{k: r[k] for k in ROW_KEYS} for r in rows],
    }


def write(path: str | os.PathLike[str], value: dict[str, Any]) -> None:
    """Store `value` as the map file's badge, atomically, every other key kept as it was."""
    data = load_map(path).to_json_dict()
    data[KEY] = value
    save_map(data, path)


@dataclass(frozen=True)
class BadgeStatus:
    """What a badge says now: `verdict` (lab.verdict's word, or CHANGED), the mirror games it
    counted, and for a lean team 1's rate and interval in the pairing that names it."""

    verdict: str
    rate: float | None = None
    interval: tuple[float, float] | None = None
    games: int = 0

    @property
    def leaning(self) -> tuple[float, tuple[float, float]] | None:
        """The leaning team's own win rate and interval (a player reads "leans team 2, 61%" as
        team 2 winning 61%), or None when the map does not lean."""
        team = next((t for t, word in LEANS.items() if word == self.verdict), None)
        if team is None or self.rate is None or self.interval is None:
            return None
        if team == "1":
            return self.rate, self.interval
        return 1 - self.rate, (1 - self.interval[1], 1 - self.interval[0])

    @property
    def text(self) -> str:
        """`fair`, `leans team 2 (62% [55-69])` (the leaning team's rate), `undecided (96
        games)`, `not measured`, `changed since measured`."""
        return self._told(Verdict(UNDECIDED, self.games).text, self.verdict)

    @property
    def said(self) -> str:
        """`text` in the reader's language (the files and the command line keep `text`)."""
        return self._told(said_undecided(self.games), _(self.verdict))

    def _told(self, undecided: str, word: str) -> str:
        if self.verdict == UNDECIDED:
            return undecided
        if self.leaning is None:
            return word
        rate, (low, high) = self.leaning
        return f"{word} ({rate:.0%} [{low:.0%}-{high:.0%}])"


def status(gm: GameMap) -> BadgeStatus:
    """The badge in the map as it is now (a badge for other content is CHANGED)."""
    return value_status(gm, gm.json_value(KEY))


def value_status(gm: GameMap, value: dict[str, Any] | None) -> BadgeStatus:
    """What a badge value (the map's own, or one measured here) says of `gm` as it is now: a
    badge for other content, or measured by bots that decided otherwise, is CHANGED."""
    if value is None:
        return BadgeStatus(NOT_MEASURED)
    if value["digest"] != play_digest(gm) or measured_before_bots_changed(value):
        return BadgeStatus(CHANGED)
    found = judge(value["pairings"])
    if found.word in (NO_MIRROR, NOT_MEASURED):
        return BadgeStatus(NOT_MEASURED)
    if found.deciding is None:
        return BadgeStatus(found.word, games=found.games)
    row = found.deciding
    rate = row["team1_wins"] / (row["team1_wins"] + row["team2_wins"])
    return BadgeStatus(found.word, rate, interval(row), found.games)


def measured_before_bots_changed(value: dict[str, Any]) -> bool:
    """Whether the badge's release is older than the one whose bots last changed how they decide
    (`bots.PLAY_VERSION`): its Hard, or a style, played otherwise. A version that is not a
    release's dotted numbers (a build of one's own) is not judged."""
    measured = release(value["game_version"])
    return measured is not None and measured < release(PLAY_VERSION)


def release(version: str) -> tuple[int, ...] | None:
    """`0.19.2` as (0, 19, 2), to compare releases; None for anything else."""
    parts = version.split(".")
    if not all(part.isascii() and part.isdigit() for part in parts):
        return None
    return tuple(int(part) for part in parts)


def pace(value: dict[str, Any]) -> dict[str, Any]:
    """A badge's pace over its mirror pairings: games, mean rounds, shots a round, the games a
    round limit ended and those of them drawn (each None where a row lacks it: older badges kept
    less), and the mirror pairings whose games stall (report.stalls)."""
    rows = [r for r in value["pairings"] if is_mirror(r["pairing"]) and r["games"]]
    games = sum(r["games"] for r in rows)
    known = {key: bool(rows) and all(r.get(key) is not None for r in rows)
             for key in ("mean_rounds", "shots_per_round", "round_limit", "limit_draws")}
    rounds = sum(r["mean_rounds"] * r["games"] for r in rows) if known["mean_rounds"] else 0
    return {
        "games": games,
        "mean_rounds": rounds / games if known["mean_rounds"] else None,
        "shots_per_round": (sum(r["shots_per_round"] * r["mean_rounds"] * r["games"]
                                for r in rows) / rounds
                            if known["shots_per_round"] and rounds else None),
        "round_limit": (sum(r["round_limit"] + r.get("capped", 0) for r in rows)
                        if known["round_limit"] else None),
        "limit_draws": (sum(r["limit_draws"] + r.get("capped", 0) for r in rows)
                        if known["limit_draws"] else None),
        "stalls": [r["pairing"] for r in stalls(rows)],
    }
