"""Line of sight, RULES.md §4: hand-drawn cases, the fast cache against the exact reference."""

from __future__ import annotations

import json
import random
from itertools import product
from pathlib import Path

import pytest

from laser_flag.engine.los import (
    Visibility,
    has_los_exact,
    segment_clear,
    segment_strips,
    touches,
)
from tests.fast import map_cases

MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.json"))
KINDS = {".": "level", "#": "wall", "e": "elevated", "1": "base_1", "2": "base_2", "u": "base_u"}


def board(*rows: str) -> list[list[str]]:
    """A map drawn as text: '.' floor, '#' wall, 'e' cover, '1' '2' 'u' bases."""
    return [[KINDS[ch] for ch in row] for row in rows]


def random_board(rng: random.Random, rows: int, cols: int, density: float) -> list[list[str]]:
    return [
        ["wall" if rng.random() < density else "level" for _ in range(cols)] for _ in range(rows)
    ]


def tiles_of(tiles: list[list[str]]) -> list[tuple[int, int]]:
    return list(product(range(len(tiles)), range(len(tiles[0]))))


def both(tiles: list[list[str]], a: tuple[int, int], b: tuple[int, int]) -> tuple[bool, bool]:
    """The cache's answer and the reference's, to assert they agree with the expectation."""
    return Visibility(tiles).sees(a, b), has_los_exact(tiles, a, b)


def test_open_board_sees_everything() -> None:
    tiles = board("e.1..", ".....", "..u..", ".....", "..2.e")
    vis = Visibility(tiles)
    for a in tiles_of(tiles):
        assert vis.visible_from(a) == frozenset(tiles_of(tiles))


def test_a_wall_between_blocks() -> None:
    tiles = board(".....", "..#..", ".....")
    assert both(tiles, (1, 0), (1, 4)) == (False, False)
    assert both(tiles, (0, 0), (0, 4)) == (True, True)


def test_a_line_that_only_grazes_a_wall_corner_is_blocked() -> None:
    # Every line from (0,0) to (2,2) meets the centre wall; the closest calls, like
    # top-right corner to top-right corner, only graze one of its corners.
    tiles = board("...", ".#.", "...")
    assert both(tiles, (0, 0), (2, 2)) == (False, False)
    assert segment_clear(tiles, (2, 0), (6, 4)) is False
    assert segment_clear(tiles, (2, 0), (6, 3)) is True  # just above that corner


def test_a_gap_between_walls_touching_only_at_a_corner_is_blocked() -> None:
    tiles = board("....", ".#..", "..#.", "....")
    assert both(tiles, (2, 1), (1, 2)) == (False, False)
    assert both(tiles, (3, 0), (0, 3)) == (False, False)
    opened = board("....", ".#..", "....", "....")
    assert both(opened, (3, 0), (0, 3)) == (True, True)


def test_a_line_along_a_wall_edge_is_blocked() -> None:
    tiles = board(".#.", "...")
    assert segment_clear(tiles, (0, 2), (6, 2)) is False  # along the wall's bottom edge
    assert segment_clear(tiles, (0, 3), (6, 3)) is True
    assert segment_clear(tiles, (3, 2), (3, 4)) is False  # an endpoint on the wall's edge
    assert segment_clear(tiles, (3, 2), (3, 4), ignore={(0, 1)}) is True


def test_peeking_past_a_single_wall_from_an_adjacent_tile() -> None:
    tiles = board(".....", ".....", "..#..", ".....", ".....")
    vis = Visibility(tiles)
    seen = vis.visible_from((2, 1))
    assert {(1, 3), (1, 4), (3, 3), (3, 4), (0, 4), (4, 4)} <= seen
    assert (2, 3) not in seen and (2, 4) not in seen
    for b in tiles_of(tiles):
        assert (b in seen) == has_los_exact(tiles, (2, 1), b)


def test_a_tile_sees_itself_even_walled_in_and_only_its_wall_neighbours() -> None:
    tiles = board("###", "#.#", "###")
    vis = Visibility(tiles)
    # Its four wall neighbours' own squares are ends, so ignored; the corners are not.
    assert vis.visible_from((1, 1)) == frozenset({(1, 1), (0, 1), (1, 0), (1, 2), (2, 1)})
    assert vis.sees((1, 1), (1, 1)) and vis.sees((0, 0), (0, 0))


def test_wall_tiles_own_squares_are_ignored() -> None:
    tiles = board(".....", ".....", "..#..", ".....", ".....")
    assert Visibility(tiles).visible_from((2, 2)) == frozenset(tiles_of(tiles))
    row = board("##.#.")
    vis = Visibility(row)
    assert vis.sees((0, 0), (0, 1)) and vis.sees((0, 1), (0, 3))  # both ends walls, nothing between
    assert vis.sees((0, 1), (0, 2))
    assert not vis.sees((0, 0), (0, 2)) and not vis.sees((0, 1), (0, 4))  # a wall between


