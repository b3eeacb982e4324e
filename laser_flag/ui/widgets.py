"""Text and buttons drawn with pygame's own font: the few widgets every screen shares."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ..board.text import TEXT, draw_text, font, text_size, wrap
from ..i18n import _

# The board's text, which every screen writes with.
__all__ = ["TEXT", "draw_text", "font", "text_size", "wrap"]
DIM = (150, 156, 170)
PANEL = (36, 40, 50)
PANEL_EDGE = (70, 76, 92)
ACCENT = (255, 196, 64)
BAD = (240, 90, 80)
BUTTON = (58, 64, 82)
BUTTON_HOVER = (78, 86, 110)
BUTTON_ON = (150, 110, 30)
BUTTON_OFF = (44, 46, 54)
BACKGROUND_EDGE = (28, 30, 37)  # a drawer's back: a shade off the window's background


CUT = "\u2026"  # the ellipsis ending a line cut short to fit


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text` (in the player's language, board/text.py), cut short with CUT if it is wider
    than `width` pixels."""
    return _fit(_(text), size, width, bold)


@lru_cache(maxsize=1024)  # buttons and names are fitted every frame
def _fit(text: str, size: int, width: int, bold: bool) -> str:
    if text_size(text, size, bold)[0] <= width:
        return text
    while text and text_size(text + CUT, size, bold)[0] > width:
        text = text[:-1]
    return text + CUT


def largest_fitting(text: str, sizes: Sequence[int], width: int, bold: bool = False) -> int:
    """The first of `sizes` (largest first) at which `text` is at most `width` pixels wide; the
    last one if none is (a long name on a small window)."""
    return next((s for s in sizes if text_size(text, s, bold)[0] <= width), sizes[-1])


def draw_squeezed(surface: pygame.Surface, text: str, pos: tuple[int, int], sizes: Sequence[int],
                  width: int, color: tuple[int, int, int] = TEXT, bold: bool = False) -> None:
    """One line at the largest of `sizes` that fits `width` (a long team name in it), cut
    short with CUT if even the smallest does not."""
    size = largest_fitting(text, sizes, width, bold)
    draw_text(surface, fit(text, size, width, bold), pos, size, color, bold=bold)


def wrap_cut(text: str, size: int, width: int, count: int) -> list[str]:
    """`text` wrapped, at most `count` lines of it; the last one kept ends in '...' when some
    are left out, so that a cut text says so."""
    lines = wrap(text, size, width)
    kept = lines[:max(0, count)]
    if kept and len(kept) < len(lines):
        kept[-1] = fit(kept[-1] + " ...", size, width)
    return kept


def draw_lines(
    surface: pygame.Surface,
    lines: Sequence[str],
    pos: tuple[int, int],
    size: int = 20,
    color: tuple[int, int, int] = TEXT,
) -> int:
    """Draw lines top-down from `pos`; returns the y just below the last one."""
    x, y = pos
    step = font(size).get_linesize()
    for line in lines:
        draw_text(surface, line, (x, y), size, color)
        y += step
    return y


@dataclass(frozen=True)
class Button:
    """A clickable label; `name` is what the owning scene acts on."""

    name: str
    label: str
    rect: pygame.Rect
    enabled: bool = True
    toggled: bool = False
    hint: str = ""

    def hit(self, xy: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(xy)

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int], size: int = 22) -> None:
        if not self.enabled:
            fill, color = BUTTON_OFF, DIM
        elif self.toggled:
            fill, color = BUTTON_ON, TEXT
        else:
            fill = BUTTON_HOVER if self.rect.collidepoint(mouse) else BUTTON
            color = TEXT
        pygame.draw.rect(surface, fill, self.rect, border_radius=6)
        pygame.draw.rect(surface, PANEL_EDGE, self.rect, 1, border_radius=6)
        label = fit(self.label, size, self.rect.w - 8)  # a narrow button cuts, never spills
        draw_text(surface, label, self.rect.center, size, color, anchor="center")


def button_at(buttons: Sequence[Button], xy: tuple[int, int]) -> Button | None:
    """The enabled button under `xy`, if any."""
    return next((b for b in buttons if b.hit(xy)), None)


def clicked(buttons: Sequence[Button], event: pygame.event.Event) -> str | None:
    """The name of the enabled button a left click `event` lands on; None for any other event."""
    if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
        return None
    hit = button_at(buttons, event.pos)
    return None if hit is None else hit.name


def draw_tooltip(surface: pygame.Surface, buttons: Sequence[Button], xy: tuple[int, int],
                 size: int = 18) -> None:
    """The hint of the button under `xy` (greyed ones too: they say why), in a box by the
    pointer, kept inside the window."""
    button = next((b for b in buttons if b.hint and b.rect.collidepoint(xy)), None)
    if button is None:
        return
    lines = wrap(button.hint, size, max(160, min(420, surface.get_width() // 3)))
    step = font(size).get_linesize()
    box = pygame.Rect(0, 0, max(text_size(line, size)[0] for line in lines) + 16,
                      step * len(lines) + 10)
    box.bottomleft = (xy[0] + 12, button.rect.y - 4)
    if box.top < 0:  # no room above (the drawer's bar): under the button instead
        box.top = button.rect.bottom + 4
    box.clamp_ip(surface.get_rect())
    draw_box(surface, box, (20, 22, 28), ACCENT)
    draw_lines(surface, lines, (box.x + 8, box.y + 5), size, TEXT)


def draw_buttons(surface: pygame.Surface, buttons: Sequence[Button], size: int = 22) -> None:
    mouse = pygame.mouse.get_pos()
    for button in buttons:
        button.draw(surface, mouse, size)


def row_of_buttons(
    specs: Sequence[tuple[str, str]], area: pygame.Rect, gap: int = 8
) -> list[Button]:
    """Split `area` into equal buttons left to right, one per (name, label)."""
    width = (area.width - gap * (len(specs) - 1)) // max(1, len(specs))
    return [
        Button(name, label, pygame.Rect(area.x + i * (width + gap), area.y, width, area.height))
        for i, (name, label) in enumerate(specs)
    ]


def draw_box(surface: pygame.Surface, rect: pygame.Rect, fill=PANEL, edge=PANEL_EDGE) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=8)
    pygame.draw.rect(surface, edge, rect, 1, border_radius=8)


def draw_progress(surface: pygame.Surface, rect: pygame.Rect, share: float) -> None:
    """How far something is (a bot's thinking, a long save replayed): an accent fill in an
    outlined bar."""
    pygame.draw.rect(surface, (24, 27, 34), rect, border_radius=5)
    filled = rect.copy()
    filled.w = round(rect.w * min(1.0, max(0.0, share)))
    if filled.w:
        pygame.draw.rect(surface, ACCENT, filled, border_radius=5)
    pygame.draw.rect(surface, DIM, rect, 1, border_radius=5)
