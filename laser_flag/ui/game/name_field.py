"""A line of text typed in place: a team's new name over its score box, a chat line, the join
screen's fields. Characters come from SDL's text input (TEXTINPUT), so that an input method can
compose them (Chinese, Japanese, Korean); the keys that edit (Backspace, Enter, Esc, arrows)
come as key presses; Ctrl+V (Cmd+V on a Mac) or Shift+Insert pastes the clipboard's text."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice

import pygame

from ...i18n import _
from ..widgets import ACCENT, DIM, TEXT, draw_box, draw_text, text_size

MAX_NAME = 24
FIELD = (22, 24, 30)  # the field's ground; selected text is drawn in it, on the accent


CARET_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END)
PASTE_MODS = pygame.KMOD_CTRL | pygame.KMOD_GUI  # with V
# What a field with the keys takes: none of it may reach the screen under it.
TYPING_EVENTS = (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING)


@dataclass
class NameField:
    """The text being typed for `team` (or for what a chat line or a form's field names);
    `done` once Enter keeps it or Esc drops it; `composing`, what the input method is composing
    and has not yet given.

    A team's name opens selected, as text fields do: the first character typed replaces it,
    Backspace clears it, and an arrow, Home or End keeps it to type on at its end."""

    team: str
    text: str
    selected: bool = True
    done: bool = False
    kept: bool = False
    limit: int = MAX_NAME  # characters (a chat line takes more)
    composing: str = ""
    upper: bool = False  # typed in capitals (a join code)

    def handle(self, event: pygame.event.Event) -> bool:
        """One event, if it is the field's: text typed, the input method's composition, or an
        editing key. A key press's own character (KEYDOWN's unicode) is never typed: it comes
        again as text input, and an input method's text comes only as that."""
        if event.type == pygame.TEXTINPUT:
            self.type(event.text)
        elif event.type == pygame.TEXTEDITING:
            self.composing = event.text
        elif event.type == pygame.KEYDOWN:
            self.key(event.key, event.mod)
        else:
            return False
        return True

    def type(self, text: str) -> None:
        """Text given by the keyboard, the input method or a paste, as much as the limit
        takes: the rest is never looked at (a clipboard may hold megabytes)."""
        self.composing = ""
        text = "".join(islice((c for c in text if c.isprintable()), self.limit))
        if not text:
            return
        if self.upper:
            text = text.upper()
        if self.selected:
            self.text, self.selected = "", False
        self.text = (self.text + text)[:self.limit]

    def key(self, key: int, mod: int = 0) -> None:
        """Backspace, Enter (keep), Esc (drop) or paste; while the input method composes, the
        keys are its own."""
        if self.composing:
            return
        if (key == pygame.K_v and mod & PASTE_MODS
                or key == pygame.K_INSERT and mod & pygame.KMOD_SHIFT):
            self.type(first_line(clipboard()))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.keep()
        elif key == pygame.K_ESCAPE:
            self.done = True
        elif key in CARET_KEYS:
            self.selected = False
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.text = "" if self.selected else self.text[:-1]
            self.selected = False

    def keep(self) -> None:
        self.done = self.kept = True

    @property
    def name(self) -> str | None:
        """The name to keep: None when dropped or blank."""
        name = self.text.strip()
        return name if self.kept and name else None


def clipboard() -> str:
    """The clipboard's text; "" when it holds none or there is no clipboard (no window)."""
    try:
        return pygame.scrap.get_text()
    except pygame.error:
        return ""


def first_line(text: str) -> str:
    """A pasted text as one field takes it: its first line that is not blank, trimmed."""
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


def rename_team(field: NameField, names: dict[str, str]) -> None:
    """A name kept (not dropped, not blank) becomes the team's."""
    if field.name:
        names[field.team] = field.name


def draw_typed(surface: pygame.Surface, field: NameField, midleft: tuple[int, int], width: int,
               size: int, caret: bool = True, bold: bool = True) -> None:
    """The field's text, then the input method's composition (underlined), then a caret, cut
    from the left to `width` px so that the end being typed stays in view; the old name
    selected on the accent."""
    typed = field.text
    text = typed + field.composing + ("|" if caret and not field.selected else "")
    cut = 0
    while len(text) - cut > 1 and text_size(text[cut:], size, bold)[0] > width:
        cut += 1
    x, y = midleft
    height = text_size(text[cut:] or " ", size, bold)[1]
    if field.selected and text:  # the old name, selected: typing replaces it
        pygame.draw.rect(surface, ACCENT, (x - 2, y - height // 2 - 1,
                                           text_size(text[cut:], size, bold)[0] + 4, height + 2))
    color = FIELD if field.selected else TEXT
    draw_text(surface, text[cut:], (x, y), size, color, bold=bold, anchor="midleft")
    if field.composing:
        start = text_size(typed[cut:], size, bold)[0] if cut < len(typed) else 0
        end = text_size((typed + field.composing)[cut:], size, bold)[0]
        line_y = y + height // 2 - 1
        pygame.draw.line(surface, ACCENT, (x + start, line_y), (x + end, line_y), 2)


def draw_name_field(surface: pygame.Surface, box: pygame.Rect, field: NameField,
                    enter: str = "keeps", size: int = 22) -> None:
    """The field in `box`: the text with a caret, and what Enter (`enter`) and Esc do; its
    text at `size` px, the keys' words smaller."""
    draw_box(surface, box, FIELD, ACCENT)
    hint = size * 15 // 22  # never below MIN_TEXT (board/text.py)
    line_h = text_size("Ag", size, True)[1]
    draw_typed(surface, field, (box.x + 8, box.y + 8 + line_h // 2), box.w - 16, size)
    draw_text(surface, _("Enter {enter} · Esc cancels").format(enter=enter),
              (box.x + 8, box.bottom - 6), hint, DIM,
              anchor="bottomleft")
