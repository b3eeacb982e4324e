"""A fair map in a minute: generated maps (lab.generator) checked by play, repaired or dropped.

Each candidate layout of a seed is screened with the zoo's mirrors at a few score limits (team
2 starts on watch, so the side that moves first most often needs fewer points or the other side
more; the Balance panel suggests the same steps), then with one of team 2's units moved a tile;
the nearest-fair variant is measured again with every scripted mirror, at least 200 games each
and on to 600 while a mirror's interval straddles the fair band's edge (no further once a
mirror is unlikely to end fair by then), and then, at a small budget, with Hard's mirror until
it leans or is told fair, at most 200 games (a look the time cuts short before either does not
pass). A candidate whose mirrors lean or stall at any stage is dropped and the next candidate of
the same seed drawn, until one passes or the time is up; what comes out carries its badge
(lab.badge: the scripted mirrors' games; Hard's look is kept beside the seed under
`generated`), its pace and the seed and candidate that made it. Every game's seeds come from
the plans, so the same seed, knobs and effort give the same map on any number of workers. No
Tk, no pygame.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from laser_flag.bots import ZOO
from laser_flag.engine import parse_map
from laser_flag.engine.game_map import ELEVATED, LEVEL, ORTHOGONAL
from laser_flag.i18n import N_, _

from . import badge
from .executors import local
from .generator import KEY, Knobs, build
from .pairings import Pairing
from .report import stalls
from .run import new_plan, play_plan, workers
from .verdict import FAIR, LEANS, UNDECIDED, judge

SCRIPTED: tuple[Pairing, ...] = tuple((style, style) for style in ZOO)
HARD: tuple[Pairing, ...] = (("hard", "hard"),)
LAB_SEED = 1
# Score limits tried per candidate, as (team 1's, team 2's) steps from the generator's own.
LIMIT_STEPS = ((0, 0), (0, 1), (0, 2), (-1, 2))
# A screened candidate whose worst mirror is further from 50% than this is dropped. Loose,
# because a 48-game screen is noisy and a confirmation gives up early on a candidate that
# cannot end fair: a fair one wrongly dropped costs more than a few failed confirmations
# (docs/BALANCE_LOG.md, "a looser screen").
NEAR_FAIR = 0.10
# A candidate whose nearest score limit's worst mirror is further from 50% than this gets no
# start moves: on the tuning seeds moving a unit a tile brought none from further within
# NEAR_FAIR (from 15 and 17 points it did, twice), and skipping them saves about two fifths of
# the start moves' screening (docs/BALANCE_LOG.md, "hopeless candidates").
REPAIRABLE = 0.2
# Why a candidate was dropped, after its verdict (`Candidate.text` and `.said`).
DROPPED = N_("{verdict}, dropped")
HARD_STALLS = N_("{verdict}; Hard's mirror stalls, dropped")
HARD_LEANS = N_("{verdict}; Hard's mirror {hard}, dropped")
HARD_CUT_SHORT = N_("{verdict}; Hard's look cut short by the time ({games} of {planned} games), "
                    "dropped")


@dataclass(frozen=True)
class Effort:
    """How hard a candidate is checked: games a mirror when screening and when confirming
    (from the fewest to the most: a fair mirror at 200 games must land within 3 points of
    50%, at 400 within 5, so a fair map often needs more than 200 to show it), Hard's games
    and budget, the time allowed, the worker processes and the candidates."""

    screen_games: int = 48
    confirm_games: int = 200  # the fewest a mirror plays when confirming
    confirm_most: int = 600  # ... and the most, while its interval straddles the band's edge
    # ... unless some mirror's chance of ending fair by then, from its games so far, is below
    # this (lab.stopping.fair_chance): a candidate that will fail stops early, and a fair one
    # is rarely given up on (docs/BALANCE_LOG.md, "a confirmation gives up").
    confirm_futile: float = 0.05
    # Hard's mirror at its small budget plays until it leans or is told fair, at most this many
    # games: the target's count. A look of 16 games let through maps whose Hard mirror leaned
    # at 200 (docs/BALANCE_LOG.md, "Hard's look played to 200 games").
    hard_games: int = 200
    hard_budget: str = "steps:10"
    seconds: float = 120.0
    jobs: int = 2
    candidates: int = 100  # most candidates drawn
    deadline: float | None = None  # time.monotonic() after which no game starts


@dataclass(frozen=True)
class Candidate:
    """What became of one candidate: its map (with its limits), and why it was kept or not."""

    number: int
    data: dict[str, Any]
    stage: str  # "screened", "confirmed", "hard"
    status: badge.BadgeStatus  # what its badge says at that stage
    kept: bool

    @property
    def verdict(self) -> str:
        """The badge's text at that stage, as files and the command line say it."""
        return self.status.text

    @property
    def hard(self) -> dict[str, Any] | None:
        """Hard's look at it (`hard_look`), when its checks reached one."""
        return self.data[KEY].get("hard") if self.stage == "hard" else None

    @property
    def text(self) -> str:
        """Its verdict and, when it was dropped, why, as files and the command line say it:
        `fair`, `leans team 2 (64% [55%-72%]), dropped`, `fair; Hard's mirror leans team 1,
        dropped`, `fair; Hard's look cut short by the time (64 of 200 games), dropped`."""
        return self._told(self.status.text, str)

    @property
    def said(self) -> str:
        """`text` in the reader's language."""
        return self._told(self.status.said, _)

    def _told(self, verdict: str, words: Callable[[str], str]) -> str:
        """`text` or `said`: `words` is `_` to translate the reasons, `str` to keep them as
        written (English)."""
        hard = self.hard
        if self.kept:
            return verdict
        if hard is None:
            return words(DROPPED).format(verdict=verdict)
        if hard["stalls"]:
            return words(HARD_STALLS).format(verdict=verdict)
        if hard["verdict"] in LEANS.values():  # told, however few its games
            return words(HARD_LEANS).format(verdict=verdict, hard=words(hard["verdict"]))
        return words(HARD_CUT_SHORT).format(verdict=verdict, games=hard["games"],
                                            planned=hard["planned"])


