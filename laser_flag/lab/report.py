"""A run's results as one JSON-ready document: a row per map and pairing, a verdict per map.

A row holds team 1's wins, team 2's wins and the draws, team 1's win rate among decided games
with its 95% interval and the pairing's verdict (lab.verdict), the pace of its games (mean
rounds, shots a round, games ended by the map's round limit or the lab's round cap, and those
drawn at the round limit with equal scores), mean scores, why games ended (round-cap draws are
`cap`), each bot's record when two bots played, and the hit map. Each map's verdict says fair,
leans, or "undecided (N games)", why its games ended (decided at a look, the cap reached, given
up on as unlikely to end fair, or the run ended first), and the mirror pairings in which it
**stalls**: more than `STALL_SHARE` of their games ended undecided by play, at the round cap or
drawn at the round limit (two cautious players waiting each other out).
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from laser_flag import __version__
from laser_flag.bots.match import CAP_REASON, DRAW

from .games import GameRecord, Plan
from .hitmap import HitMap
from .pairings import is_mirror
from .stats import rate
from .verdict import judge, row_verdict

ROUND_LIMIT = "turn_limit"  # the victory reason of a game the map's own round limit ended
STALL_SHARE = 0.05  # more of a mirror pairing's games than this capped or drawn at the limit


Key = tuple[int, int]  # (map index, pairing index): one row


@dataclass
class Tally:
    """A row's games summed as they come: everything the report says of them, in a size that
    does not grow with their number (a run of any length holds a tally a row, not its games)."""

    games: int = 0
    winners: Counter[str] = field(default_factory=Counter)
    victories: Counter[str] = field(default_factory=Counter)
    rounds: int = 0
    shots: int = 0
    round_limit: int = 0  # games the map's round limit ended
    capped: int = 0  # games the lab's round cap ended
    limit_draws: int = 0  # games the round limit ended drawn
    scores: tuple[int, int] = (0, 0)
    hits: HitMap = field(default_factory=HitMap)
    bots: dict[str, Counter[str]] = field(default_factory=dict)  # name -> wins, losses, draws

    def add(self, record: GameRecord) -> None:
        r = record.result
        self.games += 1
        self.winners[r.winner] += 1
        self.victories[r.victory] += 1
        self.rounds += r.rounds
        self.shots += record.shots
        self.round_limit += r.victory == ROUND_LIMIT
        self.capped += r.victory == CAP_REASON
        self.limit_draws += r.victory == ROUND_LIMIT and r.winner == DRAW
        self.scores = (self.scores[0] + r.scores[0], self.scores[1] + r.scores[1])
        self.hits.add(record.hits)
        for team, name in zip("12", r.bots, strict=True):
            outcome = "draws" if r.winner == DRAW else "wins" if r.winner == team else "losses"
            self.bots.setdefault(name, Counter())[outcome] += 1

    @classmethod
    def of(cls, records: Iterable[GameRecord]) -> Tally:
        tally = cls()
        for r in records:
            tally.add(r)
        return tally

    def copy(self) -> Tally:
        return copy.deepcopy(self)

    def counts(self) -> dict[str, int]:
        """The counts a verdict reads: team 1's wins, team 2's wins, the games."""
        return {"team1_wins": self.winners["1"], "team2_wins": self.winners["2"],
                "games": self.games}

    def mean(self, total: int) -> float | None:
        """`total` a game, to 3 decimals; None when a stopped run played no game of a row."""
        return round(total / self.games, 3) if self.games else None


def bot_record(bots: Mapping[str, Counter[str]]) -> dict[str, dict[str, Any]]:
    """Wins, losses and draws of each bot, and its win rate among decided games."""
    return {name: {"wins": c["wins"], "losses": c["losses"], "draws": c["draws"],
                   **rate(c["wins"], c["losses"])} for name, c in sorted(bots.items())}


def row(source: str, pairing: Sequence[str], tally: Tally) -> dict[str, Any]:
    """One map and pairing's row of the report."""
    wins = tally.winners
    summary = {
        "map": source, "pairing": list(pairing), "games": tally.games,
        "team1_wins": wins["1"], "team2_wins": wins["2"], "draws": wins[DRAW],
        **{f"team1_{k}": v for k, v in rate(wins["1"], wins["2"]).items()},
        **pace(tally),
        "mean_scores": {t: tally.mean(tally.scores[i]) for i, t in enumerate("12")},
        "victories": dict(sorted(tally.victories.items())),
    }
    if is_mirror(pairing):
        summary["verdict"] = row_verdict(summary)
    else:
        summary["bots"] = bot_record(tally.bots)
    summary["hits"] = tally.hits.to_json()
    return summary


