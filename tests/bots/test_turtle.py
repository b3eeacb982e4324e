"""The turtle does what its docstring says on small hand-made boards: fire at a half or better
(less after a standoff), recharge, take cover while keeping an enemy in sight, advance one move a
turn while out of contact, hold in contact, and creep on once the game has been quiet."""

from __future__ import annotations

import pytest

from laser_flag.bots import make_bot
from laser_flag.bots.turtle import PATIENCE
from laser_flag.engine import EndTurn, Fire, Move
from laser_flag.engine.units import DEACTIVATED
from tests.bots.test_bots import ARENA
from tests.engine.conftest import make_map
from tests.engine.scenario import scenario

FACING = [["1", "basic", 0, 0], ["2", "basic", 0, 4]]  # in sight of each other, no cover


def team1_turn(round_: int) -> int:
    """The turn number of team 1's turn in that round."""
    return 2 * round_ - 1


@pytest.mark.parametrize(("to_hit", "fires"), [(7, True), (8, False)])
def test_it_fires_at_a_half_or_better(to_hit, fires):
    """Needed 7 is 21/36, at least a half; needed 8 is 15/36: it holds (no tile is better)."""
    arena = make_map(ARENA, FACING, rules={"basic": {"to_hit": to_hit}})
    action = make_bot("turtle").choose(scenario(arena))
    assert action == (Fire(0, 1) if fires else EndTurn())


@pytest.mark.parametrize(("to_hit", "quiet", "fires"), [
    (8, 2 * PATIENCE - 1, False), (8, 2 * PATIENCE, True),  # 15/36: a third, after a standoff
    (10, 3 * PATIENCE - 1, False), (10, 3 * PATIENCE, True),  # 6/36: anything, after a long one
])
def test_a_standoff_lowers_the_bar(to_hit, quiet, fires):
    arena = make_map(ARENA, FACING, rules={"basic": {"to_hit": to_hit}})
    bot = make_bot("turtle")
    assert bot.choose(scenario(arena)) == EndTurn()  # round 1: the game is quiet from here
    later = scenario(arena, turn=team1_turn(1 + quiet))
    assert (bot.choose(later) == Fire(0, 1)) is fires


def test_a_point_scored_ends_the_standoff():
    arena = make_map(ARENA, FACING, rules={"basic": {"to_hit": 8}})
    bot = make_bot("turtle")
    bot.choose(scenario(arena))
    scored = scenario(arena, turn=team1_turn(1 + 2 * PATIENCE), scores={"1": 0, "2": 1})
    assert bot.choose(scored) == EndTurn()  # quiet for 0 rounds again: only a half will do


def test_a_deactivated_unit_walks_to_its_base():
    arena = make_map(ARENA, [["1", "basic", 1, 0], ["2", "basic", 0, 4]])
    game = scenario(arena, units={0: {"laser": DEACTIVATED}})
    assert make_bot("turtle").choose(game) == Move(0, (4, 0))


def test_an_exposed_unit_takes_cover_and_keeps_the_enemy_in_sight():
    """Behind the wall's end it would be safe but blind: it takes the wall's shelter where it
    still watches the enemy instead."""
    arena = make_map(["2....",
                      ".....",
                      "...#.",
                      "...#.",
                      "....."],
                     [["1", "basic", 4, 1], ["2", "basic", 0, 0]], rules={"basic": {"to_hit": 9}})
    game = scenario(arena)
    assert {(3, 4), (4, 4)} <= set(game.what_if.reachable(game.unit(0)))  # out of the enemy's sight
    action = make_bot("turtle").choose(game)
    assert action == Move(0, (4, 3))
    assert game.what_if.has_los(action.to, (0, 0))
    shot = game.what_if.shot_odds("basic", (0, 0), "basic", action.to)
    assert any(name == "target in cover" for name, _ in shot.modifiers)


def test_out_of_contact_it_advances_one_move_a_turn():
    """A unit that moved keeps its other 2 AP for snap shots."""
    arena = make_map(["..#..",
                      "..#..",
                      "..#..",
                      "..#..",
                      "....."], [["1", "basic", 0, 0], ["2", "basic", 0, 4]])
    game = scenario(arena)
    bot = make_bot("turtle")
    first = bot.choose(game)
    assert isinstance(first, Move)
    game.apply(first)
    assert bot.choose(game) == EndTurn()
    assert game.unit(0).ap == 2


def test_in_contact_it_holds_until_the_game_has_been_quiet():
    """In sight, no shot worth taking and no better tile: it holds, then after PATIENCE quiet
    rounds it creeps nearer."""
    arena = make_map(["....2", ".....", ".....", ".....", "1...."],
                     [["1", "basic", 4, 0], ["2", "basic", 0, 4]], rules={"basic": {"to_hit": 9}})
    bot = make_bot("turtle")
    assert bot.choose(scenario(arena)) == EndTurn()
    creep = bot.choose(scenario(arena, turn=team1_turn(1 + PATIENCE)))
    assert isinstance(creep, Move)
    assert max(abs(creep.to[0]), abs(creep.to[1] - 4)) < 4  # nearer the enemy
