"""The hunter does what its docstring says on small hand-made boards: every unit on the easiest
enemy, from a tile covered from it, closing in when it has no shot, and never waiting forever."""

from __future__ import annotations

from laser_flag.bots import make_bot
from laser_flag.engine import EndTurn, Fire, Move
from laser_flag.engine.units import DEACTIVATED
from tests.bots.test_bots import ARENA
from tests.engine.conftest import Scripted, make_map
from tests.engine.scenario import scenario

MISS = (1, 1)


def in_cover(game, shooter_pos, target_pos) -> bool:
    shot = game.what_if.shot_odds("basic", shooter_pos, "basic", target_pos)
    return any(name == "target in cover" for name, _ in shot.modifiers)


def test_every_unit_fires_at_the_easiest_enemy():
    """The enemy at (2,2) sits behind cover from the south; both units fire at the open one,
    the second after the first missed."""
    arena = make_map([".....",
                      ".....",
                      ".....",
                      "..^..",
                      "....."],
                     [["1", "basic", 4, 0], ["1", "basic", 4, 4],
                      ["2", "basic", 0, 2], ["2", "basic", 2, 2]])
    game = scenario(arena, roll=Scripted(MISS, MISS),
                    units={i: {"ap": 1} for i in (0, 1)} | {i: {"snap_shots": 0} for i in (2, 3)})
    bot = make_bot("hunter")
    first = bot.choose(game)
    assert first in (Fire(0, 2), Fire(1, 2))
    game.apply(first)
    assert bot.choose(game) == ({Fire(0, 2), Fire(1, 2)} - {first}).pop()


def test_it_moves_to_a_tile_covered_from_the_focus_before_firing():
    arena = make_map([".....",
                      ".....",
                      ".....",
                      ".^...",
                      "....."], [["1", "basic", 4, 3], ["2", "basic", 0, 2]])
    game = scenario(arena, units={1: {"snap_shots": 0}})
    assert not in_cover(game, (0, 2), (4, 3))
    action = make_bot("hunter").choose(game)
    assert isinstance(action, Move)
    assert game.what_if.has_los(action.to, (0, 2)) and in_cover(game, (0, 2), action.to)
    game.apply(action)
    assert make_bot("hunter").choose(game) == Fire(0, 1)


def test_without_a_shot_it_closes_in_and_keeps_an_ap():
    arena = make_map(["..#..",
                      "..#..",
                      "..#..",
                      "..#..",
                      "....."], [["1", "basic", 0, 0], ["2", "basic", 0, 4]],
                     rules={"basic": {"to_hit": 11}})  # 3 in 36: no shot worth it on the way
    game = scenario(arena)
    bot = make_bot("hunter")
    moves = 0
    while isinstance(action := bot.choose(game), Move):
        game.apply(action)
        moves += 1
    assert moves == 2 and action == EndTurn() and game.unit(0).ap == 1


def test_next_to_the_focus_with_nowhere_nearer_it_fires_whatever_the_chance():
    arena = make_map(ARENA, [["1", "basic", 0, 0], ["2", "basic", 0, 1]],
                     rules={"basic": {"to_hit": 12}})  # 1 in 36
    game = scenario(arena, units={1: {"snap_shots": 0}})
    assert make_bot("hunter").choose(game) == Fire(0, 1)


def test_a_deactivated_unit_walks_to_its_base():
    arena = make_map(ARENA, [["1", "basic", 1, 0], ["2", "basic", 0, 4]])
    game = scenario(arena, units={0: {"laser": DEACTIVATED}})
    assert make_bot("hunter").choose(game) == Move(0, (4, 0))
