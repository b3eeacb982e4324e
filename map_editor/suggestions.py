"""One-step tweaks the Balance panel measures: a unit's start moved by a tile, a team's score
limit changed by one, one floor tile turned into cover or back. On a symmetric map each tweak
is made on both halves (teams swapped), so the map stays symmetric. The map as it is plays in
the same run, and a tweak is suggested only when its games tell it apart from the map as it is
and bring team 1 nearer 50%. No Tk.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass
from typing import Any

from laser_flag.engine import GameMap
from laser_flag.engine.game_map import ELEVATED, LEVEL, TEAMS, Pos, other_team
from laser_flag.engine.mapfile import MapError, parse_map
from laser_flag.engine.ruleset import class_label
from laser_flag.i18n import _
from laser_flag.lab.stats import difference, wilson

from .approach import approach_tiles
from .balance_run import map_rows
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
    doc.history.change(_("Suggestion: {label}").format(label=tweak.label), tweak.values)


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


def start_moves(doc: MapDocument, team: str | None = None) -> list[Tweak]:
    """Every playable one-tile move of a starting unit (both halves on a symmetric map); with
    `team`, of that team's units alone, a symmetric map's symmetry given up."""
    if team is None:
        return [t for t in _unit_moves(doc, _mirror(doc)) if _playable(doc, t)]
    return [t for t in _unit_moves(doc, None, team) if _loads(doc, t)]


def score_limit_steps(doc: MapDocument) -> list[Tweak]:
    """Each team's score limit one lower and one higher, one team at a time even on a symmetric
    map (the order of play is not symmetric, so its two limits need not move together): those
    the engine loads."""
    return [t for t in _limit_steps(doc, None) if _loads(doc, t)]


def cover_steps(doc: MapDocument, team: str | None = None) -> list[Tweak]:
    """One tile of floor turned into cover, or of cover into floor, on `team`'s approach
    (`approach_tiles`), alone: the side that moves first walks into the other's watch, and its
    image's approach is not the same way; without `team`, on either team's, each made on both
    halves of a symmetric map. Those the engine loads (cover blocks no walk and no sight, so
    every base stays reachable and every start as hidden as it was)."""
    gm = parse_map(doc.data, "map")
    if team is not None:
        return [t for t in _tile_toggles(doc, None, approach_tiles(gm, team)) if _loads(doc, t)]
    ways = frozenset().union(*(approach_tiles(gm, t) for t in TEAMS))
    return [t for t in _tile_toggles(doc, _mirror(doc), ways) if _playable(doc, t)]


def _alternate(a: list[Tweak], b: list[Tweak]) -> list[Tweak]:
    """a[0], b[0], a[1], b[1], ..., then what is left of the longer list."""
    n = min(len(a), len(b))
    return [t for pair in zip(a[:n], b[:n], strict=True) for t in pair] + a[n:] + b[n:]


Mirror = Callable[[Pos], Pos] | None


def _mirror(doc: MapDocument) -> Mirror:
    found = symmetries(doc)
    return image_fn(found[0], doc.rows, doc.cols) if found else None


def _unit_moves(doc: MapDocument, mirror: Mirror, team: str | None = None) -> list[Tweak]:
    moves = []
    rows = doc.unit_rows
    for index, unit in enumerate(rows):
        if team is not None and unit.team != team:
            continue
        for (dr, dc), word in DIRECTIONS.items():
            moved = list(rows)
            moved[index] = unit._replace(row=unit.row + dr, col=unit.col + dc)
            if mirror is not None:
                moved = _mirror_move(moved, unit, moved[index], mirror)
            if moved is not None:
                label = _both(mirror, _("Team {team} {class_label} at {place}: one tile {word}"
                                        ).format(team=unit.team,
                                                 class_label=class_label(unit.unit_class),
                                                 place=_place(unit.pos), word=word))
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
            whose = _("Both teams'") if mirror is not None else _("Team {team}'s").format(team=team)
            label = _("{whose} score limit {limits} → {changed}").format(
                whose=whose, limits=limits[team], changed=changed[team])
            steps.append(Tweak(label, {"score_limit": changed}))
    return steps


def _tile_toggles(doc: MapDocument, mirror: Mirror,
                  within: Container[Pos] | None = None) -> list[Tweak]:
    """Each floor or cover tile (of `within`, when given) toggled, with its image."""
    toggles, seen = [], set()
    for r in range(doc.rows):
        for c in range(doc.cols):
            kind = doc.tile((r, c))
            if kind not in TOGGLED or (r, c) in seen or within is not None and (r, c) not in within:
                continue
            cells = {(r, c)} | ({mirror((r, c))} if mirror is not None else set())
            seen |= cells
            tiles = copy.deepcopy(doc.tiles)
            for cr, cc in cells:
                tiles[cr][cc] = TOGGLED[kind]
            label = _both(mirror, f"{_place((r, c)).capitalize()}: {TILE_WORDS[kind]} → "
                                  f"{TILE_WORDS[TOGGLED[kind]]}")
            toggles.append(Tweak(label, {"tiles": tiles}))
    return toggles


def _place(pos: Pos) -> str:
    return _("row {pos}, column {pos2}").format(pos=pos[0], pos2=pos[1])


def _both(mirror: Mirror, label: str) -> str:
    """A tweak's label, saying so when its mirror image is made too."""
    return label if mirror is None else _("{label} (both halves)").format(label=label)


