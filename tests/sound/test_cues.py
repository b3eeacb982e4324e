"""Which sounds each engine event makes (laser_flag.sound.cues)."""

from __future__ import annotations

import pytest

from laser_flag.engine.events import (
    Disqualified,
    GameOver,
    LaserChanged,
    Moved,
    Scored,
    Shot,
    TurnEnded,
)
from laser_flag.engine.mapfile import parse_map
from laser_flag.sound.cues import SOUND_NAMES, classes_of, sounds_for

CLASSES = {0: "basic", 1: "sniper"}


@pytest.fixture()
def gm():
    tiles = [["level"] * 5 for _ in range(5)]
    tiles[2][2] = "elevated"
    tiles[2][3] = "elevated"
    return parse_map({"tiles": tiles, "units": [["1", "basic", 0, 0], ["2", "sniper", 4, 4]]})


def shot(shooter: int, hit: bool, snap: bool = False) -> Shot:
    return Shot(shooter, 1 - shooter, (6, 5), 7, hit, snap)


def test_a_shot_sounds_its_beam_then_hit_or_miss():
    assert sounds_for(shot(0, hit=True), CLASSES) == ["laser_shot", "hit"]
    assert sounds_for(shot(0, hit=False), CLASSES) == ["laser_shot", "miss"]


def test_the_sniper_sounds_different():
    assert sounds_for(shot(1, hit=True), CLASSES) == ["sniper_shot", "hit"]
    assert sounds_for(shot(1, hit=True)) == ["laser_shot", "hit"]  # classes unknown


def test_a_snap_shot_is_announced():
    assert sounds_for(shot(1, hit=False, snap=True), CLASSES) == ["snap_alert", "snap_shot", "miss"]


def test_a_move_steps_once_per_tile_and_climbs_onto_cover(gm):
    walk = Moved(0, ((2, 0), (2, 1), (2, 2), (2, 3), (2, 4)))
    assert sounds_for(walk, CLASSES, gm) == ["step", "climb", "step", "step"]
    assert sounds_for(walk) == ["step"] * 4


@pytest.mark.parametrize(
    ("laser", "sound"),
    [("deactivated", "laser_off"), ("charging", "recharging"), ("charged", "charged")],
)
def test_laser_changes(laser, sound):
    assert sounds_for(LaserChanged(0, laser)) == [sound]


def test_turns_and_game_end():
    assert sounds_for(TurnEnded("1", "2", 2, 1)) == ["turn_change"]
    assert sounds_for(GameOver("2", "score")) == ["victory"]
    assert sounds_for(GameOver("draw", "turn limit")) == ["draw"]


def test_score_and_disqualification_add_nothing_to_the_hit():
    assert sounds_for(Scored("1", 3)) == []
    assert sounds_for(Disqualified(0)) == []


def test_every_sound_named_is_a_known_sound(gm):
    events = [shot(0, True), shot(1, False, True), Moved(0, ((2, 1), (2, 2))),
              LaserChanged(0, "charging"), TurnEnded("1", "2", 2, 1), GameOver("1", "score")]
    for event in events:
        assert set(sounds_for(event, CLASSES, gm)) <= set(SOUND_NAMES)


def test_something_else_is_refused():
    with pytest.raises(TypeError, match="not an engine event"):
        sounds_for("boom")


def test_the_end_is_a_defeat_only_when_a_bot_beats_the_people():
    assert sounds_for(GameOver("2", "score")) == ["victory"]  # hot-seat: someone here won
    assert sounds_for(GameOver("2", "score"), humans=frozenset("12")) == ["victory"]
    assert sounds_for(GameOver("1", "score"), humans=frozenset("1")) == ["victory"]
    assert sounds_for(GameOver("2", "score"), humans=frozenset("1")) == ["defeat"]
    assert sounds_for(GameOver("draw", "turn_limit"), humans=frozenset("1")) == ["draw"]


def test_classes_of_names_each_unit_by_its_place_in_the_map(gm):
    assert classes_of(gm) == CLASSES
    assert sounds_for(shot(1, hit=False), classes_of(gm))[0] == "sniper_shot"
