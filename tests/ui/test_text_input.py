"""Text comes into the game's fields through SDL's text input (TEXTINPUT), with an input
method's composition (TEXTEDITING) shown as it is made: Chinese, Japanese and Korean are typed
into a team's name and the join screen's fields, through the real main loop, and drawn. A key
press alone types nothing: its character comes as text input or not at all."""

from __future__ import annotations

import pygame

from laser_flag.ui.game.name_field import MAX_NAME
from laser_flag.ui.network.join_scene import JoinScene
from tests.keys import post_typed

from .conftest import click, frames, press, small_session, start_game

CHINESE, JAPANESE, KOREAN = "中文", "日本語", "한국어"


def composed(app, composition: str) -> None:
    """The input method shows `composition`, not yet given."""
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text=composition,
                                         start=len(composition), length=0))
    frames(app)


def given(app, text: str) -> None:
    """The input method gives `text` (its composition ends)."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app)


def picture(app, box: pygame.Rect) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(box), "RGB")


def test_a_teams_name_is_typed_in_chinese_japanese_and_korean(app):
    scene = start_game(app, small_session())
    click(app, scene.score_rects()["2"].center)
    assert app.text_input == scene.text_box() == scene.score_rects()["2"]  # SDL's text input on
    press(app, pygame.K_BACKSPACE)  # the old name, selected, cleared
    box = scene.text_box()
    empty = picture(app, box)
    composed(app, "にほん")
    assert scene.naming.composing == "にほん" and scene.naming.text == ""
    assert picture(app, box) != empty  # the composition is shown as it is made
    for text in (JAPANESE, KOREAN, CHINESE):
        given(app, text)
    assert scene.naming.text == JAPANESE + KOREAN + CHINESE and scene.naming.composing == ""
    assert picture(app, box) != empty
    press(app, pygame.K_RETURN)
    assert scene.session.names["2"] == JAPANESE + KOREAN + CHINESE
    assert app.text_input is None  # off again: keys are keys on the board


def test_a_paste_takes_the_first_line_as_far_as_the_field_holds(app):
    """Ctrl+V pastes the first line that is not blank, without its control characters, cut to
    the name's length, however long the clipboard's text."""
    scene = start_game(app, small_session())
    click(app, scene.score_rects()["2"].center)
    pygame.scrap.put_text("\n \t\n\x07Red\tFox " + "x" * 5_000_000 + "\nsecond line\n")
    press(app, pygame.K_v, pygame.KMOD_CTRL)
    pasted = ("RedFox " + "x" * MAX_NAME)[:MAX_NAME]
    assert scene.naming.text == pasted
    press(app, pygame.K_RETURN)
    assert scene.session.names["2"] == pasted


def test_a_key_press_alone_types_nothing_and_a_typed_key_types_once(app):
    scene = start_game(app, small_session())
    click(app, scene.score_rects()["1"].center)
    press(app, pygame.K_END)  # on after the old name
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x",
                                         scancode=0))
    frames(app)
    assert scene.naming.text == "Alice"
    post_typed(pygame.K_x, "x")
    frames(app)
    assert scene.naming.text == "Alicex"


def test_the_keys_of_an_input_method_composing_are_its_own(app):
    scene = start_game(app, small_session())
    click(app, scene.score_rects()["1"].center)
    composed(app, "한")
    press(app, pygame.K_RETURN)  # the input method's Enter: the name is not kept yet
    assert scene.naming is not None and scene.naming.text == "Alice"
    given(app, "한")
    press(app, pygame.K_RETURN)
    assert scene.session.names["1"] == "한"


def test_the_join_screens_fields_take_any_script_and_the_code_in_capitals(app):
    scene = JoinScene()
    app.push(scene)
    frames(app)
    empty = {i: picture(app, scene.field_box(i)) for i in range(3)}
    assert app.text_input == scene.field_box(0)
    composed(app, "ほすと")
    assert picture(app, scene.field_box(0)) != empty[0]
    given(app, "ホスト.example")
    press(app, pygame.K_TAB)
    assert app.text_input == scene.field_box(1)
    given(app, "ab12")
    press(app, pygame.K_TAB)
    for _ in "Guest":
        press(app, pygame.K_BACKSPACE)
    given(app, KOREAN + CHINESE)
    assert scene.values == {"address": "ホスト.example", "code": "AB12", "name": KOREAN + CHINESE}
    assert all(picture(app, scene.field_box(i)) != empty[i] for i in range(2))
    press(app, pygame.K_BACKSPACE)
    assert scene.values["name"] == KOREAN + CHINESE[:-1]


def test_keys_typed_in_the_frame_a_field_opens_in_are_typed_from_the_key_press(app):
    """The first keys after a click on a name, read by SDL before its text input was on, come
    with no text input: their characters are taken from the key presses, once."""
    scene = start_game(app, small_session())
    xy = scene.score_rects()["1"].center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=xy, button=1))
    for key, char in ((pygame.K_h, "h"), (pygame.K_i, "i")):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char,
                                             scancode=0))
    frames(app)
    assert scene.naming.text == "hi"
    post_typed(pygame.K_x, "x")  # text input is on now: the text comes once, as TEXTINPUT
    frames(app)
    assert scene.naming.text == "hix"
