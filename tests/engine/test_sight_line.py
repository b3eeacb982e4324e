"""The sight line a screen draws between two tiles: a clear sight-point segment of RULES.md §4,
the one nearest the centre line, the same from either end, and none without sight."""

from __future__ import annotations

import json
from itertools import product
from pathlib import Path

from laser_flag.engine.los import has_los_exact, segment_clear, sight_points
from laser_flag.engine.sight_line import sight_line

from .test_los import board

LESSON = Path(__file__).resolve().parents[2] / "maps" / "tutorial" / "lesson.json"


def test_centre_to_centre_when_that_is_clear() -> None:
    tiles = board(".....", ".....", ".....")
    assert sight_line(tiles, (0, 0), (2, 4)) == ((1, 1), (9, 5))


def test_around_a_wall_the_ends_move_off_centre_as_little_as_they_can() -> None:
    """The wall (1, 1) stands on the centre line from (0, 0) to (2, 3): of the clear lines,
    the one drawn has its ends nearest the two centres."""
    tiles = board("....", ".#..", "....")
    a, b, centres = (0, 0), (2, 3), (1, 1, 7, 5)
    assert not segment_clear(tiles, centres[:2], centres[2:], ignore=(a, b))

    def off(p: tuple[int, int], q: tuple[int, int]) -> int:
        return sum((u - v) ** 2 for u, v in zip(p + q, centres, strict=True))

    line = sight_line(tiles, a, b)
    assert line is not None
    p, q = line
    assert p in sight_points(a) and q in sight_points(b)
    assert segment_clear(tiles, p, q, ignore=(a, b))
    assert off(p, q) == min(off(s, t) for s, t in product(sight_points(a), sight_points(b))
                            if segment_clear(tiles, s, t, ignore=(a, b)))


def test_the_first_lessons_shot_from_2_5_to_5_7_passes_beside_the_wall_at_3_6() -> None:
    """Centre to centre crosses the wall (3, 6); the line drawn goes round its corner."""
    tiles = json.loads(LESSON.read_text(encoding="utf-8"))["tiles"]
    assert not segment_clear(tiles, (11, 5), (15, 11), ignore=((2, 5), (5, 7)))
    line = sight_line(tiles, (2, 5), (5, 7))
    assert line is not None
    assert segment_clear(tiles, *line, ignore=((2, 5), (5, 7)))


def test_the_same_line_from_either_end() -> None:
    tiles = json.loads(LESSON.read_text(encoding="utf-8"))["tiles"]
    cells = list(product(range(len(tiles)), range(len(tiles[0]))))
    for a, b in product(cells, cells):
        line = sight_line(tiles, a, b)
        back = sight_line(tiles, b, a)
        assert (line is None) == (back is None), (a, b)
        if line is not None:
            assert back == (line[1], line[0]), (a, b)


def test_none_without_sight_and_for_a_tile_and_itself() -> None:
    tiles = board(".#.", ".#.", ".#.")
    assert not has_los_exact(tiles, (1, 0), (1, 2))
    assert sight_line(tiles, (1, 0), (1, 2)) is None
    assert sight_line(tiles, (1, 0), (1, 0)) is None


def test_a_wall_at_an_end_is_ignored_as_the_rules_ignore_it() -> None:
    tiles = board("#..", "...", "..#")
    line = sight_line(tiles, (0, 0), (2, 2))
    assert line == ((1, 1), (5, 5))
