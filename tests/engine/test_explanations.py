"""What the engine tells the screen: why an action is refused, and what made up a shot."""

from __future__ import annotations

from fractions import Fraction

from laser_flag.engine import Fire, Move
from laser_flag.engine.events import Shot
from laser_flag.engine.game import NO_LOS
from tests.engine.conftest import HIT, MISS, game_on
from tests.engine.scenario import scenario

LONG = ["..........", "..........", "....#.....", "..........", ".........."]


def test_a_tile_out_of_reach_says_how_many_steps_it_needs_against_the_speed() -> None:
    game, _ = game_on(LONG, [("1", "basic", 0, 0), ("2", "basic", 2, 9)])
    assert game.why_not(Move(0, (0, 4))) is None
    reason = game.why_not(Move(0, (0, 7)))
    assert reason == ("That tile cannot be reached in one move: it needs 7 steps "
                      "and a Plain has speed 4.")
    assert game.what_if.steps_to(game.unit(0), (2, 3)) == 3  # two diagonals: a Plain's allowance


def test_a_wall_an_occupied_tile_or_one_no_walk_reaches_says_which() -> None:
    art = ["..#.......", "..#.......", "###.......", "..........", ".........."]
    game, _ = game_on(art, [("1", "basic", 0, 0), ("2", "basic", 2, 9)])
    assert game.why_not(Move(0, (2, 2))).endswith("in one move: it is a wall.")
    assert game.why_not(Move(0, (0, 3))).endswith("no path leads there.")
    assert game.why_not(Move(0, (2, 9))).endswith("in one move: another unit stands there.")
    assert game.what_if.steps_to(game.unit(0), (2, 9)) is None


def test_why_not_gives_the_engine_reason_and_changes_nothing() -> None:
    game, _ = game_on(["..#..", ".....", ".....", ".....", "....."],
                      [("1", "sniper", 0, 0), ("2", "basic", 0, 4)])
    assert game.why_not(Fire(0, 1)) == NO_LOS
    assert game.why_not(Move(1, (1, 4))) == "It is Alice's turn."
    done = scenario(game.map, units={0: {"fired": True}})
    assert done.why_not(Move(0, (1, 0))) == "A Sniper cannot move after firing this turn."
    assert game.unit(0).ap == 3 and len(game.history) == 0


def test_a_snap_shot_names_its_place_modifiers_and_the_order_of_the_watchers() -> None:
    art = [".^...", ".....", ".....", ".....", "....."]
    units = [("1", "basic", 2, 4), ("2", "grunt", 0, 1), ("2", "basic", 0, 4)]
    game, _ = game_on(art, units, MISS, HIT, seed=3)
    events = game.apply(Move(0, (2, 3)))
    snaps = [e for e in events if isinstance(e, Shot)]
    assert [s.shooter for s in snaps] == list(snaps[0].order)
    assert sorted(snaps[0].order) == [1, 2] and snaps[1].hit
    grunt = next(s for s in snaps if s.shooter == 1)
    assert grunt.at == (0, 1)
    assert grunt.modifiers == (("Grunt to-hit", 7), ("shooter elevated", -2), ("snap shot", 2))
    assert sum(v for _, v in grunt.modifiers) == grunt.needed
    assert grunt.probability == Fraction(21, 36)  # needs 7: 21 of the 36 rolls
