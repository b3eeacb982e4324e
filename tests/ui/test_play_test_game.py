"""The map editor's play-test (`--play-test --map`) through the real loop: the game plays as
any other but is written nowhere, so the menu's Continue and the Load screen keep to the
player's own games, and every word about saving it is true."""

from __future__ import annotations

import json

import pygame

from laser_flag.app import first_session, parse_args
from laser_flag.play.save_keeper import NOT_KEPT
from laser_flag.save_index import list_saves
from laser_flag.ui.menu.menu_scene import continue_note
from laser_flag.window import say_saved

from .conftest import (
    WALLED,
    centre,
    click,
    frames,
    menu_button,
    open_menu,
    panel_button,
    press,
    saves_read,
    settle,
    start_game,
)


def play_test(app, tmp_path):
    path = tmp_path / "trial.json"
    path.write_text(json.dumps(WALLED), encoding="utf-8")
    menu = open_menu(app, tmp_path)
    scene = start_game(app, first_session(parse_args(["--play-test", "--map", str(path)])))
    click(app, centre(scene, (5, 1)))
    click(app, centre(scene, (4, 1)))
    settle(app, scene)
    assert len(scene.game.history) == 1
    return menu, scene


def test_a_play_test_left_for_the_menu_is_not_offered_to_continue(app, tmp_path):
    menu, scene = play_test(app, tmp_path)
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    assert scene.turns.message == NOT_KEPT
    click(app, panel_button(scene, "menu").rect.center)
    assert app.top is menu
    saves_read(app)
    assert list_saves()[0] == []
    assert continue_note(app.saves).startswith("Nothing to continue")
    assert not menu_button(menu, "continue").enabled


def test_closing_a_play_test_says_nothing_of_a_save(app, tmp_path, capsys):
    _, scene = play_test(app, tmp_path)
    app.on_quit.append(lambda: say_saved(app))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app)
    assert not app.running
    assert capsys.readouterr().out == ""
    assert scene.session.keeper.path is None
