"""A run's results as one JSON-ready document: a row per map and pairing, a verdict per map.

A row holds team 1's wins, team 2's wins and the draws, team 1's win rate among decided games
with its 95% interval, mean rounds and scores, why games ended (round-cap draws are `cap`),
the games the round cap stopped (`capped`) and those drawn at the map's turn limit with equal
scores (`limit_draws`), each bot's record when two bots played, and the hit map. A map is FAIR
when every mirror pairing's team 1 win rate lies within 40-60% (its interval then overlaps
40-60% too: a Wilson interval holds its point estimate). Apart from that verdict, a map
**stalls** in a mirror pairing when more than `STALL_SHARE` of its games end undecided by play:
at the round cap, or drawn at the turn limit (two cautious players waiting each other out).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from laser_flag import __version__
from laser_flag.bots.match import CAP_REASON, DRAW, LIMIT_REASON, MatchResult

from .games import GameRecord, Plan, in_order
from .hitmap import HitMap
from .pairings import is_mirror
from .stats import mean, rate

FAIR_BAND = (0.4, 0.6)
FAIR = "fair"
LEANS = {"1": "leans team 1", "2": "leans team 2"}
NOT_MEASURED = "not measured"  # a mirror pairing without a decided game
NO_MIRROR = "no mirror pairing"  # only mixed pairings played: they measure bots, not the map
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
        "mean_rounds": mean([r.rounds for r in results]),
        "mean_scores": {t: mean([r.scores[i] for r in results]) for i, t in enumerate("12")},
        "victories": dict(sorted(Counter(r.victory for r in results).items())),
        "capped": sum(1 for r in results if r.victory == CAP_REASON),
        "limit_draws": sum(1 for r in results if r.victory == LIMIT_REASON and r.winner == DRAW),
    }
    if not is_mirror(pairing):
        summary["bots"] = bot_record(results)
    summary["hits"] = hits.to_json()
    return summary


def is_fair(r: dict[str, Any]) -> bool:
    low, high = FAIR_BAND
    return r["team1_win_rate"] is not None and low <= r["team1_win_rate"] <= high


def deciding_row(rows: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The measured mirror row farthest from 50%: the one a lean is named after."""
    measured = [r for r in rows if is_mirror(r["pairing"]) and r["team1_win_rate"] is not None]
    return max(measured, key=lambda r: abs(r["team1_win_rate"] - 0.5), default=None)


def verdict(rows: Sequence[dict[str, Any]]) -> str:
    """FAIR, leans team 1 or 2 (by the deciding row), NOT_MEASURED or NO_MIRROR, from a map's
    rows (report rows or a badge's pairings)."""
    mirrors = [r for r in rows if is_mirror(r["pairing"])]
    if not mirrors:
        return NO_MIRROR
    if any(r["team1_win_rate"] is None for r in mirrors):
        return NOT_MEASURED
    if all(map(is_fair, mirrors)):
        return FAIR
    worst = deciding_row(mirrors)
    assert worst is not None
    return LEANS["1" if worst["team1_win_rate"] > 0.5 else "2"]


def stalls(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The mirror rows whose games stall: more than STALL_SHARE of them capped or drawn at the
    turn limit."""
    return [r for r in rows if is_mirror(r["pairing"]) and r["games"]
            and (r["capped"] + r["limit_draws"]) / r["games"] > STALL_SHARE]


def rows(plan: Plan, records: Sequence[GameRecord]) -> list[dict[str, Any]]:
    """Every map and pairing's row, in plan order, from the records played so far."""
    grouped: dict[tuple[int, int], list[GameRecord]] = {}
    for r in in_order(records):
        grouped.setdefault((r.map_index, r.pairing_index), []).append(r)
    return [row(gm.source, pairing, grouped.get((m, p), []))
            for m, gm in enumerate(plan.maps) for p, pairing in enumerate(plan.pairings)]


def _map_verdict(source: str, rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    return {"map": source, "verdict": verdict(rows),
            "stalls": [r["pairing"] for r in stalls(rows)]}


def report(plan: Plan, records: Sequence[GameRecord], partial: bool = False) -> dict[str, Any]:
    """The whole run as a JSON document (no timings: the same plan gives the same document).

    `partial`: the run was stopped before every game was played; the numbers cover those done.
    """
    table = rows(plan, records)
    per_map = len(plan.pairings)
    doc: dict[str, Any] = {
        "game_version": __version__, "pairings": [list(p) for p in plan.pairings],
        "games_per_pairing": plan.games, "seed": plan.seed, "max_rounds": plan.max_rounds,
        "budget": plan.budget, "fog": plan.fog, "partial": partial, "maps": table,
        "verdicts": [_map_verdict(gm.source, table[m * per_map:(m + 1) * per_map])
                     for m, gm in enumerate(plan.maps)],
    }
    mixed = [r.result for r in records if not is_mirror(plan.pairings[r.pairing_index])]
    if any(not is_mirror(p) for p in plan.pairings):  # a bot against itself measures no bot
        doc["bots_overall"] = bot_record(mixed)
    return doc

