"""The population of styles: `style:N` draws its knobs by the documented recipe, the same each
time, distinct from draw to draw, split into a tuning and a held-out half; each knob changes
play in a small position where it matters; and its players play only legal actions and finish
games on every bundled map."""

from __future__ import annotations

import random
from dataclasses import fields, replace
from fractions import Fraction
from pathlib import Path

import pytest

from laser_flag.bots import make_bot
from laser_flag.bots.registry import bot_name
from laser_flag.bots.rusher import RUSHER
from laser_flag.bots.style import Style, StyleBot, draw, draws, held_out, style_number
from laser_flag.bots.turtle import TURTLE
from laser_flag.engine import EndTurn, Fire, Game, Move, load_map
from laser_flag.engine.units import DEACTIVATED
from laser_flag.lab.pairings import parse_pairing
from tests.bots.test_bots import ARENA
from tests.engine.conftest import make_map
from tests.engine.scenario import scenario
from tests.fast import map_cases

MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.json"))
FACING = [["1", "basic", 0, 0], ["2", "basic", 0, 4]]  # in sight of each other, no cover
NO_SHOT = {"basic": {"to_hit": 12}}  # 1 in 36: below every drawn fire_at
COVER = [".....", "...^.", ".....", ".....", "....."]  # as the rusher's tests have it


def team1_turn(round_: int) -> int:
    return 2 * round_ - 1


def choice(style: Style, game: Game, seed: int = 0):
    return StyleBot(style, seed).choose(game)


# -- the draw ---------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [0, 1, 17, 999_999_999])
def test_a_draw_follows_the_documented_recipe(n):
    rng = random.Random(n)
    r = [rng.random() for _ in range(11)]
    s = draw(n)
    assert s.fire_at == Fraction(6 + int(13 * r[0]), 36) and s.cover == r[1]
    assert (s.take_cover, s.press, s.focus, s.wary, s.leave_watched_base) == (
        r[2] < 0.5, r[4] < 0.5, r[5] < 0.5, r[6] < 0.5, r[8] < 0.5)
    assert (s.moves, s.recharge, s.patience) == (1 + int(3 * r[3]), r[7] < 0.75,
                                                 2 + int(7 * r[9]))
    assert s.strike == (r[10] < 0.5)


def test_the_same_number_gives_the_same_player():
    def game_of(n: int) -> list:
        game = Game(load_map(MAPS[1]), seed=4)
        bots = {"1": make_bot(f"style:{n}", 21), "2": make_bot("rusher", 9)}
        chosen = []
        while not game.over and len(chosen) < 120:
            chosen.append(bots[game.active_team].choose(game))
            game.apply(chosen[-1])
        return chosen

    assert draw(17) == draw(17)
    assert game_of(17) == game_of(17)
    assert game_of(17) != game_of(18)


def test_draws_are_distinct_and_span_every_knob_in_both_halves():
    knobs = [draw(n) for n in range(2000)]
    assert len(set(knobs)) == len(knobs)
    for half in (0, 1):
        drawn = [s for n, s in enumerate(knobs) if n % 2 == half]
        for f in fields(Style):
            if f.name != "cover":
                assert len({getattr(s, f.name) for s in drawn}) > 1, f.name
        assert min(s.cover for s in drawn) < 0.01 and max(s.cover for s in drawn) > 0.99
        assert {s.fire_at for s in drawn} == {Fraction(k, 36) for k in range(6, 19)}


def test_odd_numbers_are_held_out_and_even_ones_tune():
    assert [held_out(n) for n in range(6)] == [False, True, False, True, False, True]
    assert draws(3) == ["style:1", "style:3", "style:5"]
    assert draws(3, start=1000) == ["style:1001", "style:1003", "style:1005"]
    assert draws(2, held=False, start=7) == ["style:8", "style:10"]
    assert all(held_out(style_number(name)) for name in draws(50, start=123))


@pytest.mark.parametrize(("name", "number"), [
    ("style:0", 0), ("style:17", 17), ("style:999999999", 999_999_999),
    ("style:", None), ("style:017", None), ("style:-1", None), ("style:1e3", None),
    ("style:\u0663", None), ("style:1000000000", None), ("Style:1", None), ("rusher", None)])
def test_a_style_name_is_style_and_a_plain_number(name, number):
    assert style_number(name) == number


def test_the_registry_and_the_lab_seat_a_draw():
    bot = make_bot("style:17", 3)
    assert isinstance(bot, StyleBot) and bot.style == draw(17) and bot.name == "style:17"
    assert bot_name("style:17") == "style:17"
    assert parse_pairing("hard,style:17") == ("hard", "style:17")
    with pytest.raises(ValueError, match=r"unknown bot 'style:x' .*style:N"):
        bot_name("style:x")
    with pytest.raises(ValueError, match="style:N"):
        parse_pairing("hard,style:017")


