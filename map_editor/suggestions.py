"""One-step tweaks the Balance panel measures: a unit's start moved by a tile, a team's score
limit changed by one, one floor tile turned into cover or back. On a symmetric map each tweak
is made on both halves (teams swapped), so the map stays symmetric. No Tk.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from laser_flag.engine import GameMap
from laser_flag.engine.game_map import ELEVATED, LEVEL, TEAMS, Pos, other_team
from laser_flag.engine.mapfile import MapError, parse_map
from laser_flag.engine.ruleset import CLASS_LABELS

from .balance_run import map_rows, pooled
from .document import MapDocument, UnitRow, unit_entries
from .properties import effective
from .symmetry import has_symmetry, image_fn, symmetries

TOGGLED = {LEVEL: ELEVATED, ELEVATED: LEVEL}
TILE_WORDS = {LEVEL: "floor", ELEVATED: "cover"}
DIRECTIONS = {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}
SHOWN = 3  # suggestions listed: the few nearest 50%


@dataclass(frozen=True)
class Tweak:
    """One suggested change: `values` are the top-level keys it sets, as History.change takes."""

    label: str
    values: dict[str, Any]

    def applied_to(self, data: dict[str, Any]) -> dict[str, Any]:
        """The map with this tweak made (a copy; `data` is not changed)."""
        return {**copy.deepcopy(data), **copy.deepcopy(self.values)}


def apply(doc: MapDocument, tweak: Tweak) -> None:
    """Make the tweak on the document as one undoable edit."""
    doc.history.change(f"Suggestion: {tweak.label}", tweak.values)


def tweaks(doc: MapDocument) -> list[Tweak]:
    """Every one-step tweak, mirrored when the map is symmetric (not yet checked playable)."""
    mirror = _mirror(doc)
    return [*_limit_steps(doc, mirror), *_unit_moves(doc, mirror), *_tile_toggles(doc, mirror)]


def sample(doc: MapDocument, limit: int, seed: int = 0) -> list[Tweak]:
    """At most `limit` playable tweaks to measure: the score-limit steps, then unit moves and
    tile changes in turn, each drawn by `seed` (a big map has hundreds of tiles: too many)."""
    mirror, rng = _mirror(doc), random.Random(seed)
    moves, toggles = _unit_moves(doc, mirror), _tile_toggles(doc, mirror)
    rng.shuffle(moves)
    rng.shuffle(toggles)
    chosen: list[Tweak] = []
    for tweak in _limit_steps(doc, mirror) + _alternate(moves, toggles):
        if len(chosen) == limit:
            break
        if _playable(doc, tweak):
            chosen.append(tweak)
    return chosen


def start_moves(doc: MapDocument) -> list[Tweak]:
    """Every playable one-tile move of a starting unit (both halves on a symmetric map)."""
    return [t for t in _unit_moves(doc, _mirror(doc)) if _playable(doc, t)]


def _alternate(a: list[Tweak], b: list[Tweak]) -> list[Tweak]:
    """a[0], b[0], a[1], b[1], ..., then what is left of the longer list."""
    n = min(len(a), len(b))
    return [t for pair in zip(a[:n], b[:n], strict=True) for t in pair] + a[n:] + b[n:]


Mirror = Callable[[Pos], Pos] | None


def _mirror(doc: MapDocument) -> Mirror:
    found = symmetries(doc)
    return image_fn(found[0], doc.rows, doc.cols) if found else None


def _unit_moves(doc: MapDocument, mirror: Mirror) -> list[Tweak]:
    moves = []
    rows = doc.unit_rows
    for index, unit in enumerate(rows):
        for (dr, dc), word in DIRECTIONS.items():
            moved = list(rows)
            moved[index] = unit._replace(row=unit.row + dr, col=unit.col + dc)
            if mirror is not None:
                moved = _mirror_move(moved, unit, moved[index], mirror)
            if moved is not None:
                label = (f"Team {unit.team} {CLASS_LABELS[unit.unit_class]} at {_place(unit.pos)}:"
                         f" one tile {word}{_both(mirror)}")
                moves.append(Tweak(label, {"units": unit_entries(moved)}))
    return moves


def _mirror_move(rows: list[UnitRow], old: UnitRow, new: UnitRow,
                 mirror: Callable[[Pos], Pos]) -> list[UnitRow] | None:
    """The same move made by `old`'s image unit; None when it has none."""
    image = UnitRow(other_team(old.team), old.unit_class, *mirror(old.pos))
    if image not in rows:
        return None
    rows = list(rows)
    rows[rows.index(image)] = image._replace(row=mirror(new.pos)[0], col=mirror(new.pos)[1])
    return rows


