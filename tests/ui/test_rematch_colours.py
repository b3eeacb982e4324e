"""A team's colour is tied to its name everywhere: after "Rematch, sides swapped" the team called
Bob plays team 1's side in Bob's colours (discs, bases, score box, the hand-off, the victory
screen), and a save keeps it so."""

from __future__ import annotations

import json
import re

import pygame
import pytest

from laser_flag import saves
from laser_flag.board.palette import DARK_BOARD, contrast, team_colors
from laser_flag.engine.game_map import TeamLook
from laser_flag.engine.mapfile import parse_map
from laser_flag.play.session import Session
from laser_flag.ui.ending.team_tint import team_tint
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.game.handoff_scene import HandOffScene
from tests.pixels import colours_in, disc_colour

from .conftest import SMALL_MAP, frames, press
from .test_victory_and_app import button_xy, click, win_for_alice

ALICE_LOOK, BOB_LOOK = (30, 30, 30), (180, 40, 180)  # the default colours of teams 1 and 2


def test_after_a_swapped_rematch_each_name_keeps_its_colours(app, data_dir):
    victory = win_for_alice(app)
    click(app, button_xy(victory, "rematch"))
    scene = app.top
    assert isinstance(scene, GameScene)
    assert scene.session.names == {"1": "Bob", "2": "Alice"}
    assert scene.session.looks == {"1": "2", "2": "1"}
    frames(app)
    assert disc_colour(app.screen, scene, (5, 1)) == BOB_LOOK  # team 1's unit, Bob's: his colour
    assert disc_colour(app.screen, scene, (1, 5)) == ALICE_LOOK
    palette = scene.palette()
    assert palette.team("1").main == BOB_LOOK and palette.team("2").main == ALICE_LOOK
    box = scene.score_rects()["1"]  # Bob's score box: Bob's disc
    assert BOB_LOOK in colours_in(app.screen, pygame.Rect(box.topleft, (40, 40)))


def test_a_save_keeps_whose_colours_each_team_wears(app, data_dir):
    session = Session.start(parse_map(SMALL_MAP, "small.json"), seed=2).rematch(True, seed=3)
    loaded = saves.load_save(saves.write_new_save(session.game, session.teams()))
    assert loaded.teams["looks"] == {"1": "2", "2": "1"}
    resumed = Session.resume(loaded)
    assert resumed.palette().team("1").main == BOB_LOOK


def test_the_hand_off_is_painted_in_the_colours_the_team_wears_on_the_board(app):
    session = Session.start(parse_map(SMALL_MAP, "small.json"), seed=2, fog=True)
    swapped = session.rematch(True, seed=3)  # Bob now plays team 1, Alice team 2
    app.push(GameScene(swapped))
    frames(app)
    press(app, pygame.K_e)
    press(app, pygame.K_e)
    assert isinstance(app.top, HandOffScene) and app.top.name == "Alice"
    frames(app)
    background, _ = team_tint(swapped.palette().team("2"))
    assert background == team_tint(Session.start(swapped.gm, seed=1).palette().team("1"))[0]
    assert tuple(app.screen.get_at((4, app.screen.get_height() // 2)))[:3] == background


def test_a_hand_off_and_victory_title_is_in_the_discs_colour_not_the_second_one():
    """North's discs are magenta, its second colour teal: its titles are magenta (lit for the
    dark screen), never teal."""
    north = team_colors(TeamLook("North", BOB_LOOK, (0, 200, 200), "black"))
    background, title = team_tint(north)
    magenta_ish = title[0] > title[1] and title[2] > title[1]
    assert magenta_ish and background[0] > background[1] and background[2] > background[1]
    assert contrast(title, DARK_BOARD) >= 4.5


@pytest.mark.parametrize("looks, words", [
    ({"1": "1", "2": "1"}, "teams.looks: each team must wear different colours"),
    ({"1": "2"}, 'teams.looks: must give both teams'),
    ({"1": "2", "2": "3"}, "teams.looks.2: must be one of 1, 2"),
    (["2", "1"], "teams.looks: must be an object"),
])
def test_a_save_whose_colours_make_no_sense_is_refused_and_left_as_it_was(data_dir, looks, words):
    session = Session.start(parse_map(SMALL_MAP, "small.json"), seed=2)
    path = saves.write_new_save(session.game, session.teams())
    data = json.loads(path.read_text(encoding="utf-8"))
    data["teams"]["looks"] = looks
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(saves.SaveError, match=re.escape(words)):
        saves.load_save(path)
    assert path.read_bytes() == before
