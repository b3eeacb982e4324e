"""A run's results as one JSON-ready document: a row per map and pairing, a verdict per map.

A row holds team 1's wins, team 2's wins and the draws, team 1's win rate among decided games
with its 95% interval and the pairing's verdict (lab.verdict), the pace of its games (mean
rounds, shots a round, games ended by the map's round limit or the lab's round cap, and those
drawn at the round limit with equal scores), mean scores, why games ended (round-cap draws are
`cap`), each bot's record when two bots played, and the hit map. Each map's verdict says fair,
leans, or "undecided (N games)", why its games ended (decided at a look, the cap reached, or the
run ended first), and the mirror pairings in which it **stalls**: more than `STALL_SHARE` of
their games ended undecided by play, at the round cap or drawn at the round limit (two cautious
players waiting each other out).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from laser_flag import __version__
from laser_flag.bots.match import CAP_REASON, DRAW, MatchResult

from .games import GameRecord, Plan, in_order
from .hitmap import HitMap
from .pairings import is_mirror
from .stats import mean, rate
from .verdict import judge, row_verdict

ROUND_LIMIT = "turn_limit"  # the victory reason of a game the map's own round limit ended
STALL_SHARE = 0.05  # more of a mirror pairing's games than this capped or drawn at the limit


def bot_record(results: Sequence[MatchResult]) -> dict[str, dict[str, Any]]:
    """Wins, losses and draws of each bot, and its win rate among decided games."""
    record: dict[str, Counter[str]] = {}
    for r in results:
        for team, name in zip("12", r.bots, strict=True):
            outcome = "draws" if r.winner == DRAW else "wins" if r.winner == team else "losses"
            record.setdefault(name, Counter())[outcome] += 1
    return {name: {"wins": c["wins"], "losses": c["losses"], "draws": c["draws"],
                   **rate(c["wins"], c["losses"])} for name, c in sorted(record.items())}


def row(source: str, pairing: Sequence[str], records: Sequence[GameRecord]) -> dict[str, Any]:
    """One map and pairing's row of the report."""
    results = [r.result for r in records]
    wins = Counter(r.winner for r in results)
    hits = HitMap()
    for r in records:
        hits.add(r.hits)
    summary = {
        "map": source, "pairing": list(pairing), "games": len(results),
        "team1_wins": wins["1"], "team2_wins": wins["2"], "draws": wins[DRAW],
        **{f"team1_{k}": v for k, v in rate(wins["1"], wins["2"]).items()},
        **pace(records),
        "mean_scores": {t: mean([r.scores[i] for r in results]) for i, t in enumerate("12")},
        "victories": dict(sorted(Counter(r.victory for r in results).items())),
    }
    if is_mirror(pairing):
        summary["verdict"] = row_verdict(summary)
    else:
        summary["bots"] = bot_record(results)
    summary["hits"] = hits.to_json()
    return summary


def pace(records: Sequence[GameRecord]) -> dict[str, Any]:
    """How the games went: mean rounds, shots fired a round (over all the games' rounds), and
    how many the map's round limit or the lab's round cap ended, and how many the round limit
    ended drawn."""
    rounds = sum(r.result.rounds for r in records)
    return {
        "mean_rounds": mean([r.result.rounds for r in records]),
        "shots_per_round": round(sum(r.shots for r in records) / rounds, 3) if rounds else None,
        "round_limit": sum(r.result.victory == ROUND_LIMIT for r in records),
        "capped": sum(r.result.victory == CAP_REASON for r in records),
        "limit_draws": sum(r.result.victory == ROUND_LIMIT and r.result.winner == DRAW
                           for r in records),
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


def rows(plan: Plan, records: Sequence[GameRecord]) -> list[dict[str, Any]]:
    """Every map and pairing's row, in plan order, from the records played so far."""
    grouped: dict[tuple[int, int], list[GameRecord]] = {}
    for r in in_order(records):
        grouped.setdefault((r.map_index, r.pairing_index), []).append(r)
    return [row(gm.source, pairing, grouped.get((m, p), []))
            for m, gm in enumerate(plan.maps) for p, pairing in enumerate(plan.pairings)]


def report(plan: Plan, records: Sequence[GameRecord], partial: bool = False,
           ended: Sequence[str | None] | None = None) -> dict[str, Any]:
    """The whole run as a JSON document (no timings: the same plan gives the same document).

    `partial`: the run was stopped before every game was played; the numbers cover those done.
    `ended`: why each map's games ended (lab.stopping's DECIDED or CAP; None: the run ended
    first); by default every map played to the cap.
    """
    table = rows(plan, records)
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
    mixed = [r.result for r in records if not is_mirror(plan.pairings[r.pairing_index])]
    if any(not is_mirror(p) for p in plan.pairings):  # a bot against itself measures no bot
        doc["bots_overall"] = bot_record(mixed)
    return doc

