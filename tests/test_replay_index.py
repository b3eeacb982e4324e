"""The replay index gives exactly the straight replay's state at any index, in any order."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from laser_flag.engine import Game, load_map
from laser_flag.engine.actions import EndTurn, Fire, IllegalAction
from laser_flag.engine.record import state_digest
from laser_flag.replay_index import ReplayIndex

MAPS = Path(__file__).resolve().parents[1] / "maps"


def straight_replay(seed: int, steps: int) -> tuple[Game, list[str]]:
    """A seeded random game and the digest of its state after each action."""
    game = Game(load_map(MAPS / "commons.json"), seed=seed)
    rng = random.Random(seed)
    digests = [state_digest(game)]
    while len(game.history) < steps and not game.over:
        game.apply(rng.choice(game.legal_actions()))
        digests.append(state_digest(game))
    return game, digests


@pytest.mark.parametrize("seed", [1, 2])
def test_any_index_in_any_order_equals_the_straight_replay(seed):
    game, digests = straight_replay(seed, 120)
    index = ReplayIndex(game.map, seed, game.history, every=7)
    assert index.last == len(digests) - 1
    order = list(range(index.last + 1))
    random.Random(seed).shuffle(order)
    for i in order + list(range(index.last, -1, -1)) + list(range(index.last + 1)):
        assert state_digest(index.game_at(i)) == digests[i], i


def test_it_keeps_one_copy_per_keyframe_not_per_action():
    game, _ = straight_replay(3, 100)
    index = ReplayIndex(game.map, 3, game.history, every=25)
    assert len(index.keyframes) == index.last // 25 + 1


def test_turns_and_events_follow_the_actions():
    game, _ = straight_replay(4, 80)
    index = ReplayIndex(game.map, 4, game.history)
    for i in range(index.last + 1):
        assert index.turns[i] == index.game_at(i).turn
    first = index.first_of_turn(3)
    assert index.turns[first] == 3 and index.turns[first - 1] == 2
    assert index.first_of_turn(10**9) <= index.last and index.first_of_turn(-5) == 0
    assert all(index.events[i] for i in range(1, index.last + 1))  # every action did something


def test_an_illegal_action_is_named_by_its_index():
    game, _ = straight_replay(5, 10)
    actions = [*game.history, EndTurn(), Fire(0, 0)]
    with pytest.raises(IllegalAction, match=rf"^action {len(actions) - 1} \(\[.fire., 0, 0\]\)"):
        ReplayIndex(game.map, 5, actions)


def test_a_state_out_of_range_is_an_index_error():
    game, _ = straight_replay(6, 5)
    index = ReplayIndex(game.map, 6, game.history)
    for bad in (-1, index.last + 1):
        with pytest.raises(IndexError):
            index.game_at(bad)


def test_a_fog_replay_keeps_what_each_team_was_told() -> None:
    game = Game(load_map(MAPS / "duel.json"), seed=12, fog=True)
    rng, told = random.Random(12), {"1": [[]], "2": [[]]}
    for _ in range(60):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
        for team in told:
            told[team].append(game.events_for(team))
    index = ReplayIndex(game.map, 12, game.history, fog=True)
    assert state_digest(index.game_at(index.last)) == state_digest(game)
    for team in ("1", "2"):
        assert [index.events_for(i, team) for i in range(index.last + 1)] == told[team]
    assert told["1"] != index.events  # something was hidden from team 1