def test_sight_is_symmetric_and_matches_visible_from() -> None:
    rng = random.Random(5)
    tiles = random_board(rng, 9, 13, 0.2)
    vis = Visibility(tiles)
    for a, b in product(tiles_of(tiles), repeat=2):
        assert vis.sees(a, b) == vis.sees(b, a) == (b in vis.visible_from(a))


def test_seen_bits_meet_tile_bits_exactly_where_sight_is() -> None:
    """legal_actions() lists a unit's shots only when its seen bits meet the enemies' tiles."""
    rng = random.Random(6)
    tiles = random_board(rng, 8, 11, 0.25)
    vis = Visibility(tiles)
    every = tiles_of(tiles)
    for a in every:
        others = rng.sample(every, 3)
        assert bool(vis.seen_bits(a) & vis.tile_bits(others)) == any(vis.sees(a, b) for b in others)


def test_segment_strips_are_exactly_the_touched_cells() -> None:
    rng = random.Random(11)
    box = list(product(range(-3, 9), repeat=2))
    for i in range(600):
        x0, y0, x1, y1 = (rng.randint(-4, 16) for _ in range(4))
        # In turn: any segment, a vertical one, a horizontal one, a single point.
        p, q = (x0, y0), [(x1, y1), (x0, y1), (x1, y0), (x0, y0)][i % 4]
        walked = {(r, c) for c, first, last in segment_strips(p, q) for r in range(first, last + 1)}
        assert walked == {cell for cell in box if touches(p, q, cell)}, (p, q)


# (rows, cols, wall density, seed): every size from 5 to 21 appears, rectangles both ways.
EVERY_PAIR = [
    (5, 5, 0.05, 1),
    (5, 21, 0.15, 2),
    (21, 5, 0.3, 3),
    (6, 17, 0.1, 4),
    (15, 6, 0.4, 5),
    (7, 12, 0.25, 6),
    (8, 8, 0.35, 7),
    (9, 11, 0.05, 8),
    (10, 7, 0.2, 9),
    (11, 11, 0.1, 10),
    (12, 5, 0.3, 11),
    (13, 6, 0.05, 12),
    (14, 5, 0.2, 13),
    (5, 16, 0.4, 14),
    (5, 18, 0.1, 15),
    (19, 5, 0.15, 16),
    (20, 5, 0.35, 17),
]


FAST_TILES = 80  # boards up to this many tiles stay in the fast set; larger ones take seconds


def _marked(case: tuple[int, int, float, int]):
    rows, cols = case[:2]
    return pytest.param(*case, marks=() if rows * cols <= FAST_TILES else pytest.mark.slow)


@pytest.mark.parametrize(("rows", "cols", "density", "seed"), [_marked(c) for c in EVERY_PAIR])
def test_cache_equals_reference_on_every_pair(
    rows: int, cols: int, density: float, seed: int
) -> None:
    tiles = random_board(random.Random(seed), rows, cols, density)
    vis = Visibility(tiles)
    cells = tiles_of(tiles)
    for i, a in enumerate(cells):
        for b in cells[i:]:
            assert vis.sees(a, b) == has_los_exact(tiles, a, b), (a, b)


@pytest.mark.parametrize(
    "density", [pytest.param(d, marks=pytest.mark.slow) for d in (0.05, 0.15, 0.4)] + [0.25]
)
def test_cache_equals_reference_from_corners_of_full_size_maps(density: float) -> None:
    """The four corners see along every offset a 21x21 map has; checked against every tile."""
    tiles = random_board(random.Random(int(density * 100)), 21, 21, density)
    vis = Visibility(tiles)
    for a in ((0, 0), (0, 20), (20, 0), (20, 20), (10, 10)):
        for b in tiles_of(tiles):
            assert vis.sees(a, b) == has_los_exact(tiles, a, b), (a, b)


@pytest.mark.parametrize("path", map_cases(MAPS))
def test_bundled_maps_are_symmetric_and_exact(path: Path) -> None:
    tiles = json.loads(path.read_text())["tiles"]
    vis = Visibility(tiles)
    cells = tiles_of(tiles)
    for a, b in product(cells, repeat=2):
        assert vis.sees(a, b) == vis.sees(b, a), (a, b)
    for a in random.Random(path.stem).sample(cells, 3):
        for b in cells:
            assert vis.sees(a, b) == has_los_exact(tiles, a, b), (a, b)
