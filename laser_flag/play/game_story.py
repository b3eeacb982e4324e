"""What a finished game's record says about it: each unit's shooting, and the turning point (the
hit that swung the score for good). No pygame; read from a replay's events, never re-derived
from the rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..engine.events import Event, Scored, Shot
from ..engine.game_map import TEAMS, other_team
from ..i18n import N_, _
from .log_text import Roster
from .odds_text import chance, outcomes

# Why a hit is the turning point; {team} is the shooter's team.
AHEAD = N_("and {team} led from then on")
LAST_HIT = N_("{team}'s last hit before the win")
LEVELLED = N_("the score level for the last time")


class Record(Protocol):
    """A finished game's record as a seat knows it: a replay's index (`ReplayIndex`) or a
    network guest's record of what it was told (`told_story.ToldRecord`). `events[i]` are the
    events of action i (0: none), `turns[i]` the turn after it; `game_at(last)` the end, which
    has `winner`, `map` and `unit(uid)` (None once the unit has left the board)."""

    events: Sequence[Sequence[Event]]
    turns: Sequence[int]

    @property
    def last(self) -> int: ...

    def game_at(self, index: int) -> Any: ...


@dataclass(frozen=True)
class UnitStats:
    """One unit's game: the shots it fired (snap shots among them), its hits, the hits it
    took, and whether it was still on the board at the end."""

    uid: int
    team: str
    unit_class: str
    shots: int = 0
    hits: int = 0
    hits_taken: int = 0
    snap_shots: int = 0
    on_board: bool = True


@dataclass(frozen=True)
class TurningPoint:
    """The hit that swung the game: the action it came in (1-based, as the replay counts), the
    shot, the round, the scores right after it, and why it is the one."""

    at: int
    shot: Shot
    round: int
    scores: dict[str, int]
    why: str


def unit_stats(index: Record) -> list[UnitStats]:
    """Every unit of the map, in id order, with what it did in the recorded game."""
    final = index.game_at(index.last)
    counts = {uid: {"shots": 0, "hits": 0, "hits_taken": 0, "snap_shots": 0}
              for uid in range(len(final.map.units))}
    for events in index.events:
        for event in events:
            if isinstance(event, Shot):
                counts[event.shooter]["shots"] += 1
                counts[event.shooter]["snap_shots"] += event.snap
                counts[event.shooter]["hits"] += event.hit
                counts[event.target]["hits_taken"] += event.hit
    return [UnitStats(uid, spec.team, spec.unit_class, **counts[uid],
                      on_board=final.unit(uid) is not None)
            for uid, spec in enumerate(final.map.units)]


def scoring_hits(index: Record) -> list[tuple[int, Shot, dict[str, int]]]:
    """Each hit that scored, by action, with both scores right after it."""
    scores = dict.fromkeys(TEAMS, 0)
    found: list[tuple[int, Shot, dict[str, int]]] = []
    for at, events in enumerate(index.events):
        hit: Shot | None = None
        for event in events:
            if isinstance(event, Shot) and event.hit:
                hit = event
            elif isinstance(event, Scored):
                scores[event.team] = event.score
                if hit is not None:
                    found.append((at, hit, dict(scores)))
                    hit = None
    return found


def turning_point(index: Record) -> TurningPoint | None:
    """The winner's hit after which it led to the end; when it never led (a checkmate or an
    elimination while level or behind), its last hit; for a draw, the last hit that levelled
    the score. None when no hit decided anything (no hits, or none by the winner)."""
    final = index.game_at(index.last)
    winner, hits = final.winner, scoring_hits(index)
    if winner == "draw":
        level = [h for h in hits if h[2][TEAMS[0]] == h[2][TEAMS[1]]]
        return _point(index, level[-1], LEVELLED) if level else None
    if winner not in TEAMS:
        return None
    ahead_since = None
    for hit in hits:
        ahead = hit[2][winner] > hit[2][other_team(winner)]
        ahead_since = (ahead_since or hit) if ahead else None
    if ahead_since is not None:
        return _point(index, ahead_since, AHEAD)
    own = [h for h in hits if final.map.units[h[1].shooter].team == winner]
    return _point(index, own[-1], LAST_HIT) if own else None


def _point(index: Record, hit: tuple[int, Shot, dict[str, int]], why: str) -> TurningPoint:
    at, shot, scores = hit
    turn = index.turns[at - 1]  # the turn the action was taken in
    return TurningPoint(at, shot, (turn + 1) // 2, scores, why)


def turning_point_text(point: TurningPoint, roster: Roster) -> str:
    """'Round 4: Blue's Sniper hit Red's Grunt, rolling 9 where it needed 8 (15/36 = 41.7%):
    Blue 3, Red 2, and Blue led from then on.'"""
    shot, names = point.shot, roster.names
    team = roster.team_of(shot.shooter)
    verb = _("snap-shot") if shot.snap else _("hit")
    odds = f" ({chance(shot.probability, outcomes())})" if shot.probability is not None else ""
    score = ", ".join(f"{names[t]} {point.scores[t]}" for t in (team, other_team(team)))
    return (_("Round {round}: {unit} {verb} {unit2}, rolling {sum} where it needed {needed}{odds}: "
              "{score}, {format}.").format(
        round=point.round, unit=roster.unit(shot.shooter), verb=verb,
        unit2=roster.unit(shot.target), sum=sum(shot.dice), needed=shot.needed, odds=odds,
        score=score, format=_(point.why).format(team=names[team])))
