"""The games of a lab run: one seeded task per map, pairing and game index, played anywhere.

A task carries its map as JSON text, so a worker process needs no file and a map being edited
(never saved) can be measured; each process parses a map once (its sight tables are costly).
Every game's seeds come from the run's seed and the game's index only, so the same plan gives
the same games in one process or many, on one machine or a cluster, from the command line or
from the editor. A task carries the version of the game that planned it: a worker running
another version refuses it (its bots may play differently).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from laser_flag import __version__
from laser_flag.bots.budget import Budget
from laser_flag.bots.match import MatchResult, derive_seed, play_match
from laser_flag.engine import GameMap, parse_map

from .hitmap import HitMap, HitRecorder
from .pairings import Pairing


@dataclass(frozen=True)
class Plan:
    """What a run plays: `games` games of every pairing on every map (odd games swap sides);
    a `sequential` run stops a pairing early once its verdict is told (lab.stopping), so
    `games` is then the most it plays, and `least` the fewest (its first look); with
    `futile` above 0 it also stops a map once some mirror pairing's chance of ending fair by
    `games` falls below `futile` (lab.stopping.fair_chance)."""

    maps: tuple[GameMap, ...]
    pairings: tuple[Pairing, ...]
    games: int
    seed: int = 0
    max_rounds: int = 200
    budget: str | None = None  # "steps:N", for the bots that search; None: their own default
    fog: bool | None = None  # fog of war on or off; None: as each map says
    sequential: bool = False
    least: int = 0
    futile: float = 0.0

    @property
    def total(self) -> int:
        """Games in the whole run, at most."""
        return len(self.maps) * len(self.pairings) * self.games


@dataclass(frozen=True)
class Task:
    """One game to play: where it belongs in the report, its map, its bots on their sides."""

    map_index: int
    pairing_index: int
    game_index: int
    map_text: str  # the map's JSON object, as text
    source: str  # the map's file name, for messages
    bots: Pairing
    seed: int
    max_rounds: int
    budget: str | None
    fog: bool | None
    version: str = __version__

    @property
    def key(self) -> str:
        """A name for the game, unique within its run: `duel.json/2/17` (map, pairing, game)."""
        return f"{self.source}/{self.pairing_index}/{self.game_index}"


@dataclass(frozen=True)
class GameRecord:
    """A played task: its place in the report, how the game ended, where hits happened and how
    many shots were fired (hits or misses, snap shots included)."""

    map_index: int
    pairing_index: int
    game_index: int
    result: MatchResult
    hits: HitMap
    shots: int = 0


class WrongVersion(RuntimeError):
    """A worker runs another version of the game than the run's: its games would differ."""


class TaskMaker:
    """Makes any task of a plan on demand, each map turned into JSON text once."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.texts = [json.dumps(gm.to_json_dict()) for gm in plan.maps]

    def __call__(self, m: int, p: int, i: int) -> Task:
        """Game `i` of pairing `p` on map `m` (odd games swap the bots' sides)."""
        plan, pairing = self.plan, self.plan.pairings[p]
        return Task(m, p, i, self.texts[m], plan.maps[m].source,
                    pairing if i % 2 == 0 else (pairing[1], pairing[0]),
                    derive_seed(plan.seed, i), plan.max_rounds, plan.budget, plan.fog)


def tasks(plan: Plan) -> Iterator[Task]:
    """Every game of the run, made as it is needed (a huge game count costs no memory)."""
    make = TaskMaker(plan)
    return (make(m, p, i) for m in range(len(plan.maps)) for p in range(len(plan.pairings))
            for i in range(plan.games))


@cache
def _parsed(map_text: str, source: str) -> GameMap:
    return parse_map(json.loads(map_text), source)  # once per process and map


def play(task: Task) -> GameRecord:
    """Play one task (in whichever process), following its events for the hit map."""
    if task.version != __version__:
        raise WrongVersion(f"a worker runs laser-flag {__version__}, the run is "
                           f"{task.version}: install the same version on every machine")
    gm = _parsed(task.map_text, task.source)
    recorder = HitRecorder(gm)
    result = play_match(gm, task.bots, task.seed, task.max_rounds, task.fog,
                        steps_budget(task.budget), on_events=recorder)
    return GameRecord(task.map_index, task.pairing_index, task.game_index, result,
                      recorder.hits, recorder.shots)


def steps_budget(text: str | None) -> Budget | None:
    """`"steps:N"` as the bots' Budget (None: their own default); ValueError when malformed."""
    return None if text is None else Budget.parse_steps(text)

