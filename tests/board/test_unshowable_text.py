"""Text that reached a screen without a reader's check (a program's message, a host's words)
still draws: what no screen can show is replaced, and a pile of marks cannot make a line tall."""

from __future__ import annotations

import pygame
import pytest

from laser_flag.board.text import draw_text, drawable, rendered, source, text_size, wrap
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


def test_combining_marks_no_font_has_are_left_out_not_stacked_as_boxes():
    marks = "\u0303\u0304\u0306"  # none composes with Z
    if any(source(mark) is not None or drawable(mark) for mark in marks):
        pytest.skip("a font here draws these marks")
    bare = rendered("Zero", 22, (255, 255, 255), False)
    piled = rendered("Z" + marks * 30 + "ero", 22, (255, 255, 255), False)
    assert pixels(piled) == pixels(bare)
    composed = rendered("Z\u0301ero", 22, (255, 255, 255), False)  # NFC: one letter, Ź
    assert composed.get_height() == bare.get_height()
    assert pixels(composed) == pixels(rendered("\u0179ero", 22, (255, 255, 255), False))


def pixels(surface: pygame.Surface) -> tuple[tuple[int, int], bytes]:
    return surface.get_size(), pygame.image.tobytes(surface, "RGBA")


def test_wrapping_keeps_its_own_line_breaks():
    assert wrap("one\ntwo", 22, 400) == ["one", "two"]
