"""Rule values at the edge of their ranges cannot hang the game."""

from __future__ import annotations

import pytest

from laser_flag.engine import Game, movement
from laser_flag.engine.mapfile import MapError, parse_map
from laser_flag.engine.ruleset import CLASSES, RANGES

from .test_corpus import finishes

SIDE = 21
OPEN_MAP = {
    "tiles": [["level"] * SIDE for _ in range(SIDE)],
    "units": [["1", "scout", 0, 0], ["2", "grunt", SIDE - 1, SIDE - 1]],
}
FASTEST = RANGES["speed"][1]


def test_the_move_search_stops_when_nothing_is_left_whatever_the_speed():
    gm = parse_map(OPEN_MAP)
    found = {}
    for speed in (FASTEST, 10**12):
        err = finishes(lambda s=speed: found.update(
            {s: movement.search(gm, (0, 0), s, False, {(SIDE - 1, SIDE - 1)})}))
        assert err is None
    every_free_tile = SIDE * SIDE - 2  # not its own tile, not the enemy's
    assert len(found[FASTEST]) == len(found[10**12]) == every_free_tile


def test_a_game_at_the_fastest_allowed_speed_lists_its_actions():
    data = {**OPEN_MAP, "rules": {c: {"speed": FASTEST} for c in CLASSES}}
    game = Game(parse_map(data), seed=1)
    moves = [a for a in game.legal_actions() if hasattr(a, "to")]
    assert len(moves) == SIDE * SIDE - 2


@pytest.mark.parametrize("speed", [FASTEST + 1, 10**8, 10**12])
def test_a_map_asking_for_more_speed_is_refused_naming_the_range(speed):
    data = {**OPEN_MAP, "rules": {"scout": {"speed": speed}}}
    with pytest.raises(MapError, match=r"rules\.scout\.speed: must be 0 to 99"):
        parse_map(data, "fast.json")
