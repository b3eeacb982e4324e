"""The Rules screen: the rules in words, then tiles, classes and status icons drawn as in play.

A page taller than the window scrolls (scroll.py); one wider than it wraps its words."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...board.draw import UnitLook, draw_tiles, draw_unit
from ...board.icons import STATUS_ICONS
from ...board.palette import Palette
from ...board.tile_labels import TILE_LABELS
from ...engine.game_map import GameMap
from ...engine.ruleset import CLASSES, DEFAULT_RULESET
from ..rules_layout import (
    CLASS_ROW_H,
    COLUMNS,
    GAP,
    HEAD_SIZE,
    ICON_ROW_H,
    PAGES,
    TEXT_SIZE,
    TILES_H,
    TITLE_SIZE,
    board_page_height,
    cell,
    classes_height,
    column_width,
    sample_map,
    table_heads,
    words_layout,
)
from ..scene import Pop, Scene, Transition
from ..scroll import HINT, Scroll, draw_bar, overflows
from ..widgets import (
    ACCENT,
    DIM,
    TEXT,
    button_at,
    draw_box,
    draw_buttons,
    draw_lines,
    draw_text,
    font,
    row_of_buttons,
    wrap,
)


class RulesScene(Scene):
    """Two pages; Left/Right or the buttons turn them, Up/Down, PgUp/PgDn or the wheel scroll a
    page taller than the window, Esc or R goes back."""

    def __init__(self, gm: GameMap | None = None) -> None:
        self.page = 0
        self.rules = gm.rules if gm else DEFAULT_RULESET
        self.tiles_map = sample_map(gm)
        self.palette = Palette.from_map(self.tiles_map)
        self.scroll = Scroll()

    def buttons(self):
        w, h = self.app.screen.get_size()
        area = pygame.Rect(w - 24 - 420, h - 64, 420, 40)
        specs = [("prev", "< Previous"), ("next", "Next >"), ("back", "Back (Esc)")]
        ends = {"prev": self.page > 0, "next": self.page < len(PAGES) - 1}
        return [replace(b, enabled=ends.get(b.name, True)) for b in row_of_buttons(specs, area)]

    def box(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        return pygame.Rect(24, 70, w - 48, h - 150)

    def view(self) -> pygame.Rect:
        """The part of the box the page is drawn in; what does not fit scrolls."""
        return self.box().inflate(-32, -24)

    def content_height(self) -> int:
        width = self.view().w
        return words_layout(width)[1] if self.page == 0 else board_page_height(width)

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if self.scroll.handle(event, self.content_height(), self.view().h):
            return None
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_LEFT: "prev",
                pygame.K_RIGHT: "next",
                pygame.K_ESCAPE: "back",
                pygame.K_r: "back",
            }
            if event.key in keys:
                return self.act(keys[event.key])
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = button_at(self.buttons(), event.pos)
            if hit:
                return self.act(hit.name)
        return None

    def act(self, name: str) -> Transition | None:
        if name == "back":
            return Pop()
        step = 1 if name == "next" else -1  # the pages stop at either end: no wrapping round
        page = min(len(PAGES) - 1, max(0, self.page + step))
        if page != self.page:
            self.page, self.scroll = page, Scroll()  # a new page opens at its top
        return None

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw_text(surface, f"Rules · {PAGES[self.page]}", (24, 18), 44, ACCENT, bold=True)
        draw_text(
            surface,
            f"page {self.page + 1} of {len(PAGES)}",
            (w - 24, 30),
            22,
            DIM,
            anchor="topright",
        )
        draw_box(surface, self.box())
        view, content_h = self.view(), self.content_height()
        top = self.scroll.top(content_h, view.h)
        surface.set_clip(view)
        if self.page == 0:
            self.draw_words(surface, view, top)
        else:
            self.draw_board_page(surface, view.move(0, -top))
        surface.set_clip(None)
        draw_bar(surface, view.inflate(20, 0), top, content_h)
        buttons = self.buttons()
        draw_buttons(surface, buttons)
        if overflows(content_h, view.h):
            room = buttons[0].rect.x - 24 - 16
            draw_lines(surface, wrap(HINT, 18, room), (24, h - 58), 18, DIM)

    def draw_words(self, surface: pygame.Surface, view: pygame.Rect, top: int) -> None:
        for text, size, (x, y) in words_layout(view.w)[0]:
            if -size < y - top < view.h:
                title = size == TITLE_SIZE
                draw_text(surface, text, (view.x + x, view.y + y - top), size,
                          ACCENT if title else TEXT, bold=title)

    def draw_board_page(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        px = 76
        draw_text(surface, "Tiles", (area.x, area.y), TITLE_SIZE, ACCENT, bold=True)
        origin = (area.x, area.y + 32)
        draw_tiles(surface, self.tiles_map, origin, px, self.palette, self.app.settings.theme)
        for i, kind in enumerate(self.tiles_map.tiles[0]):
            label = wrap(TILE_LABELS[kind], 18, px - 6)
            draw_lines(surface, label, (origin[0] + i * px + 2, origin[1] + px + 4), 18, DIM)
        self.draw_classes(surface, pygame.Rect(area.x, area.y + TILES_H, area.w, 0))
        icons_y = area.y + TILES_H + classes_height(area.w) + GAP
        self.draw_icons(surface, pygame.Rect(area.x, icons_y, area.w, 0))

    def draw_classes(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        draw_text(surface, "Unit classes", (area.x, area.y), TITLE_SIZE, ACCENT, bold=True)
        col_w = column_width(area.w)
        heads = table_heads(area.w)
        y = area.y + 34
        for j, lines in enumerate(heads):
            draw_lines(surface, lines, (area.x + 60 + j * col_w, y), HEAD_SIZE, DIM)
        y += max(len(lines) for lines in heads) * font(HEAD_SIZE).get_linesize() + 8
        for i, unit_class in enumerate(CLASSES):
            row_y = y + i * CLASS_ROW_H
            look = UnitLook("1" if i % 2 == 0 else "2", unit_class, (0, 0))
            draw_unit(surface, look, pygame.Rect(area.x, row_y - 6, 40, 40), self.palette)
            for j, (_, column) in enumerate(COLUMNS):
                text = cell(self.rules, unit_class, column)
                draw_text(surface, text, (area.x + 60 + j * col_w, row_y + 6), TEXT_SIZE, TEXT)

    def draw_icons(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        draw_text(surface, "Status marks on a unit", (area.x, area.y), TITLE_SIZE, ACCENT,
                  bold=True)
        col_w = area.w // 2
        for i, (name, description, draw_icon) in enumerate(STATUS_ICONS):
            x = area.x + (i % 2) * col_w
            y = area.y + 36 + (i // 2) * ICON_ROW_H
            icon = pygame.Rect(x, y, 76, 38)  # wide enough for a count drawn beside its mark
            pygame.draw.rect(surface, (70, 74, 66), icon, border_radius=4)
            draw_icon(surface, icon.inflate(-28, -8).move(-10, 0))
            draw_text(surface, name, (icon.right + 10, y), TEXT_SIZE, TEXT, bold=True)
            words = wrap(description, 18, col_w - 100)[:2]
            draw_lines(surface, words, (icon.right + 10, y + 19), 18, DIM)
