"""The engine's "what if": chance outcomes with exact probabilities, and the cheap questions
bots ask about actions not taken (cost, the unit after, may move or fire, reach, odds)."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from laser_flag.engine import (
    CHARGING,
    DEACTIVATED,
    EndTurn,
    Fire,
    Game,
    IllegalAction,
    Move,
    load_map,
)
from laser_flag.engine.events import Shot
from tests.engine.conftest import HIT, MISS, always, game_on, make_map, snapshot

# Three team-2 watchers on the top row look down at team 1's unit 0 at (4, 2); team 1 has a
# base at (4, 0), team 2 at (0, 4). Every snap shot needs 8: a 5/12 chance.
WATCH = ["....2", ".....", ".....", ".....", "1...."]
THREE = [("1", "basic", 4, 2), ("2", "basic", 0, 0), ("2", "basic", 0, 1), ("2", "basic", 0, 2)]
SNAP = Fraction(15, 36)


def three_watchers(*rolls: tuple[int, int]) -> Game:
    return game_on(WATCH, THREE, *rolls)[0]


def state(game: Game) -> dict:
    return {**snapshot(game), "history": list(game.history)}


# ----- outcomes ------------------------------------------------------------------------------


def test_a_move_under_three_watchers_has_every_snap_sequence_and_they_sum_to_one() -> None:
    game = three_watchers()
    outcomes = game.outcomes(Move(0, (3, 2)))
    assert sum(p for p, _ in outcomes) == 1
    # All miss, or one of three hits after any subset of the other two missed: 1 + 3 * 4.
    assert len(outcomes) == 13
    unhit = sum(p for p, g in outcomes if g.unit(0).laser != DEACTIVATED)
    assert unhit == game.what_if.snap_risk(game.unit(0), (3, 2)).p_unhit == (1 - SNAP) ** 3


def test_an_outcome_is_the_game_that_order_and_those_dice_leave() -> None:
    game = three_watchers()
    # Watcher 1 misses then 2 hits, or 2 misses then 1 hits: each begins 1 of the 6 orders.
    wanted = [(p, g) for p, g in game.outcomes(Move(0, (3, 2)))
              if [g.unit(i).snap_shots for i in (1, 2, 3)] == [1, 1, 2]]
    assert [p for p, _ in wanted] == [Fraction(1, 6) * (1 - SNAP) * SNAP] * 2
    for _, after in wanted:
        assert after.unit(0).laser == DEACTIVATED and after.scores == {"1": 0, "2": 1}
        assert after.rolls == 2


def test_a_shot_branches_on_its_own_dice_then_on_the_snap_shots_it_draws() -> None:
    game = three_watchers()
    p_shot = game.what_if.to_hit(game.unit(0), game.unit(1)).probability
    outcomes = game.outcomes(Fire(0, 1))
    assert sum(p for p, _ in outcomes) == 1
    # A hit takes watcher 1's snap shots, so two watchers are left: 1 + 2 * 2 outcomes after a
    # hit, 13 after a miss.
    assert len(outcomes) == 5 + 13
    assert sum(p for p, g in outcomes if g.scores["1"] == 1) == p_shot


def test_outcomes_change_nothing_and_leave_the_generator_where_it_was() -> None:
    game = three_watchers(MISS, MISS, MISS)
    before, rng = state(game), game.rng.getstate()
    game.outcomes(Move(0, (3, 2)))
    assert state(game) == before and game.rng.getstate() == rng
    game.apply(Move(0, (3, 2)))  # the game's own dice still serve the real action
    assert [game.unit(i).snap_shots for i in (1, 2, 3)] == [1, 1, 1]


def test_an_outcome_game_plays_on_with_real_dice() -> None:
    game, dice = game_on(WATCH, THREE, MISS, MISS)
    [(_, after)] = game.outcomes(EndTurn())
    events = after.apply(Fire(1, 0))  # its shot, then unit 0's snap shot back
    # The game's own scripted dice (two misses), copied with it: the original script is untouched.
    assert [e.dice for e in events if isinstance(e, Shot)] == [MISS, MISS]
    assert dice.left == 2 and after.rolls == 2


@pytest.mark.parametrize("name", ["duel", "crossfire"])
def test_what_an_action_really_does_is_one_of_its_outcomes(name) -> None:
    """A seeded playout that fires whenever it can: each action's outcomes sum to 1, and the
    game the real dice leave is one of them. (Seed 7: on Duel's present starting tiles seed 5's
    playout ended after 27 actions, too soon to branch ten times.)"""
    maps = Path(__file__).resolve().parents[2] / "maps"
    game, rng = Game(load_map(maps / f"{name}.json"), seed=7), random.Random(7)
    branched = 0
    for _ in range(150):
        if game.over:
            break
        legal = game.legal_actions()
        action = rng.choice([a for a in legal if isinstance(a, Fire)] or legal)
        outcomes = game.outcomes(action)
        assert sum(p for p, _ in outcomes) == 1
        branched += len(outcomes) > 1
        game.apply(action)
        assert without_rng(game) in [without_rng(g) for _, g in outcomes]
    assert branched >= 10


def without_rng(game: Game) -> dict:
    return {k: v for k, v in state(game).items() if k != "rng"}


def test_an_action_without_chance_has_one_certain_outcome() -> None:
    game = three_watchers()
    [(p, after)] = game.outcomes(EndTurn())
    assert p == 1 and after.active_team == "2" and game.active_team == "1"


def test_an_illegal_action_has_no_outcomes() -> None:
    with pytest.raises(IllegalAction, match="cannot be reached"):
        three_watchers().outcomes(Move(0, (0, 0)))  # a watcher stands there


# ----- the cheap questions -------------------------------------------------------------------


def test_cost_is_one_ap_to_move_and_the_class_cost_to_fire() -> None:
    gm = make_map(WATCH, [("1", "basic", 4, 2), ("1", "sniper", 4, 3), ("2", "basic", 0, 0)])
    game = Game(gm, seed=1)
    assert game.what_if.cost(Move(0, (3, 2))) == 1
    assert game.what_if.cost(Fire(0, 2)) == game.unit(0).ap  # a Plain's shot takes all it has
    assert game.what_if.cost(Fire(1, 2)) == 1
    assert game.what_if.cost(EndTurn()) == 0


@pytest.mark.parametrize("action", [Move(0, (3, 2)), Fire(0, 1)], ids=["move", "fire"])
def test_after_is_the_unit_the_action_leaves_when_nothing_hits_it(action) -> None:
    game = three_watchers()
    predicted = game.what_if.after(action)
    game, _ = game_on(WATCH, THREE, *[MISS] * 4)
    game.apply(action)
    assert predicted == game.unit(0)


def test_after_recharges_a_deactivated_unit_ending_its_move_on_its_base() -> None:
    game = three_watchers(HIT, *[MISS] * 3)
    game.apply(Move(0, (3, 2)))
    assert game.unit(0).laser == DEACTIVATED
    assert game.what_if.after(Move(0, (3, 1))).laser == DEACTIVATED
    predicted = game.what_if.after(Move(0, (4, 0)))
    assert predicted.laser == CHARGING
    game.apply(Move(0, (4, 0)))
    assert predicted == game.unit(0)


def test_may_move_and_may_fire_answer_for_a_planned_unit() -> None:
    gm = make_map(WATCH, [("1", "sniper", 4, 2), ("1", "basic", 4, 3), ("2", "basic", 0, 0)])
    game = Game(gm, seed=1, roll=always(MISS))
    sniper_fired = game.what_if.after(Fire(0, 2))
    assert game.what_if.can_fire(sniper_fired) and not game.what_if.can_move(sniper_fired)
    # no AP left after a Plain's shot
    assert game.what_if.can_move(game.what_if.after(Fire(1, 2))) is False
    moved = game.what_if.after(Move(1, (3, 3)))
    assert game.what_if.can_move(moved) and game.what_if.can_fire(moved)
    game.apply(Fire(0, 2))
    # the game agrees once it is real
    assert game.what_if.can_fire(game.unit(0)) and not game.what_if.can_move(game.unit(0))


def test_reachable_is_the_move_search_from_where_a_unit_stands() -> None:
    game = three_watchers(*[MISS] * 3)
    assert set(game.what_if.reachable(game.unit(0))) == moves_of(game, 0)
    planned = set(game.what_if.reachable(game.what_if.after(Move(0, (2, 2)))))
    game.apply(Move(0, (2, 2)))
    assert planned == moves_of(game, 0) and (4, 2) in planned
    enemy = set(game.what_if.reachable(game.unit(1)))  # not its turn: still where it could go
    game.apply(EndTurn())
    assert enemy == moves_of(game, 1)


def moves_of(game: Game, uid: int) -> set[tuple[int, int]]:
    """The tiles the legal Moves of a unit go to."""
    return {a.to for a in game.legal_actions() if isinstance(a, Move) and a.unit_id == uid}


def test_shot_odds_match_the_to_hit_of_units_standing_there() -> None:
    art = [".....", ".^...", ".....", "..#..", "....."]
    gm = make_map(art, [("1", "grunt", 1, 1), ("2", "scout", 4, 2), ("2", "basic", 2, 2)])
    game = Game(gm, seed=1)
    for target in (1, 2):
        t = game.unit(target)
        for snap in (False, True):
            assert game.what_if.shot_odds("grunt", (1, 1), t.unit_class, t.pos, snap) == \
                game.what_if.to_hit(game.unit(0), game.unit(target), snap)


def test_a_hit_leaves_a_laser_charging_on_a_base_deactivated_elsewhere_or_the_unit_out() -> None:
    game = three_watchers()
    assert game.what_if.laser_after_hit("1", (4, 0)) == CHARGING
    assert game.what_if.laser_after_hit("1", (0, 4)) == DEACTIVATED  # the enemy's base
    art = ["....2", ".....", ".....", ".....", "....."]
    assault = Game(make_map(art, [("1", "basic", 2, 0), ("2", "basic", 0, 0)]), seed=1)
    assert assault.what_if.laser_after_hit("1", (2, 0)) is None
    assert assault.what_if.laser_after_hit("2", (1, 1)) == DEACTIVATED


def test_snap_shots_kept_are_what_the_end_of_a_turn_leaves() -> None:
    gm = make_map(WATCH, [("1", "grunt", 4, 2), ("1", "basic", 4, 3), ("2", "basic", 0, 0)])
    game = Game(gm, seed=1, roll=always(MISS))
    game.apply(Move(1, (3, 3)))
    kept = [game.what_if.snap_shots_kept(game.unit(i).unit_class, game.unit(i).ap) for i in (0, 1)]
    game.apply(EndTurn())
    assert kept == [game.unit(0).snap_shots, game.unit(1).snap_shots] == [3, 2]