def test_the_rusher_and_the_turtle_are_points_of_the_population():
    assert make_bot("rusher").style == RUSHER and make_bot("turtle").style == TURTLE


# -- each knob changes play -------------------------------------------------------------------


@pytest.mark.parametrize(("fire_at", "fires"), [(Fraction(1, 3), True), (Fraction(1, 2), False)])
def test_fire_at_is_the_least_chance_fired_at(fire_at, fires):
    arena = make_map(ARENA, FACING, rules={"basic": {"to_hit": 8}})  # 15/36
    action = choice(replace(RUSHER, fire_at=fire_at), scenario(arena))
    assert (action == Fire(0, 1)) is fires


def test_cover_weighs_exposure_against_steps():
    """Cover 1 takes a tile covered from the enemy; cover 0 the tile nearest to it."""
    arena = make_map(COVER, [["1", "basic", 4, 0], ["2", "basic", 0, 4]], rules=NO_SHOT)
    game = scenario(arena)
    covered = choice(replace(RUSHER, cover=1.0), game)
    nearest = choice(replace(RUSHER, cover=0.0), game)
    assert covered in (Move(0, (2, 3)), Move(0, (1, 2)))
    assert isinstance(nearest, Move) and max(abs(nearest.to[0]), abs(nearest.to[1] - 4)) == 1
    odds = game.what_if.shot_odds("basic", (0, 4), "basic", nearest.to)
    assert not any(n == "target in cover" for n, _ in odds.modifiers)


def test_take_cover_moves_an_exposed_unit_into_cover_that_still_watches():
    arena = make_map(["2....", ".....", "...#.", "...#.", "....."],
                     [["1", "basic", 4, 1], ["2", "basic", 0, 0]], rules={"basic": {"to_hit": 9}})
    game = scenario(arena)
    assert choice(replace(TURTLE, take_cover=True), game) == Move(0, (4, 3))
    assert choice(replace(TURTLE, take_cover=False), game) == EndTurn()  # in contact: it holds


@pytest.mark.parametrize(("moves", "again"), [(1, False), (2, True)])
def test_moves_is_how_often_a_live_unit_moves_a_turn(moves, again):
    arena = make_map(["..#..", "..#..", "..#..", "..#..", "....."], FACING)
    game = scenario(arena)
    bot = StyleBot(replace(RUSHER, moves=moves))
    game.apply(bot.choose(game))
    assert game.unit(0).ap == 2
    assert isinstance(bot.choose(game), Move) is again


@pytest.mark.parametrize("strike", [False, True])
def test_strike_moves_to_a_covered_tile_it_can_fire_from_and_fires(strike):
    """Out of the enemy's sight, no shot where it stands: the striking unit moves once to a
    tile from which it can fire, in cover against the enemy, and fires from there; the other
    advances by a tile the enemy cannot see."""
    arena = make_map(["....2", ".....", "..#..", "..^..", "1...."],
                     [["1", "basic", 4, 0], ["2", "basic", 0, 4]])
    game = scenario(arena, units={1: {"snap_shots": 0}})  # no snap shot at the move
    assert not game.what_if.targets(game.unit(0))
    bot = StyleBot(replace(TURTLE, strike=strike))
    action = bot.choose(game)
    assert isinstance(action, Move) and game.what_if.has_los(action.to, (0, 4)) is strike
    if strike:
        odds = game.what_if.shot_odds("basic", (0, 4), "basic", action.to)
        assert any(n == "target in cover" for n, _ in odds.modifiers)
        game.apply(action)
        assert bot.choose(game) == Fire(0, 1)


@pytest.mark.parametrize(("press", "moves"), [(True, True), (False, False)])
def test_press_advances_in_contact(press, moves):
    arena = make_map(ARENA, FACING, rules=NO_SHOT)
    action = choice(replace(RUSHER, press=press), scenario(arena))
    assert isinstance(action, Move) is moves
    if not moves:
        assert action == EndTurn()


def focus_game() -> Game:
    """Enemy 2 (open, seen by unit 0 only) and enemy 3 (in cover, seen by both of ours)."""
    arena = make_map([".#...", ".#...", ".....", "..^..", "....."],
                     [["1", "basic", 4, 0], ["1", "basic", 4, 4], ["2", "basic", 0, 0],
                      ["2", "basic", 2, 2]])
    game = scenario(arena)
    what_if, first, second = game.what_if, game.unit(0), game.unit(1)
    assert sorted(what_if.targets(first)) == [2, 3] and what_if.targets(second) == [3]
    assert (what_if.to_hit(first, game.unit(2)).probability
            > what_if.to_hit(first, game.unit(3)).probability >= Fraction(1, 3))
    return game


