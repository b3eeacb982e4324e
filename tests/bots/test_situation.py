"""A Situation asks the engine whether a unit may fire instead of writing the rule again."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from laser_flag.bots.odds import Odds
from laser_flag.bots.situation import Situation, Weights
from laser_flag.engine import CHARGED, CHARGING, DEACTIVATED, Game, load_map

DUEL = Path(__file__).resolve().parents[2] / "maps" / "duel.json"


def test_a_unit_is_armed_exactly_when_the_engine_lets_it_fire():
    game = Game(load_map(DUEL), seed=1)
    sit = Situation(game, Odds(game), Weights())
    unit = next(u for u in game.units if u.team == game.active_team)
    for ap in range(4):
        for laser in (CHARGED, CHARGING, DEACTIVATED):
            expected = game.may_fire(replace(unit, ap=ap, laser=laser))
            assert sit.armed(unit, ap, laser) is expected, (ap, laser)
    assert sit.armed(unit, 1, CHARGED) and not sit.armed(unit, 0, CHARGED)
    assert not sit.armed(unit, 3, CHARGING)