@dataclass
class Made:
    """The generator's answer: the map (its badge under `balance`), what its badge says, its
    pace (badge.pace), every candidate tried, and how long it took."""

    data: dict[str, Any]
    status: badge.BadgeStatus
    pace: dict[str, Any]
    tried: list[Candidate] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def verdict(self) -> str:
        """The badge's text, as files and the command line say it."""
        return self.status.text

    @property
    def fair(self) -> bool:
        """Its scripted mirrors are fair (the badge's verdict)."""
        return self.status.verdict == FAIR

    @property
    def passed(self) -> bool:
        """It passed every check: fair, and Hard's look neither leans nor stalls."""
        return any(c.number == self.candidate and c.stage == "hard" and c.kept
                   for c in self.tried)

    @property
    def seed(self) -> int:
        return self.data[KEY]["seed"]

    @property
    def candidate(self) -> int:
        return self.data[KEY]["candidate"]


Say = Callable[[Candidate], None]


def with_limits(data: dict[str, Any], steps: tuple[int, int]) -> dict[str, Any]:
    """The map with each team's score limit moved by its step (never below 1)."""
    limits = {team: max(1, data["score_limit"][team] + step)
              for team, step in zip("12", steps, strict=True)}
    return {**data, "score_limit": limits}


def distance(row: dict[str, Any]) -> float:
    """How far a mirror row is from fair: |team 1's rate - 50%| (1 without a decided game)."""
    rate = row["team1_win_rate"]
    return 1.0 if rate is None else abs(rate - 0.5)


