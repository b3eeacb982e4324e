"""RULES.md §5, "In cover": sides, the strict direction test, elevated targets, the grid edge."""

from __future__ import annotations

import pytest

from laser_flag.engine import Game, Move
from laser_flag.engine.cover import cover_sides, in_cover, sides_facing
from laser_flag.engine.index import index_of
from tests.engine.conftest import MISS, game_on, make_map

# The target T stands at the centre (2, 2) of a 5x5 floor; one tile next to it changes.
CENTRE = (2, 2)
NEXT_TO = {"N": (1, 2), "S": (3, 2), "W": (2, 1), "E": (2, 3)}
# A shooter strictly on each side of the centre, in line with it.
SHOOTER_AT = {"N": (0, 2), "S": (4, 2), "W": (2, 0), "E": (2, 4)}
OPPOSITE = {"N": "S", "S": "N", "W": "E", "E": "W"}


def board(changes: dict[tuple[int, int], str], under_target: str = ".") -> list[str]:
    rows = [list(".....") for _ in range(5)]
    for (r, c), ch in changes.items():
        rows[r][c] = ch
    rows[2][2] = under_target
    return ["".join(r) for r in rows]


def in_cover_modifier(game: Game, shooter: int, target: int) -> bool:
    return ("target in cover", game.rules[game.unit(target).unit_class].cover_defense) in (
        game.what_if.to_hit(game.unit(shooter), game.unit(target)).modifiers
    )


@pytest.mark.parametrize("tile", ["^", "#"])
@pytest.mark.parametrize("side", ["N", "S", "W", "E"])
def test_cover_or_wall_on_each_side_protects_against_shooters_on_that_side(
    side: str, tile: str
) -> None:
    # A wall right between the two would block LOS, so the shooter stands one step aside
    # for walls: still strictly on that side.
    toward = SHOOTER_AT[side]
    if tile == "#":
        toward = {"N": (0, 0), "S": (4, 4), "W": (4, 0), "E": (0, 4)}[side]
    away = SHOOTER_AT[OPPOSITE[side]]
    gm = make_map(board({NEXT_TO[side]: tile}),
                  [("2", "basic", *CENTRE), ("1", "basic", *toward), ("1", "grunt", *away)])
    game = Game(gm, seed=1)
    assert game.what_if.cover_sides(game.unit(0)) == {side}
    assert game.what_if.has_los(toward, CENTRE)
    assert in_cover_modifier(game, 1, 0)
    assert game.what_if.to_hit(game.unit(1), game.unit(0)).needed == 7 + 1
    assert not in_cover_modifier(game, 2, 0)
    assert game.what_if.to_hit(game.unit(2), game.unit(0)).needed == 7


@pytest.mark.parametrize(
    ("shooter", "facing"),
    [((0, 4), {"N", "E"}), ((0, 0), {"N", "W"}), ((4, 4), {"S", "E"}), ((4, 0), {"S", "W"}),
     ((2, 4), {"E"}), ((0, 2), {"N"}), ((2, 2), set())],
)
def test_sides_facing_are_the_strict_directions(shooter: tuple[int, int], facing: set) -> None:
    assert sides_facing(CENTRE, shooter) == facing


@pytest.mark.parametrize("side", ["N", "E"])
def test_a_diagonal_shooter_is_blocked_by_cover_on_either_of_its_two_sides(side: str) -> None:
    gm = make_map(board({NEXT_TO[side]: "^"}), [("2", "basic", *CENTRE), ("1", "basic", 0, 4)])
    game = Game(gm, seed=1)
    assert in_cover_modifier(game, 1, 0)  # north-east shooter, cover north or east


@pytest.mark.parametrize("side", ["S", "W"])
def test_a_diagonal_shooter_ignores_cover_on_the_other_sides(side: str) -> None:
    gm = make_map(board({NEXT_TO[side]: "^"}), [("2", "basic", *CENTRE), ("1", "basic", 0, 4)])
    game = Game(gm, seed=1)
    assert game.what_if.cover_sides(game.unit(0)) == {side}
    assert not in_cover_modifier(game, 1, 0)