def pace(tally: Tally) -> dict[str, Any]:
    """How the games went: mean rounds, shots fired a round (over all the games' rounds), and
    how many the map's round limit or the lab's round cap ended, and how many the round limit
    ended drawn."""
    return {
        "mean_rounds": tally.mean(tally.rounds),
        "shots_per_round": round(tally.shots / tally.rounds, 3) if tally.rounds else None,
        "round_limit": tally.round_limit,
        "capped": tally.capped,
        "limit_draws": tally.limit_draws,
    }


def styles(plan: Plan) -> list[str]:
    """The bots that played, each once, in the order the pairings name them."""
    return list(dict.fromkeys(name for pairing in plan.pairings for name in pairing))


def map_verdict(source: str, table: Sequence[dict[str, Any]], ended: str | None
                ) -> dict[str, Any]:
    """One map's verdict entry: the word, the text a person reads, the mirror games, why its
    games ended, and the mirror pairings whose games stall."""
    found = judge(table)
    return {"map": source, "verdict": found.word, "text": found.text, "games": found.games,
            "ended": ended, "stalls": [r["pairing"] for r in stalls(table)]}


def stalls(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The mirror rows whose games stall: more than STALL_SHARE of them capped or drawn at the
    round limit (a badge's older rows, without `limit_draws`, count their capped games)."""
    return [r for r in rows if is_mirror(r["pairing"]) and r["games"]
            and (r.get("capped", 0) + r.get("limit_draws", 0)) / r["games"] > STALL_SHARE]


def rows(plan: Plan, tallies: Mapping[Key, Tally]) -> list[dict[str, Any]]:
    """Every map and pairing's row, in plan order, from the games played so far."""
    return [row(gm.source, pairing, tallies.get((m, p), Tally()))
            for m, gm in enumerate(plan.maps) for p, pairing in enumerate(plan.pairings)]


def report(plan: Plan, tallies: Mapping[Key, Tally], partial: bool = False,
           ended: Sequence[str | None] | None = None) -> dict[str, Any]:
    """The whole run as a JSON document (no timings: the same plan gives the same document).

    `partial`: the run was stopped before every game was played; the numbers cover those done.
    `ended`: why each map's games ended (lab.stopping's DECIDED, CAP or FUTILE; None: the run
    ended first); by default every map played to the cap.
    """
    table = rows(plan, tallies)
    per_map = len(plan.pairings)
    ended = ["cap"] * len(plan.maps) if ended is None else ended
    doc: dict[str, Any] = {
        "game_version": __version__, "pairings": [list(p) for p in plan.pairings],
        "styles": styles(plan), "games_per_pairing": plan.games,
        "sequential": plan.sequential, "seed": plan.seed, "max_rounds": plan.max_rounds,
        "budget": plan.budget, "fog": plan.fog, "partial": partial, "maps": table,
        "verdicts": [map_verdict(gm.source, table[m * per_map:(m + 1) * per_map], ended[m])
                     for m, gm in enumerate(plan.maps)],
    }
    if any(not is_mirror(p) for p in plan.pairings):  # a bot against itself measures no bot
        mixed: dict[str, Counter[str]] = {}
        for (_, p), tally in sorted(tallies.items()):
            if not is_mirror(plan.pairings[p]):
                for name, counted in tally.bots.items():
                    mixed.setdefault(name, Counter()).update(counted)
        doc["bots_overall"] = bot_record(mixed)
    return doc