@dataclass(frozen=True)
class Measured:
    """A run's report document and its rows, of one map."""

    doc: dict[str, Any]
    rows: list[dict[str, Any]]


def measure(maps: Sequence[dict[str, Any]], pairings: Sequence[Pairing], games: int,
            effort: Effort, stop: threading.Event | None, budget: str | None = None,
            screen: bool = False, least: int = 0, futile: float = 0.0) -> list[Measured]:
    """Each map played `games` games in each pairing: every one (the count is what a verdict
    stands on), or when screening until the lab can tell it leans, or with `least` that many
    and then until the lab can tell (at most `games`), or (`futile`, Plan.futile) until a
    mirror is unlikely to end fair."""
    parsed = [parse_map(m, f"{m['name']} ({i})") for i, m in enumerate(maps)]
    plan = new_plan(parsed, pairings, games, LAB_SEED, budget=budget,
                    sequential=screen or least > 0, least=least, futile=futile)
    doc = play_plan(plan, local(workers(plan, effort.jobs)), stop, effort.deadline).report(plan)
    per = len(pairings)
    return [Measured(doc, doc["maps"][i * per:(i + 1) * per]) for i in range(len(maps))]


def hard_look(hard: Measured, planned: int) -> dict[str, Any]:
    """Hard's mirror at its small budget, as the map's `generated` key keeps it: played until it
    leans or is told fair, at most `planned` games; `cut_short` when the time ended it before
    either."""
    row = hard.rows[0]
    verdict = judge(hard.rows)
    return {"budget": hard.doc["budget"], "stalls": bool(stalls(hard.rows)),
            "verdict": verdict.text, "planned": planned,
            "cut_short": row["games"] < planned and verdict.word == UNDECIDED,
            **{k: row[k] for k in ("games", "team1_wins", "team2_wins", "draws",
                                   "mean_rounds", "limit_draws")}}


def passes(rows: Sequence[dict[str, Any]], lean_only: bool = False) -> bool:
    """No mirror stalls, and every one is fair (`lean_only`: none leans)."""
    word = judge(rows).word
    return not stalls(rows) and (word not in LEANS.values() if lean_only else word == FAIR)


DEFAULT_KNOBS, DEFAULT_EFFORT = Knobs(), Effort()


def make(seed: int, knobs: Knobs = DEFAULT_KNOBS, effort: Effort = DEFAULT_EFFORT,
         say: Say | None = None, stop: threading.Event | None = None) -> Made:
    """The first candidate of `seed` that passes every check, or when the time is up (or
    `stop` is set) the one that came nearest, with the badge it earned: no game starts after
    the time is up, so a check cut short says undecided."""
    started, best = time.monotonic(), None
    effort = replace(effort, deadline=started + effort.seconds)
    tried: list[Candidate] = []
    number = 0
    while (number < effort.candidates and time.monotonic() < effort.deadline
           and not (stop and stop.is_set())):
        found = _check(build(seed, knobs, number), number, effort, tried, say, stop)
        if found is not None and (best is None or found[1] < best[1]):
            best = found
        if found is not None and found[1] == 0:
            break
        number += 1
    if best is None:  # not one screen finished: the first candidate as it is, unmeasured
        data = build(seed, knobs)
        return Made(data, badge.BadgeStatus(badge.NOT_MEASURED), {}, tried,
                    time.monotonic() - started)
    data = best[0]
    return Made(data, badge.status(parse_map(data, data["name"])), badge.pace(data[badge.KEY]),
                tried, time.monotonic() - started)


