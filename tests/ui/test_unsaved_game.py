""""Saved" only when the last save worked: a game whose saves fail says so, and closing the window
or leaving for the menu asks first, offering to try again or to save it elsewhere."""

from __future__ import annotations

import pygame
import pytest

from laser_flag import saves
from laser_flag.engine.mapfile import parse_map
from laser_flag.engine.record import state_digest
from laser_flag.play.lesson import Lesson
from laser_flag.play.lessons import CHAPTERS
from laser_flag.play.session import Session
from laser_flag.ui import tk_dialogs
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.game.handoff_scene import HandOffScene
from laser_flag.ui.game.unsaved_scene import UnsavedScene
from laser_flag.ui.learn.lesson_scene import LessonScene
from laser_flag.ui.loop import BACKGROUND, VEIL
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.window import say_saved

from .conftest import (
    WALLED,
    card,
    centre,
    click,
    end_turn,
    frames,
    panel_button,
    press,
    settle,
    start_game,
)
from .test_every_game_kept import move


def close_window(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app)


def button(scene: UnsavedScene, name: str):
    return next(b for b in scene.buttons() if b.name == name)


@pytest.fixture
def unsaved(app, data_dir) -> GameScene:
    """A game on a data folder that is a file: its first action cannot be saved."""
    data_dir.write_text("not a folder", encoding="utf-8")
    scene = start_game(app, Session.start(parse_map(WALLED, "walled.json"), seed=4))
    app.on_quit.append(lambda: say_saved(app))  # as laser-flag's main sets it up
    move(app, scene, (5, 1), (4, 1))
    assert scene.turns.message.startswith("Not saved: Not a directory")
    assert scene.turns.message in card(scene)[1]  # where the player reads it
    return scene


def test_closing_an_unsaved_game_asks_and_quitting_anyway_says_not_saved(app, unsaved, capsys):
    close_window(app)
    assert app.running and isinstance(app.top, UnsavedScene)
    click(app, button(app.top, "discard").rect.center)
    assert not app.running
    out, err = capsys.readouterr()
    assert "Saved" not in out and err.startswith("Not saved: Not a directory")


def test_the_question_shows_the_game_behind_it_dimmed(app, unsaved):
    corner = centre(unsaved, (0, 0))  # a tile the question's box leaves in view
    game_pixel = app.screen.get_at(corner)[:3]
    close_window(app)
    assert not app.top.box().collidepoint(corner)
    shown, alpha = app.screen.get_at(corner)[:3], VEIL[3] / 255
    dimmed = [round(c * (1 - alpha) + v * alpha) for c, v in zip(game_pixel, VEIL[:3], strict=True)]
    assert game_pixel != BACKGROUND
    assert all(abs(a - b) <= 2 for a, b in zip(shown, dimmed, strict=True))


def test_closing_twice_closes(app, unsaved):
    close_window(app)
    close_window(app)
    assert not app.running


def test_save_elsewhere_writes_the_game_there_and_then_closes(app, unsaved, tmp_path, capsys,
                                                               monkeypatch):
    target = tmp_path / "usb" / "walled.json"
    target.parent.mkdir()
    asked = []
    monkeypatch.setattr(tk_dialogs, "ask_save_file",
                        lambda folder, name: (asked.append(name), str(target))[1])
    close_window(app)
    press(app, pygame.K_s)
    assert asked and asked[0].startswith("walled-") and not app.running
    assert state_digest(saves.load_save(target).game) == state_digest(unsaved.game)
    assert capsys.readouterr().out.strip() == f"Saved as {target}."


def test_no_file_chosen_keeps_asking(app, unsaved, monkeypatch):
    monkeypatch.setattr(tk_dialogs, "ask_save_file", lambda folder, name: None)
    close_window(app)
    click(app, button(app.top, "elsewhere").rect.center)
    assert app.running and isinstance(app.top, UnsavedScene)
    assert "No file chosen" in app.top.note


def test_back_to_the_game_and_try_again_once_the_folder_is_there(app, unsaved, data_dir,
                                                                 capsys):
    close_window(app)
    press(app, pygame.K_ESCAPE)
    assert app.top is unsaved and app.running
    close_window(app)
    press(app, pygame.K_r)  # still a file where the folder should be
    assert isinstance(app.top, UnsavedScene) and "still not saved" in app.top.note
    data_dir.unlink()
    press(app, pygame.K_r)
    assert not app.running
    assert capsys.readouterr().out.startswith("Saved: Continue (in the menu of laser-flag)")
    path = unsaved.session.keeper.path
    assert state_digest(saves.load_save(path).game) == state_digest(unsaved.game)


def test_leaving_for_the_menu_asks_too(app, unsaved):
    menu = panel_button(unsaved, "menu").rect.center
    click(app, menu)
    assert isinstance(app.top, UnsavedScene) and not app.top.quitting
    assert button(app.top, "discard").label == "Leave without saving"
    press(app, pygame.K_ESCAPE)
    assert app.top is unsaved
    click(app, menu)
    click(app, button(app.top, "discard").rect.center)
    assert isinstance(app.top, MenuScene) and app.running


def test_a_saved_game_closes_without_a_question_saying_where(app, capsys):
    scene = start_game(app, Session.start(parse_map(WALLED, "walled.json"), seed=4))
    app.on_quit.append(lambda: say_saved(app))
    move(app, scene, (5, 1), (4, 1))
    close_window(app)
    assert not app.running
    assert capsys.readouterr().out == (
        "Saved: Continue (in the menu of laser-flag) resumes this turn.\n")


def test_the_lesson_is_never_said_to_be_saved(app, capsys):
    """It is no game to continue: closing it once printed "Saved: Continue ..." all the same."""
    lesson = Lesson(CHAPTERS[0])  # the basics: its first step is a move
    app.push(MenuScene())
    app.push(LessonScene(lesson, lesson.session()))
    app.on_quit.append(lambda: say_saved(app))
    scene = app.top
    first, to = lesson.step.highlight
    click(app, centre(scene, first))
    click(app, centre(scene, to))
    settle(app, scene)
    assert scene.game.history
    close_window(app)
    assert not app.running and capsys.readouterr() == ("", "")


def test_the_hand_offs_menu_button_asks_too(app, data_dir):
    """Two players under fog: the cover between turns has its own way to the menu."""
    data_dir.write_text("not a folder", encoding="utf-8")
    session = Session.start(parse_map(WALLED, "walled.json"), seed=4, fog=True)
    scene = start_game(app, session)
    move(app, scene, (5, 1), (4, 1))
    end_turn(app)
    assert isinstance(app.top, HandOffScene)
    click(app, next(b for b in app.top.buttons() if b.name == "menu").rect.center)
    assert isinstance(app.top, UnsavedScene) and not app.top.quitting
