"""The hit map follows a game's events: a hit adds one to the shooter's tile and one to the
tile the target stood on, snap shots included (the target then stands at its destination)."""

from __future__ import annotations

from laser_flag.engine import EndTurn, Fire, Move
from laser_flag.lab.hitmap import HitMap, HitRecorder
from tests.engine.conftest import HIT, MISS, game_on

OPEN = [
    ".....",
    ".....",
    ".....",
    ".....",
    "1...2",
]


def test_a_hit_counts_where_it_was_fired_from_and_where_its_target_stood():
    game, _ = game_on(OPEN, [("1", "sniper", 4, 0), ("2", "basic", 0, 4)], HIT, MISS)
    recorder = HitRecorder(game.map)
    recorder(game.apply(Fire(0, 1)))  # a hit: the target loses its snap shots
    recorder(game.apply(Fire(0, 1)))  # a miss is not on the map
    assert recorder.hits.to_json() == {"fired_from": [[4, 0, 1]], "target_at": [[0, 4, 1]]}


def test_a_snap_shot_hit_counts_the_mover_at_its_destination():
    game, _ = game_on(OPEN, [("1", "basic", 4, 0), ("2", "basic", 0, 4)], HIT)
    recorder = HitRecorder(game.map)
    recorder(game.apply(Move(0, (2, 2))))  # team 2 starts on watch and sees (2, 2)
    assert recorder.hits.to_json() == {"fired_from": [[0, 4, 1]], "target_at": [[2, 2, 1]]}


def test_a_unit_that_moved_earlier_is_found_where_it_went():
    game, _ = game_on(OPEN, [("1", "basic", 4, 0), ("2", "basic", 0, 4)], MISS, HIT)
    recorder = HitRecorder(game.map)
    recorder(game.apply(Move(0, (3, 0))))  # a snap shot misses
    recorder(game.apply(EndTurn()))
    recorder(game.apply(Fire(1, 0)))
    assert recorder.hits.to_json() == {"fired_from": [[0, 4, 1]], "target_at": [[3, 0, 1]]}


def test_hit_maps_add_up_tile_by_tile():
    total, one = HitMap(), HitMap()
    one.fired_from[(1, 2)] += 2
    one.target_at[(3, 4)] += 1
    total.add(one)
    total.add(one)
    assert total.to_json() == {"fired_from": [[1, 2, 4]], "target_at": [[3, 4, 2]]}
