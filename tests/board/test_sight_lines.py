"""Lines drawn between units follow sight: on every bundled map and lesson board, the segment
the board draws between two tiles in sight (a beam, a watcher's line) runs between sight points
of the two and touches no wall, corners included. Checked by exact segment-square clipping
here, apart from the engine's LOS code; every pair is slow, a seeded sample stays fast."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from laser_flag.board.sight_lines import line_between
from laser_flag.engine import GameMap, load_map
from laser_flag.engine.game_map import WALL, Pos

MAPS_DIR = Path(__file__).resolve().parents[2] / "maps"
BOARDS = sorted(MAPS_DIR.glob("*.json")) + sorted((MAPS_DIR / "tutorial").glob("*.json"))
SAMPLE = 300  # pairs in sight per board in the fast suite
Point2 = tuple[int, int]


def meets(p: Point2, q: Point2, cell: Pos) -> bool:
    """Whether segment p-q (doubled coordinates) meets the closed square of `cell`: the
    segment clipped to the square's x and y slabs (Liang-Barsky) keeps some part."""
    low, high = Fraction(0), Fraction(1)
    for start, end, lo in ((p[0], q[0], 2 * cell[1]), (p[1], q[1], 2 * cell[0])):
        delta = end - start
        if delta == 0:
            if not lo <= start <= lo + 2:
                return False
            continue
        enter, leave = sorted((Fraction(lo - start, delta), Fraction(lo + 2 - start, delta)))
        low, high = max(low, enter), min(high, leave)
    return low <= high


def corners_and_middles(pos: Pos) -> set[Point2]:
    """The 9 sight points of RULES.md §4, doubled: x from the column, y from the row."""
    r, c = pos
    return {(2 * c + i, 2 * r + j) for i in range(3) for j in range(3)}


def walls_near(walls: list[Pos], p: Point2, q: Point2) -> Iterator[Pos]:
    """The walls whose squares meet the segment's bounding box: no other can touch it."""
    left, right = sorted((p[0], q[0]))
    top, bottom = sorted((p[1], q[1]))
    for r, c in walls:
        if 2 * c <= right and 2 * c + 2 >= left and 2 * r <= bottom and 2 * r + 2 >= top:
            yield r, c


def check_line(gm: GameMap, walls: list[Pos], a: Pos, b: Pos) -> None:
    line = line_between(gm, a, b)
    assert line is not None, f"{a} sees {b} but no line is drawn"
    p, q = line
    assert p in corners_and_middles(a) and q in corners_and_middles(b), (a, b, line)
    crossed = [w for w in walls_near(walls, p, q) if meets(p, q, w)]
    assert not crossed, f"the line {line} from {a} to {b} touches the walls {crossed}"


def pairs_in_sight(gm: GameMap) -> list[tuple[Pos, Pos]]:
    open_tiles = [(r, c) for r in range(gm.rows) for c in range(gm.cols)
                  if gm.tiles[r][c] != WALL]
    return [(a, b) for a, b in combinations(open_tiles, 2) if gm.visibility.sees(a, b)]


def walls_of(gm: GameMap) -> list[Pos]:
    return [(r, c) for r in range(gm.rows) for c in range(gm.cols) if gm.tiles[r][c] == WALL]


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_a_sample_of_lines_in_sight_touches_no_wall(path: Path) -> None:
    gm = load_map(path)
    pairs = pairs_in_sight(gm)
    walls = walls_of(gm)
    for a, b in random.Random(path.stem).sample(pairs, min(SAMPLE, len(pairs))):
        check_line(gm, walls, a, b)
        check_line(gm, walls, b, a)


@pytest.mark.slow  # every pair in sight on every board: about a minute
@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_every_line_in_sight_touches_no_wall(path: Path) -> None:
    gm = load_map(path)
    walls = walls_of(gm)
    for a, b in pairs_in_sight(gm):
        check_line(gm, walls, a, b)


def test_no_line_between_tiles_out_of_sight() -> None:
    gm = load_map(MAPS_DIR / "tutorial" / "lesson.json")
    assert not gm.visibility.sees((0, 5), (0, 7))
    assert line_between(gm, (0, 5), (0, 7)) is None


def test_the_checker_counts_a_grazed_corner_as_touching() -> None:
    """The independent check is as strict as the rules: a corner or an edge touched counts."""
    assert meets((0, 0), (2, 2), (1, 1))  # ends on the corner (2, 2) of the square (1, 1)
    assert meets((0, 4), (6, 4), (1, 1))  # runs along its bottom edge
    assert not meets((0, 0), (3, 1), (1, 1))  # passes just above-left of it