@pytest.mark.parametrize(("focus", "target"), [(False, 2), (True, 3)])
def test_focus_fires_at_the_enemy_most_units_can_hit(focus, target):
    action = choice(replace(RUSHER, focus=focus), focus_game())
    assert isinstance(action, Fire) and action.target_id == target


@pytest.mark.parametrize("wary", [False, True])
def test_wary_weighs_only_armed_enemies_and_all_of_them(wary):
    """The enemy's laser is off: a wary unit fears no one and walks next to it; one that weighs
    only its mark still walks by the tiles covered from it."""
    arena = make_map(COVER, [["1", "basic", 4, 0], ["2", "basic", 0, 4]], rules=NO_SHOT)
    game = scenario(arena, units={1: {"laser": DEACTIVATED}})
    action = choice(replace(RUSHER, wary=wary), game)
    covered = action in (Move(0, (2, 3)), Move(0, (1, 2)))
    assert isinstance(action, Move) and covered is not wary


@pytest.mark.parametrize(("recharge", "walks"), [(True, True), (False, False)])
def test_recharge_walks_a_unit_whose_laser_is_off_to_a_base(recharge, walks):
    game = scenario(make_map(ARENA, [["1", "basic", 1, 0], ["2", "basic", 0, 4]]),
                    units={0: {"laser": DEACTIVATED}})
    action = choice(replace(RUSHER, recharge=recharge), game)
    assert action == (Move(0, (4, 0)) if walks else EndTurn())


@pytest.mark.parametrize("leave", [False, True])
def test_leave_watched_base_steps_off_a_base_the_enemy_sees(leave):
    """On its base in the enemy's sight, no shot worth taking: the disciplined unit steps to the
    tile beside it, covered by the block north of it; the other holds (in contact)."""
    arena = make_map([".....", ".....", ".....", ".^...", "1...."],
                     [["1", "basic", 4, 0], ["2", "basic", 0, 4]], rules={"basic": {"to_hit": 10}})
    game = scenario(arena)
    action = choice(replace(TURTLE, leave_watched_base=leave, take_cover=False), game)
    if leave:
        assert isinstance(action, Move) and not game.map.base_serves(action.to, "1")
        assert game.what_if.shot_odds("basic", (0, 4), "basic", action.to).probability < \
            game.what_if.shot_odds("basic", (0, 4), "basic", (4, 0)).probability
    else:
        assert action == EndTurn()


@pytest.mark.parametrize(("patience", "creeps"), [(2, True), (4, False)])
def test_patience_is_the_quiet_rounds_before_creeping_on(patience, creeps):
    arena = make_map(["....2", ".....", ".....", ".....", "1...."],
                     [["1", "basic", 4, 0], ["2", "basic", 0, 4]], rules={"basic": {"to_hit": 9}})
    bot = StyleBot(replace(TURTLE, patience=patience))
    assert bot.choose(scenario(arena)) == EndTurn()
    assert isinstance(bot.choose(scenario(arena, turn=team1_turn(3))), Move) is creeps


@pytest.mark.parametrize(("patience", "fires"), [(2, True), (3, False)])
def test_patience_lowers_the_bar_after_a_standoff(patience, fires):
    """A 15/36 shot, a bar of a half: after twice `patience` quiet rounds the bar is a third."""
    arena = make_map(ARENA, FACING, rules={"basic": {"to_hit": 8}})
    bot = StyleBot(replace(TURTLE, patience=patience, take_cover=False))
    assert bot.choose(scenario(arena)) == EndTurn()
    assert (bot.choose(scenario(arena, turn=team1_turn(5))) == Fire(0, 1)) is fires


# -- whole games ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", map_cases(MAPS))
def test_drawn_players_play_legally_and_finish_their_games(path):
    gm = load_map(path)
    for n, (first, second) in enumerate([("style:1", "style:2"), ("style:3", "greedy"),
                                         ("rusher", "style:4"), ("style:5", "style:5")]):
        game = Game(gm, seed=n)
        bots = {"1": make_bot(first, n), "2": make_bot(second, n + 1)}
        while not game.over and game.round <= 200:
            action = bots[game.active_team].choose(game)
            assert action in game.legal_actions()
            game.apply(action)
        assert game.over, (first, second)
