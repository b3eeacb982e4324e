"""The segment a laser beam is drawn along: a clear sight-point pair of RULES §4."""

from __future__ import annotations

from weakref import WeakKeyDictionary

from ..engine.game_map import GameMap, Pos
from ..engine.los import Point2, segment_clear, sight_points

Segment = tuple[Point2, Point2]

# Lines found per map, forgotten with the map (a module-level cache keyed by map would keep
# every map ever shown alive).
_lines: WeakKeyDictionary[GameMap, dict[tuple[Pos, Pos], Segment]] = WeakKeyDictionary()


def _off_centre(p: Point2, q: Point2, a: Pos, b: Pos) -> int:
    """How far a segment's ends sit from the two tile centres (doubled units, squared)."""
    ca, cb = (2 * a[1] + 1, 2 * a[0] + 1), (2 * b[1] + 1, 2 * b[0] + 1)
    return sum((u - v) ** 2 for u, v in zip(p + q, ca + cb, strict=True))


def _nearest_clear(gm: GameMap, a: Pos, b: Pos) -> Segment:
    pairs = sorted(
        ((p, q) for p in sight_points(a) for q in sight_points(b)),
        key=lambda pq: _off_centre(pq[0], pq[1], a, b),
    )
    clear = next((pq for pq in pairs if segment_clear(gm.tiles, *pq, ignore=(a, b))), None)
    return clear or pairs[0]


def sight_line(gm: GameMap, a: Pos, b: Pos) -> Segment:
    """The clear segment from a to b nearest the centre line, in doubled coordinates.

    Falls back to centre-to-centre when no segment is clear (the caller asked for no LOS).
    """
    lines = _lines.setdefault(gm, {})
    if (a, b) not in lines:
        lines[(a, b)] = _nearest_clear(gm, a, b)
    return lines[(a, b)]


def to_screen(p2: Point2, origin: tuple[int, int], tile_px: int) -> tuple[int, int]:
    """A doubled-coordinate point on a board drawn at `origin`."""
    return origin[0] + p2[0] * tile_px // 2, origin[1] + p2[1] * tile_px // 2
