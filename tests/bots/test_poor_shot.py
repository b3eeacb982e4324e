"""Hard plans no shot below a half at a target in cover against it (the AP buys more as snap
shots or a walk to a flank), unless that hit would win the game."""

from __future__ import annotations

from laser_flag.bots.budget import Budget
from laser_flag.bots.search import POOR_SHOT, SearchBot
from laser_flag.engine import Fire
from tests.engine.conftest import make_map
from tests.engine.scenario import scenario

UNITS = [["1", "basic", 2, 0], ["2", "basic", 2, 4]]
# The same lane with and without the cover tile in front of the target.
COVERED = ["......", "......", "1..^2.", "......", "......"]
OPEN = ["......", "......", "1...2.", "......", "......"]
SHOT = Fire(unit_id=0, target_id=1)


def game_on(art, **fields):
    return scenario(make_map(art, UNITS, score_limit={"1": 4, "2": 4}), **fields)


def test_a_shot_into_cover_below_a_half_is_left_out_of_the_plans():
    game = game_on(COVERED)
    odds = game.to_hit(0, 1)
    assert odds.probability < POOR_SHOT and ("target in cover", 1) in odds.modifiers
    assert SearchBot.poor_shot(game, SHOT)
    planned = SearchBot(1, Budget.steps(30))._worth_planning(game, [(1.0, SHOT)])
    assert planned == []


def test_the_same_shot_in_the_open_or_for_the_winning_point_is_kept():
    assert game_on(OPEN).to_hit(0, 1).probability >= POOR_SHOT
    assert not SearchBot.poor_shot(game_on(OPEN), SHOT)
    assert not SearchBot.poor_shot(game_on(COVERED, scores={"1": 3, "2": 0}), SHOT)
