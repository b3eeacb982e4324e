"""A game recorded as seed + actions replays exactly (RULES §8), and its digest says so."""

import json
from pathlib import Path

import pytest

from laser_flag.engine import EndTurn, Fire, Game, IllegalAction, Move, load_map, parse_map
from laser_flag.engine.record import (
    action_from_json,
    action_to_json,
    replay,
    state_digest,
)
from tests.engine.conftest import play_randomly

CROSSFIRE = Path(__file__).resolve().parents[2] / "maps" / "crossfire.json"


def random_game(seed: int, steps: int) -> Game:
    return play_randomly(Game(load_map(CROSSFIRE), seed=seed), steps, seed)


@pytest.mark.parametrize("action", [Move(3, (4, 5)), Fire(1, 7), EndTurn()])
def test_actions_round_trip_through_json(action):
    assert action_from_json(action_to_json(action)) == action


@pytest.mark.parametrize(
    "bad", [[], ["jump"], ["move", 1, 2], ["fire", 1, "2"], ["move", 1, True, 3], "end_turn"]
)
def test_malformed_actions_are_refused(bad):
    with pytest.raises(ValueError):
        action_from_json(bad)


def test_replaying_the_history_reaches_the_same_state_and_later_dice():
    played = random_game(seed=4, steps=150)
    again = replay(Game(played.map, seed=played.seed), list(played.history))
    assert state_digest(again) == state_digest(played)
    # Continuing rolls exactly what the uninterrupted game rolls next.
    assert [again.rng.random() for _ in range(5)] == [played.rng.random() for _ in range(5)]


def crossfire_when_pinned() -> Game:
    """Crossfire as it was when the digest below was pinned (East's sniper moved after 0.14.0;
    the middle wall (10, 10) went and both score limits became 7 after 0.17.0; West's sniper
    and southern plain moved and the plaza's west corners became cover after 0.25.0): the digest
    pins what it covers, not the bundled map's latest starts and tiles."""
    data = json.loads(CROSSFIRE.read_text(encoding="utf-8"))
    data["units"][0] = ["1", "sniper", 10, 3]
    data["units"][3] = ["1", "basic", 17, 2]
    data["units"][5] = ["2", "sniper", 10, 18]
    data["tiles"][10][10] = "wall"
    data["tiles"][7][8] = data["tiles"][13][8] = "level"
    data["score_limit"] = {"1": 8, "2": 7}
    return Game(parse_map(data, "crossfire as pinned"), seed=4)


def test_the_digest_of_a_known_game_never_changes():
    """Saves store this digest: a change to what it covers would refuse every older save."""
    digest = state_digest(play_randomly(crossfire_when_pinned(), 150, 4))
    assert digest == "65010150da5c907c66c0ffcbd22a7c3860be52edf640c74aeaecb0f890a3cc1a"


def test_the_digest_changes_with_the_state():
    game = random_game(seed=2, steps=0)
    before = state_digest(game)
    game.apply(game.legal_actions()[0])
    assert state_digest(game) != before


def test_a_history_that_is_no_longer_legal_names_the_action():
    game = Game(load_map(CROSSFIRE), seed=1)
    with pytest.raises(IllegalAction, match=r"action 1 \(\['fire', 0, 0\]\)"):
        replay(game, [EndTurn(), Fire(0, 0)])


def test_rolls_count_every_die_roll():
    game = random_game(seed=9, steps=400)
    from laser_flag.engine.events import Shot

    replayed = Game(game.map, seed=game.seed)
    shots = 0
    for action in game.history:
        shots += sum(isinstance(e, Shot) for e in replayed.apply(action))
    assert replayed.rolls == shots > 0
