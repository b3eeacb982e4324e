"""The one sight line a screen draws between two tiles (a beam, a watcher's line): RULES.md §4.

A tile sees another when some segment between their sight points touches no wall; a line drawn
between two units must be such a segment, or it crosses a wall the rules said it does not. Of
the clear ones, the line nearest the centre line looks most like "from one to the other": the
segment whose ends sit nearest the two tiles' centres, centre to centre whenever that is clear.
Doubled coordinates, as in los.py: tile (r, c) is the square [2c, 2c+2] x [2r, 2r+2].
"""

from __future__ import annotations

from collections.abc import Sequence

from .los import WALL, Point2, Pos, segment_strips, sight_points

Segment = tuple[Point2, Point2]  # (the end at the first tile, the end at the second)


def sight_line(tiles: Sequence[Sequence[str]], a: Pos, b: Pos) -> Segment | None:
    """The clear sight-point segment from tile a to tile b whose ends are nearest the two
    centres; None when a does not see b (or a is b: there is no line to draw).

    The choice is symmetric: sight_line(b, a) is the same segment, its ends swapped, so a
    beam looks the same whichever unit fires. Ties in distance go to the smaller pair of
    points, a rule that reads the same from either end.
    """
    if a == b:
        return None
    centres = _centre(a), _centre(b)
    pairs = sorted(
        ((p, q) for p in sight_points(a) for q in sight_points(b)),
        key=lambda pq: (_off_centre(pq, centres), min(pq), max(pq)),
    )
    return next((pq for pq in pairs if _clear(tiles, pq, (a, b))), None)


def _centre(pos: Pos) -> Point2:
    return 2 * pos[1] + 1, 2 * pos[0] + 1


def _off_centre(pair: Segment, centres: Segment) -> int:
    """How far a segment's ends sit from the two centres: the sum of squared distances."""
    return sum((u - v) ** 2 for end, centre in zip(pair, centres, strict=True)
               for u, v in zip(end, centre, strict=True))


def _clear(tiles: Sequence[Sequence[str]], pair: Segment, ends: tuple[Pos, Pos]) -> bool:
    """Whether the segment meets no wall square but the ends' own (cells off the board are
    open, as they are to the LOS cache)."""
    rows, cols = len(tiles), len(tiles[0])
    for c, first, last in segment_strips(*pair):
        if 0 <= c < cols:
            for r in range(max(first, 0), min(last, rows - 1) + 1):
                if tiles[r][c] == WALL and (r, c) not in ends:
                    return False
    return True
