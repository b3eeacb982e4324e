"""Text that reached a screen without a reader's check (a program's message, a host's words)
still draws: what no screen can show is replaced, and a pile of marks cannot make a line tall."""

from __future__ import annotations

import pygame
import pytest

from laser_flag.board.text import draw_text, rendered, text_size, wrap
from laser_flag.engine.shown_text import REPLACEMENT


@pytest.mark.parametrize(("line", "shown"), [
    ("a\x00b", "a?b"), ("a\ud800b", "a?b"), ("a\x1b[31mb", "a?[31mb"), ("one\ntwo", "one?two"),
    ("\x85", "?"),
])
def test_a_line_with_what_no_screen_shows_draws_with_the_replacement(line, shown):
    canvas = pygame.Surface((400, 60))
    rect = draw_text(canvas, line, (0, 0))
    replaced = shown.replace("?", REPLACEMENT)
    assert rect.size == rendered(replaced, 22, (232, 234, 240), False).get_size()
    assert text_size(line, 22) == text_size(replaced, 22)


def test_a_pile_of_marks_draws_no_taller_than_two_marks():
    two = rendered("Z\u0300\u0301", 22, (255, 255, 255), False).get_height()
    pile = rendered("Z" + "\u0300\u0301\u0302" * 30, 22, (255, 255, 255), False).get_height()
    assert pile == two


def test_wrapping_keeps_its_own_line_breaks():
    assert wrap("one\ntwo", 22, 400) == ["one", "two"]
