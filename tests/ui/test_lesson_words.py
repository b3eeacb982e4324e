"""A lesson's words as a player reads them, through the real main loop: every step of every
chapter laid out at small and big windows with each line whole, inside the prompt's box and
clear of its Next button; prompts that ask only for what the selection allows; a refusal gone
once the right move is made; the panel's words once a board's game is over."""

from __future__ import annotations

import re

import pygame
import pytest

from laser_flag.play.lessons import CHAPTERS
from laser_flag.play.refusals import NOT_YOURS
from laser_flag.ui import widgets
from laser_flag.ui.learn.lesson_scene import LessonScene
from laser_flag.ui.widgets import ACCENT, BAD, TEXT
from tests.fast import fast_unless
from tests.pixels import colours_in

from .conftest import centre, click, frames, press
from .test_lesson_scene import do_step, open_chapter, open_chapters, refuse_wrong

SIZES = [(800, 560), (900, 600), (1280, 860), (2560, 1440)]


@pytest.fixture
def drawn(monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """Every line the shared widgets write this frame, with where it landed."""
    lines: list[tuple[str, pygame.Rect]] = []
    original = widgets.draw_text

    def record(surface, text, pos, *args, **kwargs) -> pygame.Rect:
        rect = original(surface, text, pos, *args, **kwargs)
        lines.append((text, rect))
        return rect

    monkeypatch.setattr(widgets, "draw_text", record)
    return lines


def resize(app, size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app)


def check_box(app, scene: LessonScene, drawn: list, size: tuple[int, int]) -> None:
    """The prompt box, the window resized to `size`: inside the window; every line in it whole
    and inside it, clear of the Next button; its words, in order, the title's, the prompt's,
    the refusal's and the line on leaving, none left out."""
    drawn.clear()
    resize(app, size)
    box = scene.prompt_frame()
    assert app.screen.get_rect().contains(box), (size, box)
    button = next((b for b in scene.buttons() if b.name == "lesson_next"), None)
    inside = [(text, rect) for text, rect in drawn if rect.colliderect(scene.prompt_box(
        scene.layout())) and not (button and rect.center == button.rect.center)]
    for text, rect in inside:
        assert box.contains(rect), (size, text, rect, box)
        assert button is None or not rect.colliderect(button.rect), (size, text)
    lesson = scene.lesson
    said = [scene.title(), lesson.step.prompt if lesson.step else lesson.chapter.done,
            lesson.hint, scene.leaving()]
    assert " ".join(text for text, _ in inside).split() == " ".join(said).split(), size
    colours = colours_in(app.screen, box)
    assert {ACCENT, TEXT} <= colours and (BAD in colours) == bool(scene.lesson.hint)


@pytest.mark.parametrize("index", [pytest.param(i, id=c.key, marks=fast_unless(c.key != "sniper"))
                                   for i, c in enumerate(CHAPTERS)])
def test_every_step_is_read_whole_beside_the_next_button_at_every_size(app, tmp_path, drawn,
                                                                       index):
    _, chapters = open_chapters(app, tmp_path)
    scene = open_chapter(app, chapters, index)
    while True:
        for size in SIZES:
            check_box(app, scene, drawn, size)
        if scene.lesson.complete:
            return
        refuse_wrong(app, scene)
        for size in SIZES:
            check_box(app, scene, drawn, size)
        resize(app, SIZES[0])
        scene = do_step(app, scene)


def asks_to_pick(prompt: str) -> bool:
    """Whether a prompt tells the player to pick the unit first ("Select it", "click your
    Sniper")."""
    return re.search(r"\b(select (it|your)|click your)\b", prompt, re.IGNORECASE) is not None


@pytest.mark.parametrize("index", [pytest.param(i, id=c.key, marks=fast_unless(c.key != "basics"))
                                   for i, c in enumerate(CHAPTERS)])
def test_a_step_whose_unit_is_not_selected_asks_to_pick_it_first(app, tmp_path, index):
    _, chapters = open_chapters(app, tmp_path)
    scene = open_chapter(app, chapters, index)
    while not scene.lesson.finished:
        step = scene.lesson.step
        unit = getattr(step.action, "unit_id", None)
        if unit is not None and scene.selection.unit != unit:
            assert asks_to_pick(step.prompt), step.prompt
        scene = do_step(app, scene)


def test_a_refusal_goes_once_the_right_pick_is_made(app, tmp_path):
    _, chapters = open_chapters(app, tmp_path)
    scene = open_chapter(app, chapters, 0)
    while scene.lesson.index < 4:  # "Click your unit, then the trainer to aim"
        scene = do_step(app, scene)
    you, trainer = (scene.game.unit(uid).pos for uid in (0, 1))
    assert scene.selection.unit is None
    click(app, centre(scene, trainer))  # the trainer first: not ours to act with
    assert scene.lesson.hint == NOT_YOURS
    assert BAD in colours_in(app.screen, scene.prompt_frame())
    click(app, centre(scene, you))
    assert scene.selection.unit == 0 and scene.lesson.hint == ""
    assert BAD not in colours_in(app.screen, scene.prompt_frame())
    click(app, centre(scene, trainer))
    assert scene.selection.target == 1 and scene.lesson.hint == ""
    press(app, pygame.K_e)  # a wrong action refused while aiming: said, then gone on firing
    assert scene.lesson.hint == scene.lesson.step.hint
    click(app, centre(scene, trainer))
    assert scene.lesson.index == 5 and scene.lesson.hint == ""


@pytest.mark.parametrize("key", ["overwatch", pytest.param("winning", marks=pytest.mark.slow)])
def test_once_won_the_panel_says_the_game_is_over_in_the_lessons_words(app, tmp_path, key):
    """Overwatch is won in the trainer's turn; the ways to win end at the round limit, which
    the log names as the lesson does."""
    _, chapters = open_chapters(app, tmp_path)
    scene = open_chapter(app, chapters, [c.key for c in CHAPTERS].index(key))
    while not scene.lesson.complete:
        scene = do_step(app, scene)
    frames(app)
    view = scene.panel_view()
    assert view.turn_line.endswith("· game over") and "to play" not in view.turn_line
    assert view.card_title == "Game over" and view.card_lines[0].startswith("Rookie wins by")
    assert not any("to play" in line for line in view.card_lines)
    if key == "winning":
        assert "round limit" in scene.lesson.chapter.done
        assert view.log[-1] == "Game over: Rookie wins by the round limit."
        assert not any("turn limit" in line for line in view.log)
