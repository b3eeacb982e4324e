"""The look the network screens share: a heading, one box holding a column of choices (a label
on the left, a button showing the value on the right) and the screen's buttons at its foot.
Every size is at scale 1 (scale.py): the form grows with the window."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...i18n import N_
from ..heading import TOP, draw_heading
from ..scale import scaled
from ..scene import Scene, Transition
from ..widgets import ACCENT, Button, draw_box, draw_buttons, draw_text, fit, row_of_buttons

FORM_W = (560, 900)
ROW_H = 46
VALUE_W = 300  # a choice's button
FOOT_W = 200  # each of the buttons at the foot
FOOT_H = 40
HEADING = 70  # room for the form's own title
FORM_H = 560  # at most: what the longest form holds (a form may ask for more: form_h)
INSET = 16  # the form's content from its edges
TEXT_SIZE = 22


class FormScene(Scene):
    """A form screen: subclasses give `title`, `buttons()`, `key()`, `click()`, `draw_form()`."""

    title = ""
    subtitle = N_("play a friend on another computer")
    form_h = FORM_H  # the form's height at most, at scale 1

    def inset(self) -> int:
        return scaled(INSET, self.scale)

    def form_rect(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        s, edge = self.scale, scaled(24, self.scale)
        width = min(max(scaled(FORM_W[0], s), min(scaled(FORM_W[1], s), w - 2 * edge)),
                    w - 2 * edge)
        left = max(edge, (w - width) // 2)  # centred on a wide window
        top = scaled(TOP, s)
        return pygame.Rect(left, top, width, min(h - top - edge, scaled(self.form_h, s)))

    def row_rect(self, index: int) -> pygame.Rect:
        area, s, inset = self.form_rect(), self.scale, self.inset()
        return pygame.Rect(area.x + inset, area.y + scaled(HEADING + index * ROW_H, s),
                           area.w - 2 * inset, scaled(ROW_H - 8, s))

    def row_buttons(self, rows: Sequence[tuple[str, str, str]]) -> list[Button]:
        """A button per row showing its value; a click changes it."""
        result = []
        for i, (name, __, value) in enumerate(rows):
            row = self.row_rect(i)
            width = min(scaled(VALUE_W, self.scale), row.w // 2)
            result.append(Button(name, value, pygame.Rect(row.right - width, row.y, width, row.h)))
        return result

    def draw_rows(self, surface: pygame.Surface, rows: Sequence[tuple[str, str, str]]) -> None:
        """Each row's label left of its button, cut short where the button begins."""
        size = scaled(TEXT_SIZE, self.scale)
        for i, (__, label, __) in enumerate(rows):
            row = self.row_rect(i)
            room = row.w - min(scaled(VALUE_W, self.scale), row.w // 2) - self.inset()
            draw_text(surface, fit(label, size, room), (row.x, row.centery), size,
                      anchor="midleft")

    def foot_y(self) -> int:
        s = self.scale
        return self.form_rect().bottom - scaled(16 + FOOT_H, s)

    def foot_buttons(self, specs: Sequence[tuple[str, str]]) -> list[Button]:
        area, s, inset = self.form_rect(), self.scale, self.inset()
        gap = scaled(8, s)
        width = min(len(specs) * scaled(FOOT_W, s) + (len(specs) - 1) * gap, area.w - 2 * inset)
        return row_of_buttons(specs, pygame.Rect(area.right - inset - width, self.foot_y(),
                                                 width, scaled(FOOT_H, s)), gap)

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
        s = self.scale
        draw_heading(surface, self.subtitle, s)
        area = self.form_rect()
        draw_box(surface, area)
        draw_text(surface, self.title, (area.right - self.inset(), area.y + self.inset()),
                  scaled(26, s), ACCENT, bold=True, anchor="topright")
        self.draw_form(surface, area)
        draw_buttons(surface, self.buttons(), scaled(TEXT_SIZE, s))
