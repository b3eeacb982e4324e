"""Characters the bundled font lacks (Chinese, Japanese, Korean names) are drawn in a system
font that has them, run by run, beside the bundled font's own letters; with none installed the
boxes stay. The CI machine installs Droid Sans Fallback (.ci/run) so these always run there."""

from __future__ import annotations

import pygame
import pytest

from laser_flag.board import text
from laser_flag.board.text import draw_text, font, rendered, runs, source, text_size

CJK = "決闘"
has_cjk_font = pytest.mark.skipif(
    not all(source(c) for c in CJK), reason="no installed font draws Chinese characters "
    "(apt-get install fonts-droid-fallback)")


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_latin_greek_and_cyrillic_stay_in_the_bundled_font():
    for line in ("Duel", "Señor Łódź", "Ελλάδα", "Привет · 3/4"):
        assert runs(line) == [(line, None)]
        assert text_size(line, 22) == font(22).size(line)


@has_cjk_font
def test_a_mixed_line_is_cut_into_runs_each_in_a_font_that_has_it():
    path = source("決")
    assert path in text.fallback_paths()
    assert runs("決闘 vs 東京!") == [("決闘 ", path), ("vs ", None), ("東京", path), ("!", None)]


@has_cjk_font
def test_each_character_is_drawn_not_a_box():
    """The bundled font draws every character it lacks as the same box; the fallback does not."""
    assert pixels(font(22).render("決", True, (255, 255, 255))) == \
        pixels(font(22).render("闘", True, (255, 255, 255)))  # the boxes the fallback replaces
    assert pixels(rendered("決", 22, (255, 255, 255), False)) != \
        pixels(rendered("闘", 22, (255, 255, 255), False))


@has_cjk_font
@pytest.mark.parametrize("size", [15, 22, 36])
def test_a_mixed_line_measures_as_it_is_drawn_and_keeps_the_line_height(size):
    line = "赤チーム vs 青"
    image = rendered(line, size, (255, 255, 255), True)
    assert text_size(line, size, True)[0] == image.get_width()
    assert image.get_height() <= font(size, True).get_linesize() + 2


@has_cjk_font
def test_draw_text_places_a_mixed_line_by_its_anchor():
    surface = pygame.Surface((300, 60), pygame.SRCALPHA)
    rect = draw_text(surface, "決闘 · Duel", (150, 30), 22, anchor="center")
    assert rect.center == (150, 30) and rect.w == text_size("決闘 · Duel", 22)[0]
    assert surface.get_bounding_rect().colliderect(rect)


def ink_height(surface: pygame.Surface) -> int:
    return surface.get_bounding_rect().height


@has_cjk_font
@pytest.mark.parametrize("size", [15, 18, 22, 36])
def test_an_ideograph_is_as_tall_as_a_capital_and_a_descender(size):
    """A Chinese sentence at the smallest size reads as big as the Latin beside it: an
    ideograph's ink spans the bundled font's from the top of a capital to the foot of a g
    (a pixel of rounding either way), and a line of it is no taller than a Latin line."""
    white = (255, 255, 255)
    latin = ink_height(rendered("Hg", size, white, False))
    chinese = rendered("国", size, white, False)
    assert latin - 1 <= ink_height(chinese) <= latin + 1
    assert chinese.get_height() == text_size("国", size)[1] == font(size).get_height()
