"""The rules as functions of a state (engine/rules.py): apply never changes the state it is
given, the same state and chance give the same result, and every declared action has its rule."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from laser_flag.engine import Game, IllegalAction, Move, load_map
from laser_flag.engine.actions import ACTIONS
from laser_flag.engine.chance import Branch
from laser_flag.engine.events import Shot
from laser_flag.engine.rules import RULES, apply, outcomes
from tests.engine.conftest import make_map, play_randomly
from tests.engine.test_outcomes import THREE, WATCH

MAPS = Path(__file__).resolve().parents[2] / "maps"


def test_every_declared_action_has_its_rule():
    assert set(RULES) == set(ACTIONS.values())


def looks(state) -> tuple:
    return (state.to_json(), state.rng.getstate(), state.events, state.told)


@pytest.mark.parametrize("fog", [False, True])
def test_apply_changes_nothing_it_is_given_and_gives_the_same_each_time(fog):
    game = play_randomly(Game(load_map(MAPS / "crossfire.json"), seed=4, fog=fog), 40, 4)
    state = game.state()
    before = looks(state)
    rng = random.Random(4)
    for action in rng.sample(list(game.legal_actions()), 12):
        first, events = apply(state, action)
        again, events_again = apply(state, action)  # the generator as it was: the same dice
        assert events == events_again and looks(first) == looks(again)
        assert looks(state) == before


def test_an_explicit_chance_plays_one_branch_and_leaves_the_generator_alone():
    """Three watchers see unit 0 walk: the first branch is every snap shot missing."""
    state = Game(make_map(WATCH, THREE), seed=9).state()
    after, events = apply(state, Move(0, (3, 2)), Branch(state.index.dice, ()))
    assert after.rng == state.rng and after.rolls == 3
    assert [e.dice for e in events if isinstance(e, Shot)] == [(1, 1)] * 3
    assert len(outcomes(state, Move(0, (3, 2)))) == 13
    assert sum(p for p, _ in outcomes(state, Move(0, (3, 2)))) == 1


def test_an_illegal_action_is_refused_with_its_reason_and_no_state():
    state = Game(load_map(MAPS / "duel.json"), seed=1).state()
    with pytest.raises(IllegalAction, match="wall|reached"):
        apply(state, Move(0, (0, 0)))
