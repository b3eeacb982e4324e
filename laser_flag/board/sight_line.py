"""The segment a laser beam is drawn along: a clear sight-point pair of RULES §4."""

from __future__ import annotations

from functools import cache

from ..engine.game_map import Pos
from ..engine.los import segment_clear, sight_points

Point2 = tuple[int, int]


def _off_centre(p: Point2, q: Point2, a: Pos, b: Pos) -> int:
    """How far a segment's ends sit from the two tile centres (doubled units, squared)."""
    ca, cb = (2 * a[1] + 1, 2 * a[0] + 1), (2 * b[1] + 1, 2 * b[0] + 1)
    return sum((u - v) ** 2 for u, v in zip(p + q, ca + cb, strict=True))


@cache
def sight_line(tiles: tuple[tuple[str, ...], ...], a: Pos, b: Pos) -> tuple[Point2, Point2]:
    """The clear segment from a to b nearest the centre line, in doubled coordinates.

    Falls back to centre-to-centre when no segment is clear (the caller asked for no LOS).
    """
    pairs = sorted(
        ((p, q) for p in sight_points(a) for q in sight_points(b)),
        key=lambda pq: _off_centre(pq[0], pq[1], a, b),
    )
    clear = next((pq for pq in pairs if segment_clear(tiles, pq[0], pq[1], ignore=(a, b))), None)
    return clear or pairs[0]


def to_screen(p2: Point2, origin: tuple[int, int], tile_px: int) -> tuple[int, int]:
    """A doubled-coordinate point on a board drawn at `origin`."""
    return origin[0] + p2[0] * tile_px // 2, origin[1] + p2[1] * tile_px // 2