def _check(data: dict[str, Any], number: int, effort: Effort, tried: list[Candidate],
           say: Say | None, stop: threading.Event | None
           ) -> tuple[dict[str, Any], int] | None:
    """Screen, repair, confirm and check with Hard one candidate; its map with its badge and
    how many checks it failed (0: it passed them all), or None when stopped first."""
    data, screened = _repaired(data, effort, stop)
    if stop and stop.is_set():
        return None
    stages = [("screened", screened, None,
               _worst(screened) <= NEAR_FAIR and not stalls(screened.rows))]
    # A check the time ended before its first game is not a stage reached: the candidate keeps
    # the badge its last games earned.
    if stages[-1][3]:
        confirmed = measure([data], SCRIPTED, effort.confirm_most, effort, stop,
                            least=effort.confirm_games, futile=effort.confirm_futile)[0]
        if _played(confirmed):
            stages.append(("confirmed", confirmed, None, passes(confirmed.rows)))
    if stages[-1][0] == "confirmed" and stages[-1][3]:
        hard = measure([data], HARD, effort.hard_games, effort, stop, effort.hard_budget,
                       screen=True)[0]
        if _played(hard):  # a look the time cut short tells too little to pass on
            look = hard_look(hard, effort.hard_games)
            stages.append(("hard", confirmed, look, passes(hard.rows, lean_only=True)
                           and not look["cut_short"]))
    stage, scripted, look, kept = stages[-1]
    value = badge.measured(parse_map(data, data["name"]), scripted.doc, scripted.rows)
    data = {**data, badge.KEY: value}
    if look is not None:
        data[KEY] = {**data[KEY], "hard": look}
    candidate = Candidate(number, data, stage, badge.status(parse_map(data)), kept)
    tried.append(candidate)
    if say is not None:
        say(candidate)
    return data, 3 - len(stages) + (not kept)


def _played(measured: Measured) -> bool:
    return any(row["games"] for row in measured.rows)


def _worst(measured: Measured) -> float:
    """The worst mirror's distance from fair; a stalling map is worst of all."""
    return 2.0 if stalls(measured.rows) else max(distance(r) for r in measured.rows)


def _repaired(data: dict[str, Any], effort: Effort, stop: threading.Event | None
              ) -> tuple[dict[str, Any], Measured]:
    """The nearest-fair of the candidate's score-limit steps, then of that one's start moves,
    each screened with the scripted mirrors (a lopsided variant stops after 16 games); the
    start moves only when the nearest score limit is off fair, but not beyond REPAIRABLE."""
    best: tuple[dict[str, Any], Measured] | None = None
    for make_variants in (_limit_variants, start_moves):
        variants = make_variants(data if best is None else best[0])
        if not variants or (stop and stop.is_set()):
            break
        screened = measure(variants, SCRIPTED, effort.screen_games, effort, stop, screen=True)
        found = min(zip(variants, screened, strict=True), key=lambda v: _worst(v[1]))
        if best is None or _worst(found[1]) < _worst(best[1]):
            best = found
        if not NEAR_FAIR / 2 < _worst(best[1]) <= REPAIRABLE:
            break
    assert best is not None or (stop is not None and stop.is_set())
    return best if best is not None else (data, Measured({}, []))


def _limit_variants(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [with_limits(data, steps) for steps in LIMIT_STEPS]


def start_moves(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The map with one of team 2's units moved a tile up, down, left or right, for each unit
    and way that keeps it off walls, bases and other units and out of every enemy's sight
    (team 2 starts on watch: its start tiles decide what team 1 walks into, as
    map_editor.start_search finds)."""
    gm = parse_map(data, data["name"])
    units = data["units"]
    enemies = [(u[2], u[3]) for u in units if u[0] == "1"]
    taken = {(u[2], u[3]) for u in units}
    moved = []
    for index, (team, cls, r, c) in enumerate(units):
        if team != "2":
            continue
        for dr, dc in ORTHOGONAL:
            to = (r + dr, c + dc)
            if (gm.in_bounds(to) and gm.kind(to) in (LEVEL, ELEVATED) and to not in taken
                    and not any(gm.visibility.sees(to, e) for e in enemies)):
                units_now = [*units[:index], [team, cls, *to], *units[index + 1:]]
                moved.append({**data, "units": units_now})
    return moved
