"""Only the engine changes a game: what it hands out is read-only, and the state is one record."""

from __future__ import annotations

import json
import random
from dataclasses import FrozenInstanceError, replace

import pytest

from laser_flag.engine import EndTurn, Fire, Game, Move
from laser_flag.engine.units import DEACTIVATED
from tests.engine.conftest import HIT, MISS, Scripted, make_map, play_randomly, shots, snapshot
from tests.engine.scenario import scenario

# Team 1's unit 0 in the corner, team 2's unit 1 in plain sight; cover at (1, 1).
ART = ["2....", ".^...", ".....", ".....", "....1"]
UNITS = [("1", "basic", 4, 0), ("2", "basic", 0, 4)]


def played(steps: int, seed: int = 5) -> Game:
    """A game after `steps` random legal actions (fewer if it ends first)."""
    return play_randomly(Game(make_map(ART, UNITS, score_limit={"1": 9, "2": 9}), seed=seed),
                         steps, seed)


# ----- read-only out ---------------------------------------------------------------------------


@pytest.mark.parametrize("field", ["pos", "ap", "laser", "snap_shots", "elevated", "fired"])
def test_a_handed_out_unit_cannot_be_changed(field):
    game = played(0)
    unit = game.unit(0)
    with pytest.raises(FrozenInstanceError):
        setattr(unit, field, getattr(unit, field))
    with pytest.raises(FrozenInstanceError):
        setattr(game.units[1], field, getattr(unit, field))


def test_scores_and_stats_are_read_only_views():
    game = played(0)
    with pytest.raises(TypeError):
        game.scores["1"] = 5  # type: ignore[index]
    with pytest.raises(TypeError):
        game.stats["1"]["hits"] = 5  # type: ignore[index]
    with pytest.raises(TypeError):
        game.stats["1"] = {"shots": 0, "hits": 0}  # type: ignore[index]
    assert game.scores == {"1": 0, "2": 0}


@pytest.mark.parametrize("field", ["turn", "active_team", "winner", "victory", "rolls"])
def test_the_turn_and_the_outcome_cannot_be_set_from_outside(field):
    game = played(0)
    with pytest.raises(AttributeError):
        setattr(game, field, getattr(game, field))


def test_a_unit_read_before_an_action_keeps_showing_that_moment():
    game = played(0)
    before = game.unit(0)
    game.apply(Move(0, (3, 0)))
    assert before.pos == (4, 0) and before.ap == 3
    assert game.unit(0).pos == (3, 0) and game.unit(0).ap == 2


def test_the_views_follow_the_game():
    gm = make_map(ART, UNITS)
    game = scenario(gm, roll=Scripted(HIT), units={1: {"snap_shots": 0}})
    scores, stats = game.scores, game.stats
    game.apply(Fire(0, 1))
    assert scores == {"1": 1, "2": 0} and stats["1"] == {"shots": 1, "hits": 1}


# ----- the scenario builder and from_state ---------------------------------------------------


def test_the_scenario_builder_places_units_with_given_fields():
    gm = make_map(ART, UNITS)
    game = scenario(gm, units={0: {"pos": (1, 1), "ap": 1, "snap_shots": 2, "fired": True},
                               1: {"laser": DEACTIVATED}}, turn=3, scores={"1": 2, "2": 1})
    one, two = game.unit(0), game.unit(1)
    assert (one.pos, one.ap, one.snap_shots, one.fired, one.elevated) == ((1, 1), 1, 2, True, True)
    assert two.laser == DEACTIVATED and not two.elevated
    assert (game.turn, game.round, dict(game.scores)) == (3, 2, {"1": 2, "2": 1})
    assert game.history == []


def test_a_scenario_plays_on_by_the_rules():
    gm = make_map(ART, UNITS)
    game = scenario(gm, roll=Scripted(), units={0: {"ap": 1}, 1: {"snap_shots": 0}})
    game.apply(Move(0, (3, 0)))
    assert not game.what_if.can_move(game.unit(0)) and game.legal_actions() == [EndTurn()]


def test_from_state_continues_exactly_like_the_game_it_was_taken_from():
    game = played(30)
    again = Game.from_state(game.map, game.state(), seed=game.seed)
    assert snapshot(again) == snapshot(game)
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(60):
        if game.over:
            break
        action = rng_a.choice(game.legal_actions())
        assert action == rng_b.choice(again.legal_actions())
        assert game.apply(action) == again.apply(action)
    assert snapshot(again) == snapshot(game)


def test_from_state_refuses_units_that_are_not_the_maps():
    gm = make_map(ART, UNITS)
    state = Game(gm, seed=1).state()
    stranger = replace(state.units[0], id=5)
    with pytest.raises(ValueError, match=r"units \[5\]"):
        Game.from_state(gm, replace(state, units=(stranger, state.units[1])), seed=1)
    turncoat = replace(state.units[0], team="2")
    with pytest.raises(ValueError, match=r"units \[0\]"):
        Game.from_state(gm, replace(state, units=(turncoat, state.units[1])), seed=1)


def test_the_state_record_is_frozen_and_dumps_as_json():
    game = played(40)
    state = game.state()
    with pytest.raises(FrozenInstanceError):
        state.turn = 2  # type: ignore[misc]
    dump = json.loads(json.dumps(state.to_json()))
    assert dump["turn"] == game.turn and dump["rolls"] == game.rolls
    assert [(u["id"], tuple(u["pos"]), u["laser"]) for u in dump["units"]] == [
        (u.id, u.pos, u.laser) for u in game.units
    ]


# ----- copies ----------------------------------------------------------------------------------


def test_a_copy_rolls_its_own_scripted_dice():
    """A copy's roller is its own: its shots do not use up the dice scripted for the original."""
    gm = make_map(ART, UNITS)
    game = scenario(gm, roll=Scripted(HIT, MISS), units={1: {"snap_shots": 0}})
    clone = game.copy()
    assert [s.hit for s in shots(clone.apply(Fire(0, 1)))] == [True]
    assert [s.hit for s in shots(game.apply(Fire(0, 1)))] == [True]


def test_a_copy_and_its_original_never_change_each_other():
    game = played(0)
    for _ in range(25):
        game.apply(EndTurn())
    clone = game.copy()
    before = snapshot(clone)
    moves = [a for a in game.legal_actions() if isinstance(a, Move)]
    game.apply(moves[0])
    assert snapshot(clone) == before and len(clone.history) == 25
    clone.apply(moves[-1])
    assert game.history[-1] == moves[0] and clone.history[-1] == moves[-1]
    assert game.history[:25] == clone.history[:25]


@pytest.mark.parametrize("steps", [10, 10_000])
def test_a_copy_shares_the_history_whatever_its_length(steps):
    """Copying costs the same after 10 actions or 10,000: no action is copied."""
    game = Game(make_map(ART, UNITS), seed=1)
    for _ in range(steps):
        game.apply(EndTurn())
    clone = game.copy()
    assert clone.history is game.history and len(clone.history) == steps
    game.apply(EndTurn())  # the original appends in place: still one list of actions
    assert game.history.shares_storage_with(clone.history)
    assert (len(game.history), len(clone.history)) == (steps + 1, steps)
