"""The board's numbers are the engine's answers: each one checked against the engine's own
query for the same question, on positions built for it."""

from __future__ import annotations

from fractions import Fraction

from laser_flag.board.forecast import (
    arrival,
    firing_positions,
    percent,
    shots_of,
    why_not_there,
)
from laser_flag.engine.actions import Move
from laser_flag.engine.game import Game
from laser_flag.engine.mapfile import parse_map
from tests.engine.scenario import scenario
from tests.ui.conftest import SMALL_MAP, WALLED

SMALL = parse_map(SMALL_MAP, "small.json")


def test_the_chances_now_are_the_engines_to_hit_of_each_target():
    game = Game(SMALL, seed=1)
    shots = shots_of(game, game.unit(1))  # Alice's sniper sees Bob's scout
    assert [s.unit for s in shots] == game.what_if.targets(game.unit(1))
    for shot in shots:
        assert shot.odds == game.what_if.to_hit(game.unit(1), game.unit(shot.unit))
        assert shot.pos == game.unit(shot.unit).pos
    assert shots_of(game, game.unit(1).changed(ap=0)) == ()  # no AP: no numbers


def test_a_destination_brings_the_engines_snap_risk_path_and_shots_from_there():
    game = Game(SMALL, seed=1)
    move = arrival(game, 0, (4, 1))
    risk = game.what_if.snap_risk(game.unit(0), (4, 1))
    assert move.path == game.what_if.path(game.unit(0), (4, 1))
    assert move.after == game.what_if.after(Move(0, (4, 1)))
    assert tuple(w.unit for w in move.watchers) == risk.shooters and len(risk.shooters) == 2
    assert move.p_unhit == risk.p_unhit and move.risk == 1 - risk.p_unhit
    for watcher in move.watchers:  # each watcher's own chance, as the engine rolls it
        unit = game.unit(watcher.unit)
        assert watcher.odds == game.what_if.shot_odds(unit.unit_class, unit.pos, "basic", (4, 1),
                                              snap=True)
    assert move.shots == shots_of(game, move.after)


def test_the_watchers_chances_multiply_to_the_engines_chance_to_arrive_unhit():
    game = Game(SMALL, seed=1)
    move = arrival(game, 0, (4, 1))
    unhit = 1
    for watcher in move.watchers:
        unhit *= 1 - watcher.odds.probability
    assert unhit == move.p_unhit


def test_firing_positions_are_the_tiles_a_fire_would_be_legal_from_after_the_move():
    game = Game(SMALL, seed=1)
    reach = frozenset(game.what_if.reachable(game.unit(0)))
    found = firing_positions(game, 0, 2, reach)  # Alice's plain against Bob's scout
    assert found, "some tile sees the scout"
    for pos in {game.unit(0).pos, *reach}:
        there = game.what_if.after(Move(0, pos)) if pos != game.unit(0).pos else game.unit(0)
        legal = game.what_if.has_los(pos, (1, 5)) and game.what_if.can_fire(there)
        assert (pos in found) == legal
        if legal:
            assert found[pos] == game.what_if.shot_odds("basic", pos, "scout", (1, 5))


def test_a_unit_that_fired_all_its_ap_away_has_no_firing_positions_but_where_it_stands():
    gm = parse_map(WALLED, "walled.json")
    game = scenario(gm, units={0: {"ap": 1}})
    found = firing_positions(game, 0, 3, frozenset(game.what_if.reachable(game.unit(0))))
    assert set(found) <= {game.unit(0).pos}  # a move would spend its last AP


def test_why_not_there_is_the_engines_reason_in_its_words():
    game = Game(SMALL, seed=1)
    assert why_not_there(game, 0, (3, 3)) == game.why_not(Move(0, (3, 3)))  # a wall
    assert "wall" in why_not_there(game, 0, (3, 3))
    assert why_not_there(game, 0, (0, 0)) == game.why_not(Move(0, (0, 0)))  # too far
    assert why_not_there(game, 0, (4, 1)) is None


def test_percent_rounds_to_a_whole_percent():
    assert percent(Fraction(21, 36)) == "58%" and percent(Fraction(1, 1)) == "100%"
