"""A finished game's story: each unit's shots, hits, hits taken and snap shots, and the turning
point (the hit after which the winner led to the end; its last hit when it never led; the last
levelling hit of a draw). On recorded events, and on the victory screen through the real loop."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import pygame
import pytest

from laser_flag.engine.events import GameOver, Scored, Shot, TurnEnded
from laser_flag.engine.mapfile import parse_map
from laser_flag.play.game_story import turning_point, turning_point_text, unit_stats
from laser_flag.play.log_text import Roster
from laser_flag.play.session import Session
from laser_flag.ui.ending.victory_scene import VictoryScene
from laser_flag.ui.replay.replay_scene import ReplayScene

from .conftest import SMALL_MAP, centre, click, frames, press, settle, start_game

GM = parse_map(SMALL_MAP, "small.json")  # units 0, 1 of team 1; 2, 3 of team 2


@dataclass
class Final:
    """The end of a recorded game as the story reads it."""

    winner: str
    gone: set[int] = field(default_factory=set)
    map = GM

    def unit(self, uid: int):
        return None if uid in self.gone else uid


class Recorded:
    """A replay index's events, one list per action, with the turn each action left."""

    def __init__(self, winner: str, *actions: list, gone: set[int] | None = None) -> None:
        self.events = [[], *actions]
        self.turns = [1] * len(self.events)
        self.final = Final(winner, gone or set())

    @property
    def last(self) -> int:
        return len(self.events) - 1

    def game_at(self, index: int) -> Final:
        assert index == self.last
        return self.final


def hit(shooter: int, target: int, team: str, score: int, snap: bool = False) -> list:
    shot = Shot(shooter, target, (5, 4), 8, True, snap, probability=Fraction(15, 36))
    return [shot, Scored(team, score)]


def miss(shooter: int, target: int) -> list:
    return [Shot(shooter, target, (1, 1), 8, False, False)]


def test_each_units_shots_hits_taken_and_snap_shots():
    story = Recorded("1", hit(0, 2, "1", 1), miss(3, 0), hit(3, 0, "2", 1, snap=True),
                     hit(1, 2, "1", 2), gone={2})
    stats = {u.uid: u for u in unit_stats(story)}
    assert (stats[0].shots, stats[0].hits, stats[0].hits_taken) == (1, 1, 1)
    assert (stats[3].shots, stats[3].hits, stats[3].snap_shots) == (2, 1, 1)
    assert (stats[2].hits_taken, stats[2].on_board) == (2, False)
    assert (stats[1].shots, stats[1].hits, stats[1].hits_taken) == (1, 1, 0)
    assert stats[1].on_board


def test_the_turning_point_is_the_hit_after_which_the_winner_led_to_the_end():
    story = Recorded("1", hit(0, 2, "1", 1), hit(3, 0, "2", 1), hit(3, 1, "2", 2),
                     hit(0, 3, "1", 2), hit(1, 3, "1", 3), hit(3, 1, "2", 3 - 0),
                     hit(0, 2, "1", 4))
    # 1-0, 1-1, 1-2, 2-2, 3-2 (ahead from here), 3-3 (level: lost), 4-3 (ahead for good)
    point = turning_point(story)
    assert point.at == 7 and point.scores == {"1": 4, "2": 3}
    roster = Roster(GM, {"1": "Alice", "2": "Bob"})
    text = turning_point_text(point, roster)
    assert text.startswith("Round 1: Alice's Plain hit Bob's Scout, rolling 9 where it needed 8")
    assert "15/36 = 41.7%" in text and "Alice 4, Bob 3, and Alice led from then on." in text


def test_a_lead_taken_once_and_kept_is_the_first_hit_of_it():
    story = Recorded("2", hit(3, 0, "2", 1), hit(0, 2, "1", 1), hit(3, 0, "2", 2),
                     hit(2, 1, "2", 3), hit(1, 3, "1", 2))
    assert turning_point(story).at == 3  # 2-1 up, and never caught after


def test_a_winner_that_never_led_has_its_last_hit_as_the_turning_point():
    story = Recorded("2", hit(0, 2, "1", 1), hit(3, 0, "2", 1), hit(1, 3, "1", 2),
                     hit(2, 1, "2", 2), [TurnEnded("2", "1", 2, 1), GameOver("2", "checkmate")])
    point = turning_point(story)
    assert point.at == 4 and "Bob's last hit before the win" in turning_point_text(
        point, Roster(GM, {"1": "Alice", "2": "Bob"}))


def test_a_draw_turns_on_the_last_levelling_hit_and_no_hits_on_nothing():
    story = Recorded("draw", hit(0, 2, "1", 1), hit(3, 0, "2", 1), hit(0, 3, "1", 2),
                     hit(2, 0, "2", 2), miss(0, 2))
    assert turning_point(story).at == 4
    assert turning_point(Recorded("1", miss(0, 2), [GameOver("1", "elimination")])) is None
    assert turning_point(Recorded("1", hit(3, 0, "2", 1))) is None  # the winner hit nothing


# ----- on the victory screen, through the real loop ------------------------------------------


def win_in_two(app) -> VictoryScene:
    """Alice's Sniper hits Bob's Scout twice and wins 2-0: seed 3's dice (seeded, not forced:
    the victory screen reads the game's replay, which rolls the seed's dice again)."""
    data = dict(SMALL_MAP, score_limit={"1": 2, "2": 2})
    scene = start_game(app, Session.start(parse_map(data, "small.json"), seed=3))
    for _ in range(2):
        click(app, centre(scene, (6, 2)))
        click(app, centre(scene, (1, 5)))
        click(app, centre(scene, (1, 5)))
        settle(app, scene)
    frames(app)
    assert isinstance(app.top, VictoryScene)
    return app.top


def victory_button(scene: VictoryScene, name: str):
    return next(b for b in scene.buttons() if b.name == name)


def test_the_victory_screen_counts_each_unit_and_names_the_turning_point(app):
    victory = win_in_two(app)
    sniper = next(u for u in victory.units if u.uid == 1)
    scout = next(u for u in victory.units if u.uid == 2)
    assert (sniper.shots, sniper.hits, scout.hits_taken) == (2, 2, 2)
    assert victory.turning.at == 1  # Alice led from the first hit
    assert victory.turning_lines(900)[0].startswith("Round 1: Alice's Sniper hit Bob's Scout")


def test_watch_replay_from_the_victory_screen_and_back(app):
    victory = win_in_two(app)
    click(app, victory_button(victory, "replay").rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.player.index == 0 and replay.player.last == len(victory.session.game.history)
    assert replay.recording.path is None
    press(app, pygame.K_ESCAPE)
    assert app.top is victory


@pytest.mark.parametrize("how", ["button", "key"])
def test_the_turning_point_opens_the_replay_playing_that_shot(app, how):
    victory = win_in_two(app)
    if how == "button":
        click(app, victory_button(victory, "turning").rect.center)
    else:
        press(app, pygame.K_t)
    replay = app.top
    assert replay.player.index == victory.turning.at
    assert replay.player.playback is not None  # the shot plays as it happened
    assert any(isinstance(e, Shot) for e in replay.player.playback.events)
