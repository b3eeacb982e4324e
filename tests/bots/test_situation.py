"""A Situation asks the engine whether a unit may fire instead of writing the rule again, and
prices the enemy's reply for the team: each live enemy fires once, at its best expected shot."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from laser_flag.bots.odds import Odds
from laser_flag.bots.planner import PLANNER_WEIGHTS
from laser_flag.bots.situation import Situation, Weights
from laser_flag.engine import CHARGED, CHARGING, DEACTIVATED, Game, load_map
from tests.bots.test_bots import ARENA
from tests.engine.conftest import make_map
from tests.engine.scenario import scenario

DUEL = Path(__file__).resolve().parents[2] / "maps" / "duel.json"


def test_a_unit_is_armed_exactly_when_the_engine_lets_it_fire():
    game = Game(load_map(DUEL), seed=1)
    sit = Situation(game, Odds(game), Weights())
    unit = next(u for u in game.units if u.team == game.active_team)
    for ap in range(4):
        for laser in (CHARGED, CHARGING, DEACTIVATED):
            expected = game.what_if.can_fire(replace(unit, ap=ap, laser=laser))
            assert sit.armed(unit, ap, laser) is expected, (ap, laser)
    assert sit.armed(unit, 1, CHARGED) and not sit.armed(unit, 0, CHARGED)
    assert not sit.armed(unit, 3, CHARGING)


def open_arena(units: list[list]) -> Game:
    """Team 1 to act on open floor (bases in the bottom corners), nobody behind cover."""
    return scenario(make_map(ARENA, units))


def test_two_units_in_one_enemys_sight_risk_one_expected_hit_not_two():
    game = open_arena([["1", "basic", 0, 0], ["1", "basic", 0, 1], ["2", "basic", 0, 4]])
    sit = Situation(game, Odds(game), PLANNER_WEIGHTS)
    ours = [u for u in game.units if u.team == "1"]
    one_shot = sit.odds.hit("basic", (0, 4), "basic", (0, 0), False) * sit.loss((0, 0), CHARGED)
    assert one_shot > 0
    assert sit.team_reply(ours) == pytest.approx(one_shot)
    assert sit.team_reply(ours[:1]) == pytest.approx(one_shot)
    # The per-unit threat counts that one enemy against each of them.
    per_unit = sum(sit.threat(u.unit_class, u.pos) * sit.loss(u.pos, u.laser) for u in ours)
    assert per_unit == pytest.approx(2 * one_shot)


def test_each_live_enemy_takes_its_own_shot_and_a_deactivated_one_takes_none():
    units = [["1", "basic", 0, 0], ["2", "basic", 0, 4], ["2", "basic", 2, 4]]
    game = open_arena(units)
    sit = Situation(game, Odds(game), PLANNER_WEIGHTS)
    ours = [u for u in game.units if u.team == "1"]
    loss = sit.loss((0, 0), CHARGED)
    near, far = (sit.odds.hit("basic", at, "basic", (0, 0), False) * loss
                 for at in ((0, 4), (2, 4)))
    assert sit.team_reply(ours) == pytest.approx(near + far)
    off = scenario(make_map(ARENA, units), units={2: {"laser": DEACTIVATED}})
    sit = Situation(off, Odds(off), PLANNER_WEIGHTS)
    assert sit.team_reply([u for u in off.units if u.team == "1"]) == pytest.approx(near)


def test_an_enemy_aims_at_the_unit_whose_hit_costs_most():
    """A hit on a live laser costs the laser too; on a deactivated one only the point."""
    game = scenario(make_map(ARENA, [["1", "basic", 0, 0], ["1", "basic", 0, 1],
                                     ["2", "basic", 0, 4]]), units={0: {"laser": DEACTIVATED}})
    sit = Situation(game, Odds(game), PLANNER_WEIGHTS)
    dead, live = (u for u in game.units if u.team == "1")
    assert sit.loss(dead.pos, dead.laser) < sit.loss(live.pos, live.laser)
    assert sit.team_reply([dead, live]) == pytest.approx(sit.team_reply([live]))


# A wall hides (0, 0) from the enemy at (0, 4); one move takes it round the wall's foot, onto
# (3, 2), (4, 2) or (4, 3), every one of which our unit at (4, 1) sees.
BEHIND_A_WALL = ["..#..", "..#..", "..#..", ".....", "1...2"]


def test_an_enemy_that_must_walk_into_our_snap_shots_to_see_a_unit_keeps_the_braved_share():
    game = scenario(make_map(BEHIND_A_WALL, [["1", "basic", 0, 0], ["1", "basic", 4, 1],
                                             ["2", "basic", 0, 4]]))
    weights = replace(PLANNER_WEIGHTS, braved=0.5)
    sit = Situation(game, Odds(game), weights)
    enemy, (hidden, watcher) = sit.shooters[0], (u for u in game.units if u.team == "1")
    ways_in = sit.ways_in(enemy, hidden.pos)
    assert not sit.sees(enemy.pos, hidden.pos) and ways_in == {(3, 2), (4, 2), (4, 3)}
    full = sit.team_reply([hidden])
    assert full > 0
    watched = game.map.visibility.visible_from(watcher.pos)
    assert sit.team_reply([hidden], watched) == pytest.approx(0.5 * full)
    # One way in left open: the enemy walks in there, unhindered.
    assert sit.team_reply([hidden], watched - {(4, 3)}) == pytest.approx(full)
    # An enemy that sees the unit already braves nothing.
    assert sit.team_reply([watcher], watched) == pytest.approx(sit.team_reply([watcher]))
