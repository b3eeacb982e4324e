"""The game screen's Menu button says, in its tooltip, what leaving does to this game: kept
(Continue resumes it) for a game saved here, nothing kept for the editor's play-test and a
lesson, and what happens to a network game (tests/remote/test_network_screens.py). Through
the real loop: the pointer moved onto the button, the tooltip drawn."""

from __future__ import annotations

import json

from laser_flag.app import first_session, parse_args
from laser_flag.play.lesson import LESSON_ON_LEAVING
from laser_flag.play.turns import KEPT_ON_LEAVING, PLAY_TEST_ON_LEAVING
from laser_flag.ui.game.game_scene import GameScene
from tests import pixels

from .conftest import WALLED, move_mouse, panel_button, small_session, start_game
from .test_lesson_scene import open_chapter, open_chapters


def menu_tooltip(app, scene: GameScene) -> str:
    """The Menu button's tooltip, once the pointer is on it and it is drawn over the panel."""
    menu = panel_button(scene, "menu")
    above = menu.rect.move(0, -menu.rect.h).inflate(-menu.rect.w // 2, -menu.rect.h // 2)
    move_mouse(app, (4, 4))  # away from it: no tooltip
    before = pixels.colours_in(app.screen, above)
    move_mouse(app, menu.rect.center)
    assert pixels.colours_in(app.screen, above) != before, "no tooltip drawn"
    return panel_button(scene, "menu").hint


def test_a_game_saved_here_is_kept_when_left_for_the_menu(app):
    scene = start_game(app, small_session())
    assert menu_tooltip(app, scene) == KEPT_ON_LEAVING
    assert "Continue resumes it" in KEPT_ON_LEAVING


def test_a_play_test_says_it_is_not_kept(app, tmp_path):
    path = tmp_path / "trial.json"
    path.write_text(json.dumps(WALLED), encoding="utf-8")
    scene = start_game(app, first_session(parse_args(["--play-test", "--map", str(path)])))
    assert menu_tooltip(app, scene) == PLAY_TEST_ON_LEAVING


def test_a_lesson_says_it_is_not_kept(app, tmp_path):
    __, chapters = open_chapters(app, tmp_path)
    scene = open_chapter(app, chapters, 0)
    assert menu_tooltip(app, scene) == LESSON_ON_LEAVING
