"""Renaming a team in place: a text field over its score box that takes every key until done."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...i18n import _
from ..widgets import ACCENT, DIM, TEXT, draw_box, draw_text, text_size

MAX_NAME = 24
FIELD = (22, 24, 30)  # the field's ground; selected text is drawn in it, on the accent


CARET_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END)


@dataclass
class NameField:
    """The name being typed for `team`; `done` once Enter keeps it or Esc drops it.

    It opens with the old name selected, as text fields do: the first character typed replaces
    it, Backspace clears it, and an arrow, Home or End keeps it to type on at its end."""

    team: str
    text: str
    selected: bool = True
    done: bool = False
    kept: bool = False
    limit: int = MAX_NAME  # characters (a chat line takes more)

    def key(self, key: int, char: str) -> None:
        """One key press: a printable character, Backspace, Enter (keep) or Esc (drop)."""
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.keep()
        elif key == pygame.K_ESCAPE:
            self.done = True
        elif key in CARET_KEYS:
            self.selected = False
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.text = "" if self.selected else self.text[:-1]
            self.selected = False
        elif char.isprintable() and char:
            if self.selected:
                self.text, self.selected = "", False
            if len(self.text) < self.limit:
                self.text += char

    def keep(self) -> None:
        self.done = self.kept = True

    @property
    def name(self) -> str | None:
        """The name to keep: None when dropped or blank."""
        name = self.text.strip()
        return name if self.kept and name else None


def rename_team(field: NameField, names: dict[str, str]) -> None:
    """A name kept (not dropped, not blank) becomes the team's."""
    if field.name:
        names[field.team] = field.name


def draw_name_field(surface: pygame.Surface, box: pygame.Rect, field: NameField,
                    enter: str = "keeps") -> None:
    """The field in `box`: the text with a caret, and what Enter (`enter`) and Esc do."""
    draw_box(surface, box, FIELD, ACCENT)
    text = field.text + ("" if field.selected else "|")
    while len(text) > 1 and text_size(text, 22, True)[0] > box.w - 16:
        text = text[1:]  # keep the end (where the caret is) in view
    if field.selected and text:  # the old name, selected: typing replaces it
        width, height = text_size(text, 22, True)
        pygame.draw.rect(surface, ACCENT, (box.x + 6, box.y + 7, width + 4, height + 2))
    draw_text(surface, text, (box.x + 8, box.y + 8), 22, FIELD if field.selected else TEXT,
              bold=True)
    draw_text(surface, _("Enter {enter} · Esc cancels").format(
        enter=enter), (box.x + 8, box.bottom - 6), 15, DIM,
              anchor="bottomleft")
