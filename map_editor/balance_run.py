"""The Balance panel's model: the lab (laser_flag.lab.LabRun) on the map being edited, not its
file; the hit map as two board layers; the badge stored in the document as one undoable edit.
No Tk: the panel starts a run, polls its progress from Tk's `after` and draws what it reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from laser_flag.engine import GameMap, MapError, Pos, parse_map
from laser_flag.engine.mapfile import team_without_units
from laser_flag.lab import STYLES, LabRun, Pairing
from laser_flag.lab import badge as lab_badge
from laser_flag.lab.stats import wilson

from .document import MapDocument

DEFAULT_PAIRINGS: tuple[Pairing, ...] = STYLES
DEFAULT_GAMES = 8  # per pairing: 35-90 s for the three styles on this 2-core machine (README)
DEFAULT_STEPS = 40  # the searching bots' budget per decision: the lab's default takes minutes
JOBS = 2  # worker processes: this machine's cores; the editor itself mostly waits
FIRED_FROM, TARGET_AT = "fired_from", "target_at"
LAYERS = {FIRED_FROM: "where hits were fired from", TARGET_AT: "where hit targets stood"}


class NotPlayable(ValueError):
    """The map cannot be measured yet; the message says why, for the panel."""


def playable_map(data: dict[str, Any], source: str) -> GameMap:
    """The map the game would start on; NotPlayable when the game would refuse it."""
    try:
        gm = parse_map(data, source)
    except MapError as e:
        raise NotPlayable(str(e)) from None
    team = team_without_units(gm)
    if team is not None:
        raise NotPlayable(f"team {team} has no units: place some before measuring")
    return gm


def budget(steps: int) -> str:
    """The lab's budget text for `steps` search steps per decision."""
    return f"steps:{steps}"


def start(maps: Sequence[GameMap], pairings: Sequence[Pairing], games: int, seed: int = 0,
          steps: int = DEFAULT_STEPS, jobs: int = JOBS) -> LabRun:
    """A lab run over `maps` in background processes, already started."""
    run = LabRun(maps, pairings, games, seed=seed, jobs=jobs, budget=budget(steps))
    run.start()
    return run


def measure(doc: MapDocument, pairings: Sequence[Pairing], games: int, seed: int = 0,
            steps: int = DEFAULT_STEPS, jobs: int = JOBS) -> LabRun:
    """The lab on the document as it is now (saved or not)."""
    return start([playable_map(doc.data, doc.title_name)], pairings, games, seed, steps, jobs)


def hit_layers(rows: Sequence[dict[str, Any]]) -> dict[str, dict[Pos, int]]:
    """Both hit-map layers summed over the rows (each row's `hits`, as the report holds them)."""
    layers: dict[str, dict[Pos, int]] = {FIRED_FROM: {}, TARGET_AT: {}}
    for row in rows:
        for name, layer in layers.items():
            for r, c, n in row["hits"][name]:
                layer[(r, c)] = layer.get((r, c), 0) + n
    return layers


def pooled(rows: Sequence[dict[str, Any]]) -> tuple[float | None, tuple[float, float] | None]:
    """Team 1's win rate and 95% interval over several rows' decided games together."""
    wins = sum(r["team1_wins"] for r in rows)
    decided = wins + sum(r["team2_wins"] for r in rows)
    return (wins / decided if decided else None), wilson(wins, decided)


def map_rows(rows: Sequence[dict[str, Any]], pairings: int, index: int) -> list[dict[str, Any]]:
    """The rows of one map of a run (the report lists them map by map, pairing by pairing)."""
    return list(rows[index * pairings:(index + 1) * pairings])


def badge_value(run: LabRun) -> dict[str, Any]:
    """The `balance` value of a finished single-map run, as `laser-flag-balance --badge` writes."""
    result = run.result()
    return lab_badge.measured(run.plan.maps[0], result, result["maps"])


def changed_since(run: LabRun, doc: MapDocument) -> bool:
    """Whether the document now plays differently from the map `run` measured."""
    try:
        gm = parse_map(doc.data, doc.title_name)
    except MapError:
        return True
    return lab_badge.play_digest(gm) != lab_badge.play_digest(run.plan.maps[0])


def store_badge(doc: MapDocument, value: dict[str, Any]) -> None:
    """Put the badge in the document (saving writes it), as one undoable edit."""
    doc.history.change("Balance badge", {lab_badge.KEY: value})


def badge_text(doc: MapDocument) -> str:
    """What the chooser would say of the document's badge now: fair, leans, stale, not measured."""
    try:
        gm = parse_map(doc.data, doc.title_name)
    except MapError:
        return lab_badge.NOT_MEASURED
    return lab_badge.status(gm).text
