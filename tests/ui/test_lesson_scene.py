"""Learn to play through the real main loop: the menu opens the chapters, posted clicks and keys
play every chapter to its win, each step refuses a wrong action with its hint beside the prompt,
the trainer's moves wait to be seen, the hand-off covers the board in the fog chapter, and each
chapter won is kept in settings.json and counted on the menu; Esc leaves at any moment."""

from __future__ import annotations

import json

import pygame
import pytest

from laser_flag.engine.actions import EndTurn, Fire, Move
from laser_flag.play.lesson import NEXT, NO_UNDO, WATCH
from laser_flag.play.lessons import CHAPTERS
from laser_flag.play.lessons.basics import YOU
from laser_flag.ui.game.handoff_scene import HandOffScene
from laser_flag.ui.game.layout import MARGIN
from laser_flag.ui.learn.lesson_scene import LessonScene
from laser_flag.ui.learn.lessons_scene import LessonsScene, progress
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.settings import MIN_SIZE, load_settings
from laser_flag.ui.widgets import BAD
from tests.fast import FAST_CHAPTERS, fast_unless
from tests.pixels import colours_in

from .conftest import centre, click, frames, menu_button, open_menu, press

TOTAL = len(CHAPTERS)


def open_chapters(app, tmp_path) -> tuple[MenuScene, LessonsScene]:
    app.settings = load_settings(tmp_path / "settings.json")
    menu = open_menu(app, tmp_path)
    click(app, menu_button(menu, "learn").rect.center)
    assert isinstance(app.top, LessonsScene)
    return menu, app.top


def open_chapter(app, chapters: LessonsScene, index: int) -> LessonScene:
    click(app, chapters.row_rect(index).center)
    assert isinstance(app.top, LessonScene)
    assert app.top.lesson.chapter is CHAPTERS[index]
    return app.top


def play_out(app) -> LessonScene:
    """Frames until the events and the trainer's script have played: the hand-off's cover is
    passed with Enter (twice: the report, then the board); a new board's scene is returned."""
    for _ in range(3000):
        top = app.top
        if isinstance(top, HandOffScene):
            press(app, pygame.K_RETURN)
            continue
        if not top.lesson.replying and top.turns.playback is None \
                and top.lesson.board == top.board:
            return top
        frames(app)
    raise AssertionError("the trainer did not finish its script")


def do_step(app, scene: LessonScene) -> LessonScene:
    """The step done as a player would: clicks on the board, E, H or Enter."""
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
    if step.signal == WATCH:
        press(app, pygame.K_h)
    elif step.signal == NEXT:
        press(app, pygame.K_RETURN)
    return play_out(app)


def refuse_wrong(app, scene: LessonScene) -> None:
    """E where the step wants something else; a move where it wants E: the step's hint, beside
    the prompt in red, and nothing played."""
    step, played = scene.lesson.step, len(scene.game.history)
    expected = step.hint
    if step.action != EndTurn():
        press(app, pygame.K_e)
    else:
        ours = next(u for u in scene.game.units if u.team == "1")
        click(app, centre(scene, ours.pos))
        if scene.selection.reachable:
            click(app, centre(scene, min(scene.selection.reachable)))
        else:  # it cannot move (no AP left; a Sniper that fired): the board's reason, there too
            gm = scene.game.map
            empty = next((r, c) for r in range(gm.rows) for c in range(gm.cols)
                         if gm.tiles[r][c] == "level" and scene.selection.unit_at((r, c)) is None)
            click(app, centre(scene, empty))
            expected = scene.selection.why_not_here()
            assert expected
    assert scene.lesson.hint == expected
    assert scene.turns.message == ""  # not in the side panel
    box = scene.prompt_box(scene.layout())
    assert BAD in colours_in(app.screen, box), "the hint is written in the prompt's box"
    assert len(scene.game.history) == played and scene.lesson.step is step


@pytest.mark.parametrize("index", [pytest.param(i, id=c.key, marks=fast_unless(
    c.key not in FAST_CHAPTERS)) for i, c in enumerate(CHAPTERS)])
def test_each_chapter_plays_to_its_win_refusing_a_wrong_action_at_every_step(app, tmp_path,
                                                                             index):
    menu, chapters = open_chapters(app, tmp_path)
    scene = open_chapter(app, chapters, index)
    steps = len(scene.lesson.steps)
    for done in range(steps):
        assert scene.lesson.index == done
        refuse_wrong(app, scene)
        scene = do_step(app, scene)
    assert scene.lesson.complete and scene.game.winner == "1"
    assert app.top is scene  # the chapter stays, saying it is complete
    assert scene.lesson.dice.unplanned == 0
    frames(app)
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["settings"]["lessons_done"] == [CHAPTERS[index].key]
    press(app, pygame.K_ESCAPE)
    assert app.top is chapters
    assert f"1 of {TOTAL} chapters done" in chapters_text(chapters)
    press(app, pygame.K_ESCAPE)
    assert app.top is menu
    assert menu_button(menu, "learn").label == f"Learn to play · 1/{TOTAL}"


