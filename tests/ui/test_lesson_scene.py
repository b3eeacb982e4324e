"""Learn to play through the real main loop: the menu opens the lesson, posted clicks and keys play
it to the win, each step refuses a wrong action with its hint, and the win is kept in
settings.json; Esc leaves at any moment."""

from __future__ import annotations

import json

import pygame

from laser_flag.engine.actions import EndTurn, Fire, Move
from laser_flag.ui.layout import MARGIN
from laser_flag.ui.lesson import FINISHED, NO_UNDO, STEPS, TRAINER, YOU
from laser_flag.ui.scenes.lesson_scene import LessonScene
from laser_flag.ui.scenes.menu_scene import MenuScene
from laser_flag.ui.settings import MIN_SIZE, load_settings

from .conftest import centre, click, frames, menu_button, open_menu, press, settle


def open_lesson(app, tmp_path) -> tuple[MenuScene, LessonScene]:
    app.settings = load_settings(tmp_path / "settings.json")
    menu = open_menu(app, tmp_path)
    assert menu_button(menu, "learn").label == "Learn to play"
    click(app, menu_button(menu, "learn").rect.center)
    assert isinstance(app.top, LessonScene)
    return menu, app.top


def do_step(app, scene: LessonScene) -> None:
    """The step done as a player would: clicks on the board, E, or H; then everything plays."""
    step, game = scene.lesson.step, scene.game
    match step.action:
        case Move(unit, to):
            click(app, centre(scene, game.unit(unit).pos))
            click(app, centre(scene, to))
        case Fire(unit, target):
            click(app, centre(scene, game.unit(unit).pos))
            click(app, centre(scene, game.unit(target).pos))  # aim: the to-hit shows
            assert scene.selection.target == target
            assert "/36" in " ".join(scene.panel_view().card_lines)  # the breakdown to read
            click(app, centre(scene, game.unit(target).pos))  # fire
        case EndTurn():
            press(app, pygame.K_e)
        case None:
            press(app, pygame.K_h)
    settle(app, scene)
    for _ in range(400):
        if not scene.lesson.replying and scene.turns.playback is None:
            return
        settle(app, scene)
        frames(app)
    raise AssertionError("the trainer did not finish its script")


def refuse_wrong(app, scene: LessonScene) -> None:
    """E where the step wants something else; a move where it wants E (the unit's AP allowing):
    the step's hint, and nothing played."""
    step, played = scene.lesson.step, len(scene.game.history)
    click(app, centre(scene, scene.game.unit(YOU).pos))
    if step.action != EndTurn():
        press(app, pygame.K_e)
        assert scene.turns.message == step.hint
    elif scene.selection.reachable:
        click(app, centre(scene, min(scene.selection.reachable)))
        assert scene.turns.message == step.hint
    assert len(scene.game.history) == played and scene.lesson.step is step


def test_the_whole_lesson_plays_to_the_win_and_is_remembered(app, tmp_path):
    menu, scene = open_lesson(app, tmp_path)
    for index in range(len(STEPS)):
        assert scene.lesson.index == index
        refuse_wrong(app, scene)
        do_step(app, scene)
    assert scene.game.winner == "1" and scene.lesson.finished
    assert app.top is scene  # the lesson stays, saying it is complete
    assert scene.lesson.refusal(EndTurn()) == FINISHED  # what the prompt box says now
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["settings"]["tutorial_done"] is True
    press(app, pygame.K_ESCAPE)
    assert app.top is menu
    assert menu_button(menu, "learn").label == "Learn to play · done"


def test_the_set_dice_and_the_trainer_play_as_the_prompts_say(app, tmp_path):
    _, scene = open_lesson(app, tmp_path)
    while scene.lesson.step.action != Fire(YOU, TRAINER):
        do_step(app, scene)
    assert "dice are set" in scene.lesson.step.prompt
    do_step(app, scene)
    assert scene.game.unit(TRAINER).laser == "deactivated"
    assert any("HIT" in line for line in scene.session.log)


def test_esc_leaves_the_lesson_for_the_menu_and_nothing_is_remembered(app, tmp_path):
    menu, scene = open_lesson(app, tmp_path)
    do_step(app, scene)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.turns.message == NO_UNDO and scene.game.unit(YOU).pos == (5, 3)
    press(app, pygame.K_ESCAPE)
    assert app.top is menu
    assert not app.settings.tutorial_done
    assert menu_button(menu, "learn").label == "Learn to play"


def test_the_prompt_box_sits_under_the_board_on_the_smallest_window(app, tmp_path):
    _, scene = open_lesson(app, tmp_path)
    for size in (MIN_SIZE, app.screen.get_size()):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        frames(app)
        lay = scene.layout()
        room = scene.prompt_room(lay.panel.x - 2 * MARGIN)  # the longest step's box and its gap
        assert lay.board.bottom + room <= app.screen.get_height()
        assert lay.panel.bottom == app.screen.get_height() - MARGIN  # the panel keeps its height
