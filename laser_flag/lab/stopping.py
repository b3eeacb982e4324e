"""When a run may stop: it looks at each map's verdict at fixed game counts and stops a pairing
once its verdict is told, so a clear map costs few games and an unclear one plays to the cap.

The looks come at 16, 24, 32, 48, 64, 96, ... games a pairing (each count half as much again as
the one before it, or a third more), then at the cap; a plan that sets the fewest games a
pairing plays (`least`) is first looked at there. At a look every pairing still playing
on a map has played exactly that many games; a mirror pairing whose 95% interval lies inside
the fair band stops there (fair), and one that lies outside stops the whole map (it leans). A
map whose mirror pairings are all fair stops its mixed pairings too. A plan may also give up on
a map (`Plan.futile`): at a look before the cap, a mirror pairing still undecided whose chance of
ending fair at the cap, predicted from its games so far (`fair_chance`), is below `futile`
stops the whole map there. Only the games below each pairing's stopping point count, and every
rule reads only a look's counts, so the same plan keeps the same games, in any order, on any
number of workers. docs/BALANCE_LOG.md gives this rule's error rates (tests/lab/
test_stopping.py checks them by simulation).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from math import exp, lgamma

from .games import GameRecord, Plan
from .pairings import is_mirror
from .report import Key, Tally
from .verdict import FAIR, LEANS, UNDECIDED, row_verdict

FIRST_LOOKS = (16, 24)  # and each doubled, again and again


def looks(cap: int, least: int = 0) -> list[int]:
    """The game counts a pairing is looked at, in order, the last one the cap; none before
    `least` (then the first look is at `least` itself)."""
    points: set[int] = {least} if 0 < least < cap else set()
    for first in FIRST_LOOKS:
        n = first
        while n < cap:
            if n > least:
                points.add(n)
            n *= 2
    return [*sorted(points), cap]


# Why a map's games ended: its verdict told at a look, the cap reached, or a mirror pairing
# that can no longer end fair (Plan.futile); None: the run ended first.
DECIDED, CAP, FUTILE = "decided", "cap", "futile"


@cache
def fair_chance(wins: int, decided: int, more: int) -> float:
    """The chance that a pairing with `wins` of `decided` decided games ends fair after `more`
    decided games more, predicted from its games so far: team 1's rate taken as unknown, equally
    likely anywhere before the first game (a uniform prior), so the games to come follow the
    beta-binomial law. A function of the counts alone, the same wherever it is computed. Only
    the end is read, not the looks between, where a pairing may end fair too: a little less
    than its chance of ending fair at all."""
    a, b = wins + 1, decided - wins + 1
    norm = lgamma(more + 1) - _log_beta(a, b)
    chance = 0.0
    for won in range(more + 1):
        if _fair(wins + won, decided + more):
            chance += exp(norm - lgamma(won + 1) - lgamma(more - won + 1)
                          + _log_beta(a + won, b + more - won))
    return min(chance, 1.0)


def _log_beta(a: float, b: float) -> float:
    return lgamma(a) + lgamma(b) - lgamma(a + b)


def _fair(wins: int, decided: int) -> bool:
    return row_verdict({"team1_wins": wins, "team2_wins": decided - wins}) == FAIR


class Ledger:
    """The games a run has kept, where each pairing stops, and which game to play next.

    A game is kept only while its index lies below its pairing's stopping point: a later game,
    played before the pairing stopped (to keep a worker busy), is dropped. Kept games are
    summed into their pairing's tally in game order, up to the map's next look (a look may yet
    stop the pairing there); only the games ended ahead of that are held one by one, so the
    run's memory does not grow with its games.
    """

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.keys = [(m, p) for m in range(len(plan.maps)) for p in range(len(plan.pairings))]
        self.limit = dict.fromkeys(self.keys, plan.games)
        self.tally = {k: Tally() for k in self.keys}  # games 0..tally.games-1, summed
        self.held: dict[Key, dict[int, GameRecord]] = {k: {} for k in self.keys}  # the rest
        self.prefix = dict.fromkeys(self.keys, 0)  # games 0..prefix-1 are all kept
        self.handed = dict.fromkeys(self.keys, 0)  # games handed out to be played
        self.ended: list[str | None] = [None] * len(plan.maps)
        self._looks = looks(plan.games, plan.least) if plan.sequential else [plan.games]
        self._next_look = [0] * len(plan.maps)  # index into _looks, per map

    # ----- playing -------------------------------------------------------------------------

    def next_games(self, count: int) -> list[tuple[int, int, int]]:
        """Up to `count` games to hand out, as (map, pairing, game): the earliest look first,
        then the pairing furthest behind, so every map moves towards its next verdict together
        (and a run cut short by time has played every map about as much)."""
        chosen = []
        for _ in range(count):
            open_keys = [k for k in self.keys if self.handed[k] < self.limit[k]]
            if not open_keys:
                break
            key = min(open_keys, key=lambda k: (self._wave(self.handed[k]), self.handed[k], k))
            chosen.append((*key, self.handed[key]))
            self.handed[key] += 1
        return chosen

    def _wave(self, game: int) -> int:
        return next(i for i, n in enumerate(self._looks) if game < n)

    def add(self, record: GameRecord) -> None:
        """Keep a finished game if its pairing still wants it, then take any look now due."""
        key = (record.map_index, record.pairing_index)
        if record.game_index >= self.limit[key]:
            return
        games = self.held[key]
        games[record.game_index] = record
        while self.prefix[key] in games:
            self.prefix[key] += 1
        self._sum(key)
        self._look(record.map_index)

    def _sum(self, key: Key) -> None:
        """Add the held games next in order to the tally, up to the next look of the map (all
        of them once the map's games have ended)."""
        m = key[0]
        upto = self.limit[key]
        if self.ended[m] is None:
            upto = min(upto, self._looks[self._next_look[m]])
        tally, games = self.tally[key], self.held[key]
        while tally.games < upto and tally.games in games:
            tally.add(games.pop(tally.games))

    def stop_handing_out(self) -> None:
        """Hand out no more games (time is up): those handed out still count when they end."""
        for key in self.keys:
            self.limit[key] = min(self.limit[key], self.handed[key])

    # ----- looking -------------------------------------------------------------------------

    def _look(self, m: int) -> None:
        """Take every look of map `m` whose games have all been played."""
        while self.ended[m] is None:
            look = self._looks[self._next_look[m]]
            playing = [k for k in self.keys if k[0] == m and self.limit[k] >= look]
            if not playing or any(self.prefix[k] < look for k in playing):
                return
            self._decide(m, look, playing)
            self._next_look[m] += 1
            for key in self.keys:
                if key[0] == m:
                    self._sum(key)

    def _decide(self, m: int, look: int, playing: list[Key]) -> None:
        if look == self.plan.games:
            self.ended[m] = DECIDED if self._told(m, look) else CAP
            return
        told = {k: self.verdict(k) for k in playing if self._is_mirror(k)}
        if any(v in LEANS.values() for v in told.values()):
            self._stop(playing, look)
        else:
            self._stop([k for k, v in told.items() if v == FAIR], look)
        if self._told(m, look):
            self._stop([k for k in self.keys if k[0] == m], look)
            self.ended[m] = DECIDED
        elif any(self._futile(k, look) for k in playing if told.get(k) == UNDECIDED):
            self._stop([k for k in self.keys if k[0] == m], look)
            self.ended[m] = FUTILE

    def _futile(self, key: Key, look: int) -> bool:
        """The pairing, undecided at this look before the cap, is unlikely to end fair at the
        cap. The games still to play are taken as decided (the most the interval could narrow
        by); a mirror pairing that stalls is caught by its draws, not here."""
        if self.plan.futile <= 0:
            return False
        counts = self.tally[key].counts()
        wins, decided = counts["team1_wins"], counts["team1_wins"] + counts["team2_wins"]
        return fair_chance(wins, decided, self.plan.games - look) < self.plan.futile

    def verdict(self, key: Key) -> str:
        """A pairing's verdict on the games in its tally: at a look, exactly the look's games
        (or those up to where it stopped before)."""
        return row_verdict(self.tally[key].counts())

    def _is_mirror(self, key: Key) -> bool:
        return is_mirror(self.plan.pairings[key[1]])

    def _told(self, m: int, look: int) -> bool:
        """At this look a mirror pairing of map `m` leans, or every one of them is fair (each
        on its games up to the look, or to where it stopped before)."""
        told = [self.verdict(k) for k in self.keys if k[0] == m and self._is_mirror(k)]
        return bool(told) and (any(v in LEANS.values() for v in told)
                               or all(v == FAIR for v in told))

    def _stop(self, keys: Iterable[Key], look: int) -> None:
        """Stop these pairings at `look` games, dropping any game kept past it."""
        for k in keys:
            self.limit[k] = min(self.limit[k], look)
            self.held[k] = {i: r for i, r in self.held[k].items() if i < self.limit[k]}
            self.prefix[k] = min(self.prefix[k], self.limit[k])

    # ----- reading -------------------------------------------------------------------------

    @property
    def done(self) -> int:
        """Games kept so far."""
        return sum(self.tally[k].games + len(self.held[k]) for k in self.keys)

    @property
    def total(self) -> int:
        """Games the run will keep at most, as the stopping points stand now."""
        return sum(self.limit.values())

    @property
    def complete(self) -> bool:
        """Every pairing has played to its stopping point."""
        return all(self.prefix[k] >= self.limit[k] for k in self.keys)

    def tallies(self) -> dict[Key, Tally]:
        """Every kept game summed by pairing (copies: the ledger goes on)."""
        tallies = {}
        for k in self.keys:
            tally = tallies[k] = self.tally[k].copy()
            for i in sorted(self.held[k]):
                tally.add(self.held[k][i])
        return tallies