def chapters_text(chapters: LessonsScene) -> str:
    return progress(chapters.done_count())


def test_the_trainers_move_is_shown_before_it_plays_and_plays_slowly(app, tmp_path):
    _, chapters = open_chapters(app, tmp_path)
    scene = open_chapter(app, chapters, 0)
    for _ in range(3):
        scene = do_step(app, scene)
    press(app, pygame.K_e)
    frames(app, 5)
    assert scene.lesson.next_reply(scene.turns) == Move(1, (5, 7))
    assert scene.shown().unit == 1 and scene.shown().hover == (5, 7)  # its path on the board
    assert scene.game.unit(1).pos == (1, 9)  # not yet played
    for _ in range(200):
        if scene.turns.playback is not None:
            break
        frames(app)
    assert scene.lesson.trainer_acting
    walked = 0
    while scene.turns.playback is not None and scene.turns.playback.walk() is not None:
        frames(app)
        walked += 1
    assert walked * 16 >= 0.9 * 110 * 4 / 0.5  # 4 steps at Slow, whatever the setting


def test_a_chapter_won_offers_the_next_and_enter_opens_it(app, tmp_path):
    _, chapters = open_chapters(app, tmp_path)
    scene = open_chapter(app, chapters, 1)
    while not scene.lesson.complete:
        scene = do_step(app, scene)
    assert scene.next_label() == "Next chapter (Enter)"
    assert any(b.name == "lesson_next" for b in scene.buttons())
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, LessonScene) and app.top.lesson.chapter is CHAPTERS[2]


def test_the_chapters_list_offers_the_first_not_yet_won(app, tmp_path):
    _, chapters = open_chapters(app, tmp_path)
    assert chapters.chosen == 0
    app.settings.finish_lesson("basics")
    app.settings.finish_lesson("sniper")
    press(app, pygame.K_ESCAPE)
    menu = app.top
    click(app, menu_button(menu, "learn").rect.center)
    assert app.top.chosen == 1
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert app.top.lesson.chapter is CHAPTERS[2]


def test_esc_leaves_the_lesson_and_nothing_is_remembered(app, tmp_path):
    menu, chapters = open_chapters(app, tmp_path)
    scene = open_chapter(app, chapters, 0)
    scene = do_step(app, scene)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.lesson.hint == NO_UNDO and scene.game.unit(YOU).pos == (5, 3)
    press(app, pygame.K_ESCAPE)
    assert app.top is chapters
    press(app, pygame.K_ESCAPE)
    assert app.top is menu
    assert not app.settings.lesson_done("basics")
    assert menu_button(menu, "learn").label == f"Learn to play · 0/{TOTAL}"


def test_an_older_settings_file_that_won_the_first_lesson_counts_it(app, tmp_path):
    (tmp_path / "settings.json").write_text(
        json.dumps({"format": "laser-flag-settings", "version": 1,
                    "settings": {"tutorial_done": True}}), encoding="utf-8")
    menu, chapters = open_chapters(app, tmp_path)
    assert app.settings.lesson_done("basics") and chapters.chosen == 1
    press(app, pygame.K_ESCAPE)
    assert menu_button(menu, "learn").label == f"Learn to play · 1/{TOTAL}"


@pytest.mark.parametrize("index", range(TOTAL), ids=[c.key for c in CHAPTERS])
def test_the_prompt_box_sits_under_the_board_on_the_smallest_window(app, tmp_path, index):
    _, chapters = open_chapters(app, tmp_path)
    scene = open_chapter(app, chapters, index)
    for size in (MIN_SIZE, app.screen.get_size()):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        frames(app)
        lay = scene.layout()
        room = scene.prompt_room(lay.panel.x - 2 * MARGIN)  # the longest step's box and its gap
        assert lay.board.bottom + room <= app.screen.get_height()
        assert lay.panel.bottom == app.screen.get_height() - MARGIN  # the panel keeps its height


@pytest.mark.parametrize("size", [MIN_SIZE, (2560, 1440)])
def test_the_chapters_list_shows_every_summary_and_grows_with_the_window(app, tmp_path, size):
    _, chapters = open_chapters(app, tmp_path)
    app.settings.finish_lesson("basics")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app)
    rows = [chapters.row_rect(i) for i in range(len(CHAPTERS))]
    assert rows[-1].bottom < min(b.rect.top for b in chapters.buttons())  # all above the buttons
    if size[0] > 1280:  # a big window: the list grows with its text, not a strip at the top
        assert rows[0].w > 900 and rows[0].h > 66
    for row in rows:  # each row's lower half holds its summary's words (not only the box)
        lower = pygame.Rect(row.x + 14, row.centery + 2, row.w // 2, row.bottom - row.centery - 4)
        assert len(colours_in(app.screen, lower)) > 3, row
    done = rows[0]  # the basics, won: marked done on its right
    mark = pygame.Rect(done.right - done.w // 6, done.y, done.w // 6 - 2, done.h // 2)
    assert (120, 230, 140) in colours_in(app.screen, mark)
