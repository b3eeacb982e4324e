"""The Balance panel's model: the lab (laser_flag.lab.LabRun) on the map being edited, not its
file, until the verdict is told or the time is up; the hit map as two board layers; the badge
stored in the document as one undoable edit (and kept as measured here). No Tk: the panel
starts a run, polls its progress from Tk's `after` and draws what it reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from laser_flag.engine import GameMap, MapError, Pos, parse_map
from laser_flag.engine.mapfile import team_without_units
from laser_flag.i18n import N_, _
from laser_flag.lab import STYLES, LabRun, Pairing, Where, measured, new_plan
from laser_flag.lab import badge as lab_badge
from laser_flag.lab.here import STANDARD_GAMES, STANDARD_SEED
from laser_flag.lab.stats import wilson

from .document import MapDocument

DEFAULT_PAIRINGS: tuple[Pairing, ...] = STYLES
DEFAULT_GAMES = STANDARD_GAMES  # a pairing's most: the run stops sooner once it can tell
DEFAULT_MINUTES = 10  # then the run stops, the games played so far kept (maybe undecided)
DEFAULT_STEPS = 40  # the searching bots' budget per decision: the lab's default takes minutes
JOBS = 2  # worker processes: this machine's cores; the editor itself mostly waits
FIRED_FROM, TARGET_AT = "fired_from", "target_at"
LAYERS = {FIRED_FROM: N_("where hits were fired from"),
          TARGET_AT: N_("where hit targets stood")}


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
        raise NotPlayable(_("team {team} has no units: place some before measuring").format(
            team=team))
    return gm


def budget(steps: int) -> str:
    """The lab's budget text for `steps` search steps per decision."""
    return f"steps:{steps}"


def where(scheduler: str = "") -> Where:
    """Two local processes, or the Dask cluster of `scheduler` when one is set."""
    return Where(jobs=JOBS, scheduler=scheduler or None)


def start(maps: Sequence[GameMap], pairings: Sequence[Pairing], games: int,
          seed: int = STANDARD_SEED, steps: int = DEFAULT_STEPS, sequential: bool = True,
          minutes: float | None = DEFAULT_MINUTES, scheduler: str = "") -> LabRun:
    """A lab run over `maps` in the background, already started."""
    plan = new_plan(maps, pairings, games, seed, budget=budget(steps), sequential=sequential)
    run = LabRun(plan, where(scheduler), None if minutes is None else minutes * 60)
    run.start()
    return run


def measure(doc: MapDocument, pairings: Sequence[Pairing], games: int = DEFAULT_GAMES,
            seed: int = STANDARD_SEED, steps: int = DEFAULT_STEPS,
            minutes: float | None = DEFAULT_MINUTES, scheduler: str = "") -> LabRun:
    """The lab on the document as it is now (saved or not), until the verdict is told."""
    gm = playable_map(doc.data, doc.title_name)
    return start([gm], pairings, games, seed, steps, True, minutes, scheduler)


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


def changed_since(run: LabRun, doc: MapDocument) -> bool:
    """Whether the document now plays differently from the map `run` measured."""
    try:
        gm = parse_map(doc.data, doc.title_name)
    except MapError:
        return True
    return lab_badge.play_digest(gm) != lab_badge.play_digest(run.plan.maps[0])


def store_badge(doc: MapDocument, value: dict[str, Any]) -> str | None:
    """Put the badge in the document (saving writes it), as one undoable edit; it was measured
    here, so it is kept in the data folder too. None, or why the data folder could not keep it
    (the document has it all the same)."""
    doc.history.change(_("Balance badge"), {lab_badge.KEY: value})
    try:
        measured.keep(value)
    except OSError as err:
        return str(err.strerror or err)
    return None


def badge_text(doc: MapDocument) -> str:
    """What the chooser would say of the document's badge now: fair, leans, undecided, stale,
    not measured."""
    try:
        gm = parse_map(doc.data, doc.title_name)
    except MapError:
        return _(lab_badge.NOT_MEASURED)
    return lab_badge.status(gm).said