def _limit_steps(doc: MapDocument, mirror: Mirror) -> list[Tweak]:
    limits = effective(doc.data, "score_limit")
    steps = []
    for team in TEAMS if mirror is None else TEAMS[:1]:
        for step in (-1, 1):
            changed = {**limits, team: limits[team] + step}
            if mirror is not None:
                changed[other_team(team)] += step
            whose = "Both teams'" if mirror is not None else f"Team {team}'s"
            label = f"{whose} score limit {limits[team]} → {changed[team]}"
            steps.append(Tweak(label, {"score_limit": changed}))
    return steps


def _tile_toggles(doc: MapDocument, mirror: Mirror) -> list[Tweak]:
    toggles, seen = [], set()
    for r in range(doc.rows):
        for c in range(doc.cols):
            kind = doc.tile((r, c))
            if kind not in TOGGLED or (r, c) in seen:
                continue
            cells = {(r, c)} | ({mirror((r, c))} if mirror is not None else set())
            seen |= cells
            tiles = copy.deepcopy(doc.tiles)
            for cr, cc in cells:
                tiles[cr][cc] = TOGGLED[kind]
            label = (f"{_place((r, c)).capitalize()}: {TILE_WORDS[kind]} → "
                     f"{TILE_WORDS[TOGGLED[kind]]}{_both(mirror)}")
            toggles.append(Tweak(label, {"tiles": tiles}))
    return toggles


def _place(pos: Pos) -> str:
    return f"row {pos[0]}, column {pos[1]}"


def _both(mirror: Mirror) -> str:
    return " (both halves)" if mirror is not None else ""


def _playable(doc: MapDocument, tweak: Tweak) -> bool:
    """The engine loads the tweaked map, and a symmetric map keeps its symmetry."""
    data = tweak.applied_to(doc.data)
    try:
        parse_map(data, "suggestion")
    except MapError:
        return False
    kept = MapDocument(data)
    return all(has_symmetry(kept, s) for s in symmetries(doc))


@dataclass(frozen=True)
class Measured:
    """A tweak with team 1's pooled win rate over the pairings and its 95% interval."""

    tweak: Tweak
    rate: float | None
    interval: tuple[float, float] | None

    @property
    def distance(self) -> float:
        """How far from fair: |rate - 50%| (to 6 places, so 45% and 55% tie), unmeasured last."""
        return 1.0 if self.rate is None else round(abs(self.rate - 0.5), 6)


def nearest_fair(measured: Sequence[Measured], shown: int = SHOWN) -> list[Measured]:
    """The few tweaks that bring team 1 nearest 50%, the narrower interval first on a tie."""
    def width(m: Measured) -> float:
        return 1.0 if m.interval is None else m.interval[1] - m.interval[0]

    return sorted(measured, key=lambda m: (m.distance, width(m)))[:shown]



def measured_maps(doc: MapDocument, chosen: Sequence[Tweak]) -> list[GameMap]:
    """The tweaked maps to hand the lab, one per tweak, in order."""
    return [parse_map(t.applied_to(doc.data), t.label) for t in chosen]


def measure(chosen: Sequence[Tweak], rows: Sequence[dict[str, Any]],
            pairings: int) -> list[Measured]:
    """Each tweak's pooled numbers from the rows of a run over `measured_maps`."""
    return [Measured(t, *pooled(map_rows(rows, pairings, i))) for i, t in enumerate(chosen)]