def test_a_shooter_in_the_same_row_is_not_north_or_south() -> None:
    """Cover north and south only: a shooter due east is not strictly north or south."""
    gm = make_map(board({(1, 2): "^", (3, 2): "^"}),
                  [("2", "basic", *CENTRE), ("1", "basic", 2, 4)])
    game = Game(gm, seed=1)
    assert game.what_if.cover_sides(game.unit(0)) == {"N", "S"}
    assert not in_cover_modifier(game, 1, 0)


def test_cover_tile_gives_no_cover_to_an_elevated_target_but_a_wall_does() -> None:
    gm = make_map(board({(1, 2): "^", (2, 3): "#"}, under_target="^"),
                  [("2", "basic", *CENTRE), ("1", "basic", 0, 2), ("1", "basic", 0, 4)])
    game = Game(gm, seed=1)
    assert game.unit(0).elevated
    assert game.what_if.cover_sides(game.unit(0)) == {"E"}
    # Shooter due north: the cover tile north does not count for an elevated target.
    assert not in_cover_modifier(game, 1, 0)
    assert game.what_if.to_hit(game.unit(1), game.unit(0)).needed == 7 - 1
    # Shooter north-east: the wall east still counts.
    assert in_cover_modifier(game, 2, 0)
    assert game.what_if.to_hit(game.unit(2), game.unit(0)).needed == 7 + 1 - 1


def test_the_same_cover_tile_protects_the_target_once_it_steps_down() -> None:
    gm = make_map(board({(1, 2): "^"}), [("2", "basic", 2, 2)])
    assert cover_sides(gm, CENTRE, elevated=False) == {"N"}
    assert cover_sides(gm, CENTRE, elevated=True) == set()


def test_outside_the_grid_gives_no_cover() -> None:
    gm = make_map(board({}), [("2", "basic", 0, 0), ("1", "basic", 4, 4), ("1", "basic", 0, 4)])
    game = Game(gm, seed=1)
    assert game.what_if.cover_sides(game.unit(0)) == set()  # grid edge to the north and west
    for corner in [(0, 0), (0, 4), (4, 0), (4, 4)]:
        assert cover_sides(gm, corner, elevated=False) == set()
    assert not in_cover(gm, (0, 0), False, (4, 4))
    assert game.what_if.to_hit(game.unit(1), game.unit(0)).needed == 7


def test_bases_and_units_give_no_cover() -> None:
    gm = make_map(board({(1, 2): "1", (2, 1): "2", (2, 3): "u"}),
                  [("2", "basic", *CENTRE), ("2", "grunt", 3, 2), ("1", "basic", 4, 2),
                   ("1", "basic", 0, 0)])
    game = Game(gm, seed=1)
    assert game.what_if.cover_sides(game.unit(0)) == set()
    assert not in_cover_modifier(game, 2, 0)  # a friendly unit stands between, south
    assert not in_cover_modifier(game, 3, 0)


def test_cover_sides_follow_the_unit_when_it_moves() -> None:
    game, _ = game_on(["#....", ".....", ".....", ".....", "....."],
                      [("1", "basic", 3, 0), ("2", "basic", 4, 4)], MISS)
    assert game.what_if.cover_sides(game.unit(0)) == set()
    game.apply(Move(0, (1, 0)))
    assert game.what_if.cover_sides(game.unit(0)) == {"N"}


def test_the_index_answers_in_cover_as_the_rule_does_for_every_tile_and_shooter() -> None:
    """MapIndex.in_cover keeps each tile's sides: the same answer as cover.in_cover."""
    game, _ = game_on(board({(1, 2): "^", (2, 3): "#", (3, 1): "^"}),
                      [("1", "basic", 0, 0), ("2", "basic", 4, 4)])
    gm = game.map
    index = index_of(gm)
    tiles = [(r, c) for r in range(5) for c in range(5) if gm.kind((r, c)) != "wall"]
    for target in tiles:
        for elevated in (False, True):
            for shooter in tiles:
                assert (index.in_cover(target, elevated, shooter)
                        is in_cover(gm, target, elevated, shooter)), (target, elevated, shooter)

