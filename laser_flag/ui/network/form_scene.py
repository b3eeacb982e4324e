"""The look the network screens share: a heading, one box holding a column of choices (a label
on the left, a button showing the value on the right) and the screen's buttons at its foot."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...i18n import N_, _
from ..scene import Scene, Transition
from ..widgets import ACCENT, DIM, TEXT, Button, draw_box, draw_buttons, draw_text, row_of_buttons

TOP = 96
FORM_W = (560, 900)
ROW_H = 46
VALUE_W = 300  # a choice's button
FOOT_W = 200  # each of the buttons at the foot
FOOT_H = 40
HEADING = 70  # room for the form's own title
FORM_H = 560  # at most: what the longest form holds


class FormScene(Scene):
    """A form screen: subclasses give `title`, `buttons()`, `key()`, `click()`, `draw_form()`."""

    title = ""
    subtitle = N_("play a friend on another computer")

    def form_rect(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        width = min(max(FORM_W[0], min(FORM_W[1], w - 48)), w - 48)
        left = max(24, (w - width) // 2)  # centred on a wide window
        return pygame.Rect(left, TOP, width, min(h - TOP - 24, FORM_H))

    def row_rect(self, index: int) -> pygame.Rect:
        area = self.form_rect()
        return pygame.Rect(area.x + 16, area.y + HEADING + index * ROW_H, area.w - 32,
                           ROW_H - 8)

    def row_buttons(self, rows: Sequence[tuple[str, str, str]]) -> list[Button]:
        """A button per row showing its value; a click changes it."""
        result = []
        for i, (name, __, value) in enumerate(rows):
            row = self.row_rect(i)
            width = min(VALUE_W, row.w // 2)
            result.append(Button(name, value, pygame.Rect(row.right - width, row.y, width, row.h)))
        return result

    def draw_rows(self, surface: pygame.Surface, rows: Sequence[tuple[str, str, str]]) -> None:
        for i, (__, label, __) in enumerate(rows):
            row = self.row_rect(i)
            draw_text(surface, label, (row.x, row.centery), 22, TEXT, anchor="midleft")

    def foot_y(self) -> int:
        return self.form_rect().bottom - 16 - FOOT_H

    def foot_buttons(self, specs: Sequence[tuple[str, str]]) -> list[Button]:
        area = self.form_rect()
        width = len(specs) * FOOT_W + (len(specs) - 1) * 8
        return row_of_buttons(specs, pygame.Rect(area.right - 16 - width, self.foot_y(),
                                                 width, FOOT_H))

    def buttons(self) -> list[Button]:
        raise NotImplementedError

    def key(self, key: int) -> Transition | None:
        raise NotImplementedError

    def click(self, xy: tuple[int, int]) -> Transition | None:
        raise NotImplementedError

    def draw_form(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        raise NotImplementedError

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click(event.pos)
        if event.type == pygame.KEYDOWN:
            return self.key(event.key)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        draw_text(surface, _("LASER FLAG"), (24, 20), 64, ACCENT, bold=True)
        draw_text(surface, self.subtitle, (26, 68), 22, DIM)
        area = self.form_rect()
        draw_box(surface, area)
        draw_text(surface, self.title, (area.right - 16, area.y + 16), 26, ACCENT, bold=True,
                  anchor="topright")
        self.draw_form(surface, area)
        draw_buttons(surface, self.buttons())