def _loads(doc: MapDocument, tweak: Tweak) -> bool:
    """The engine loads the tweaked map."""
    try:
        parse_map(tweak.applied_to(doc.data), "suggestion")
    except MapError:
        return False
    return True


def _playable(doc: MapDocument, tweak: Tweak) -> bool:
    """The engine loads the tweaked map, and a symmetric map keeps its symmetry."""
    kept = MapDocument(tweak.applied_to(doc.data))
    return _loads(doc, tweak) and all(has_symmetry(kept, s) for s in symmetries(doc))


@dataclass(frozen=True)
class Measured:
    """A tweak (None: the map as it is) with team 1's wins and losses over the mirror pairings."""

    tweak: Tweak | None
    wins: int
    losses: int

    @property
    def rate(self) -> float | None:
        decided = self.wins + self.losses
        return self.wins / decided if decided else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return wilson(self.wins, self.wins + self.losses)

    @property
    def distance(self) -> float:
        """How far from fair: |rate - 50%| (to 6 places, so 45% and 55% tie), unmeasured last."""
        return 1.0 if self.rate is None else round(abs(self.rate - 0.5), 6)

    def against(self, now: Measured) -> tuple[float, float] | None:
        """The 95% interval of this rate minus the map's as it is now (Newcombe's)."""
        return difference(self.wins, self.wins + self.losses, now.wins, now.wins + now.losses)


def told_apart(tweak: Measured, now: Measured) -> bool:
    """The games tell the tweak from the map as it is (the difference's interval excludes 0),
    and it moves team 1 towards 50%."""
    gap = tweak.against(now)
    if gap is None or now.rate is None or tweak.distance >= now.distance:
        return False
    toward = -1 if now.rate > 0.5 else 1  # the sign of a move towards 50%
    return gap[0] > 0 if toward > 0 else gap[1] < 0


def measurably_better(measured: Sequence[Measured], now: Measured,
                      shown: int = SHOWN) -> list[Measured]:
    """The tweaks told apart from the map as it is and nearer 50%, nearest first (the narrower
    interval first on a tie); empty when the games cannot tell any."""
    def width(m: Measured) -> float:
        return 1.0 if m.interval is None else m.interval[1] - m.interval[0]

    found = [m for m in measured if told_apart(m, now)]
    return sorted(found, key=lambda m: (m.distance, width(m)))[:shown]


def measured_maps(doc: MapDocument, chosen: Sequence[Tweak]) -> list[GameMap]:
    """The maps to hand the lab: the map as it is, then one per tweak, in order."""
    return [parse_map(doc.data, _("the map as it is")),
            *(parse_map(t.applied_to(doc.data), t.label) for t in chosen)]


def measure(chosen: Sequence[Tweak], rows: Sequence[dict[str, Any]],
            pairings: int) -> tuple[Measured, list[Measured]]:
    """The map as it is and each tweak, from the rows of a run over `measured_maps` (mirror
    pairings only: they measure the map)."""
    def pooled(index: int, tweak: Tweak | None) -> Measured:
        mine = map_rows(rows, pairings, index)
        return Measured(tweak, sum(r["team1_wins"] for r in mine),
                        sum(r["team2_wins"] for r in mine))

    return pooled(0, None), [pooled(i + 1, t) for i, t in enumerate(chosen)]
