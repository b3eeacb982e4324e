"""The Rules screen fits any window the client allows: its words wrap to the box, and a page
taller than the box scrolls (arrows, PgUp/PgDn, Home/End, the wheel) with a hint saying so."""

from __future__ import annotations

import pygame
import pytest

from laser_flag.ui.loop import BACKGROUND, App
from laser_flag.ui.rules_layout import (
    ICON_ROW_H,
    PAGES,
    column_width,
    table_heads,
    words_layout,
)
from laser_flag.ui.scenes.rules_scene import RulesScene
from laser_flag.ui.scroll import LINE_PX
from laser_flag.ui.settings import MIN_SIZE
from laser_flag.ui.widgets import font

from .conftest import frames, press

BIG = (1920, 1200)


def open_rules(app: App, size: tuple[int, int], page: int = 0) -> RulesScene:
    """The Rules screen in a window resized to `size`, turned to `page` by the Right key."""
    app.push(RulesScene())
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app)
    assert app.screen.get_size() == size
    for _ in range(page):
        press(app, pygame.K_RIGHT)
    return app.top


def wheel(app: App, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    frames(app)


def picture(app: App, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


def colours(app: App, rect: pygame.Rect) -> set[tuple[int, ...]]:
    area = app.screen.subsurface(rect)
    return {tuple(area.get_at((x, y))) for x in range(rect.w) for y in range(rect.h)}


def hint_area(app: App, rules: RulesScene) -> pygame.Rect:
    """Left of the buttons, under the box: where the scrolling hint is written."""
    top = rules.box().bottom + 4
    return pygame.Rect(24, top, rules.buttons()[0].rect.x - 40, app.screen.get_height() - top)


@pytest.mark.parametrize("page", range(len(PAGES)))
def test_on_the_smallest_window_each_page_scrolls_to_its_end_and_back(app, page):
    rules = open_rules(app, MIN_SIZE, page)
    view, content_h = rules.view(), rules.content_height()
    end = content_h - view.h
    assert end > 0  # the page is taller than the box: it scrolls
    hint = hint_area(app, rules)
    assert len(colours(app, hint)) > 1  # the hint is written there
    top = picture(app, view)
    press(app, pygame.K_DOWN)
    assert rules.scroll.offset == LINE_PX and picture(app, view) != top
    wheel(app, 1)
    assert rules.scroll.offset == 0 and picture(app, view) == top
    wheel(app, -2)
    assert rules.scroll.offset == 2 * LINE_PX
    press(app, pygame.K_PAGEDOWN)
    assert rules.scroll.offset == min(end, 2 * LINE_PX + view.h - LINE_PX)
    for _ in range(content_h // LINE_PX + 1):
        press(app, pygame.K_DOWN)
    assert rules.scroll.offset == end  # and no further
    press(app, pygame.K_PAGEUP)
    assert rules.scroll.offset == max(0, end - (view.h - LINE_PX))
    press(app, pygame.K_END)
    assert rules.scroll.offset == end
    press(app, pygame.K_HOME)
    assert rules.scroll.offset == 0 and picture(app, view) == top


def test_the_last_words_come_into_the_box_and_a_new_page_opens_at_its_top(app):
    rules = open_rules(app, MIN_SIZE)
    view = rules.view()
    placed, content_h = words_layout(view.w)
    last_y = placed[-1][2][1] + font(placed[-1][1]).get_linesize()
    press(app, pygame.K_END)
    assert last_y - rules.scroll.offset <= view.h  # Victory's last line, inside the box
    press(app, pygame.K_RIGHT)
    assert rules.page == 1 and rules.scroll.offset == 0
    press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_LEFT)
    assert rules.page == 0 and rules.scroll.offset == 0


@pytest.mark.parametrize("size", [MIN_SIZE, (1024, 700), (1280, 860), BIG])
def test_no_words_run_past_the_box_at_any_width(app, size):
    rules = open_rules(app, size)
    width = rules.view().w
    for text, points, (x, _) in words_layout(width)[0]:
        assert x + font(points, points == 28).size(text)[0] <= width, text
    col_w = column_width(width)
    for lines in table_heads(width):  # the class table's titles stay within their columns
        assert all(font(19).size(line)[0] <= col_w - 6 for line in lines), lines
    assert 60 + len(table_heads(width)) * col_w <= width


@pytest.mark.parametrize("page", range(len(PAGES)))
def test_on_a_big_window_both_pages_fit_and_no_hint_shows(app, page):
    rules = open_rules(app, BIG, page)
    assert rules.content_height() <= rules.view().h
    hint = hint_area(app, rules)
    assert colours(app, hint) == {(*BACKGROUND, 255)}  # nothing written there
    before = picture(app, rules.view())
    press(app, pygame.K_PAGEDOWN)
    wheel(app, -3)
    assert rules.scroll.offset == 0 and picture(app, rules.view()) == before


def test_scrolled_to_its_end_the_board_page_shows_its_last_status_mark(app):
    rules = open_rules(app, MIN_SIZE, 1)
    view = rules.view()
    mark = (view.x + 72, view.bottom - ICON_ROW_H + 19)  # beside the mark, in its grey tile
    assert view.collidepoint(mark) and tuple(app.screen.get_at(mark))[:3] != (70, 74, 66)
    press(app, pygame.K_END)
    assert tuple(app.screen.get_at(mark))[:3] == (70, 74, 66)
