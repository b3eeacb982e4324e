"""The rusher does what its docstring says on small hand-made boards: fire at a third or better,
recharge when its laser is off, advance toward the nearest enemy by covered tiles, else end."""

from __future__ import annotations

import pytest

from laser_flag.bots import make_bot
from laser_flag.bots.distances import walking_distance
from laser_flag.engine import EndTurn, Fire, Move
from laser_flag.engine.units import DEACTIVATED
from tests.bots.test_bots import ARENA
from tests.engine.conftest import make_map
from tests.engine.scenario import scenario

OPEN = ARENA  # open floor, a base in each bottom corner

# One block of cover north-east of team 1: the tiles south and west of it are covered from
# an enemy in the north-east corner; the block itself is nearest to that enemy but uncovered.
COVER = [
    ".....",
    "...^.",
    ".....",
    ".....",
    ".....",
]

NO_SHOT = {"basic": {"to_hit": 12}}  # 1 in 36: never worth a shot


@pytest.mark.parametrize(("to_hit", "fires"), [(7, True), (8, True), (9, False)])
def test_it_fires_when_the_chance_reaches_a_third(to_hit, fires):
    """Needed 8 is 15/36, at least a third; needed 9 is 10/36, short of it."""
    arena = make_map(OPEN, [["1", "basic", 0, 0], ["2", "basic", 0, 4]],
                     rules={"basic": {"to_hit": to_hit}})
    action = make_bot("rusher").choose(scenario(arena))
    assert (action == Fire(0, 1)) is fires
    if not fires:
        assert isinstance(action, Move)


def test_it_takes_the_best_shot_on_offer():
    """The enemy standing behind cover is the harder shot: the open one is taken."""
    arena = make_map([".....", ".....", "^....", ".....", "....."],
                     [["1", "basic", 4, 0], ["2", "basic", 1, 0], ["2", "basic", 4, 4]])
    assert make_bot("rusher").choose(scenario(arena)) == Fire(0, 2)


@pytest.mark.parametrize("seed", range(4))
def test_it_advances_to_a_covered_tile_rather_than_the_nearest(seed):
    arena = make_map(COVER, [["1", "basic", 4, 0], ["2", "basic", 0, 4]], rules=NO_SHOT)
    action = make_bot("rusher", seed).choose(scenario(arena))
    assert action in (Move(0, (2, 3)), Move(0, (1, 2)))


def test_without_cover_it_goes_as_near_as_it_can():
    arena = make_map(OPEN, [["1", "basic", 4, 0], ["2", "basic", 0, 4]], rules=NO_SHOT)
    action = make_bot("rusher").choose(scenario(arena))
    assert isinstance(action, Move)
    assert max(abs(action.to[0] - 0), abs(action.to[1] - 4)) == 1  # next to the enemy


def test_a_deactivated_unit_walks_to_its_base():
    arena = make_map(OPEN, [["1", "basic", 1, 0], ["2", "basic", 0, 4]])
    game = scenario(arena, units={0: {"laser": DEACTIVATED}})
    assert make_bot("rusher").choose(game) == Move(0, (4, 0))


def test_next_to_the_enemy_with_no_shot_worth_taking_it_ends_the_turn():
    arena = make_map(OPEN, [["1", "basic", 0, 3], ["2", "basic", 0, 4]], rules=NO_SHOT)
    assert make_bot("rusher").choose(scenario(arena)) == EndTurn()


def test_it_advances_out_of_the_enemys_sight_when_it_can():
    """Behind a wall beats any tile in sight, even one in cover nearer the enemy."""
    arena = make_map(["...#.", "...#.", "...#.", ".....", "....."],
                     [["1", "basic", 4, 0], ["2", "basic", 0, 4]],
                     rules={"basic": {"to_hit": 10}})  # 6/36: no shot, cover 3/36
    game = scenario(arena)
    action = make_bot("rusher").choose(game)
    assert isinstance(action, Move)
    assert not game.what_if.has_los((0, 4), action.to)
    # there was a choice
    assert any(game.what_if.has_los((0, 4), to) for to in game.what_if.reachable(game.unit(0)))


def test_it_does_not_count_a_diagonal_between_wall_corners_as_a_way():
    """The enemy is one diagonal step away but between two walls' corners: the way round is
    long, so the rusher walks it instead of waiting where it thinks it is nearest."""
    art = [".....",
           ".....",
           "..#..",
           ".#...",
           "....."]
    arena = make_map(art, [["1", "basic", 3, 2], ["2", "basic", 2, 1]], rules=NO_SHOT)
    assert walking_distance(arena, [(2, 1)], corners=False)[(3, 2)] > 1
    assert isinstance(make_bot("rusher").choose(scenario(arena)), Move)
