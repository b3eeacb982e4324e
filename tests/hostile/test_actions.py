"""Actions of the wrong type are refused by apply() before anything changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from laser_flag.engine import Game, load_map
from laser_flag.engine.actions import EndTurn, Fire, IllegalAction, Move, check_action
from laser_flag.engine.record import state_digest

MAPS = Path(__file__).resolve().parents[2] / "maps"


class Number(int):
    """An int subclass: it would be recorded as something else than a plain integer."""


WRONG = [
    Move(0, (1.0, 1.0)),
    Move(True, (5, 1)),
    Move(0, [5, 1]),
    Move(0, (5,)),
    Move(0, (5, 1, 0)),
    Move(0, None),
    Move(None, (5, 1)),
    Move(Number(0), (5, 1)),
    Move(10**5000, (5, 1)),  # repr() of it raises: the reason must not show it
    Fire(0, [1]),
    Fire(0.0, 1),
    Fire(0, False),
    "end_turn",
    ["move", 0, 5, 1],
    None,
]


@pytest.mark.parametrize("action", WRONG, ids=lambda a: type(a).__name__)
def test_a_malformed_action_is_refused_before_anything_changes(action):
    game = Game(load_map(MAPS / "duel.json"), seed=3)
    unit = game.legal_actions()[0].unit_id
    game.apply(Move(unit, sorted(game.what_if.reachable(game.unit(unit)))[0]))
    before = state_digest(game), list(game.history)
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert err.value.reason and len(err.value.reason) < 100
    assert (state_digest(game), game.history) == before


def test_every_legal_action_passes_the_type_check():
    game = Game(load_map(MAPS / "duel.json"), seed=3)
    for action in game.legal_actions():
        check_action(action)
    check_action(EndTurn())
