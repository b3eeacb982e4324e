"""Per-map caches go when the map goes: nothing module-level keeps a map, its move tables or the
bots' base distances alive after a game on it is over."""

from __future__ import annotations

import gc
import json
import weakref
from pathlib import Path

import pytest

from laser_flag.bots import make_bot
from laser_flag.engine import Game, parse_map

MAP = Path(__file__).resolve().parents[2] / "maps" / "duel.json"


@pytest.mark.parametrize("name", ["greedy", "planner"])
def test_a_map_is_freed_once_its_game_and_bot_are_gone(name):
    gm = parse_map(json.loads(MAP.read_text()), str(MAP))
    game, bot = Game(gm, seed=3), make_bot(name, 3)
    for _ in range(6):
        game.apply(bot.choose(game))
    ref = weakref.ref(gm)
    del gm, game, bot
    gc.collect()
    assert ref() is None
