"""Text and buttons drawn with pygame's own font: the few widgets every screen shares."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

import pygame

TEXT = (232, 234, 240)
DIM = (150, 156, 170)
PANEL = (36, 40, 50)
PANEL_EDGE = (70, 76, 92)
ACCENT = (255, 196, 64)
BAD = (240, 90, 80)
BUTTON = (58, 64, 82)
BUTTON_HOVER = (78, 86, 110)
BUTTON_ON = (150, 110, 30)
BUTTON_OFF = (44, 46, 54)


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame's bundled font, so text looks the same on every machine."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(None, size)
    f.set_bold(bold)
    return f


# Bounded: every distinct line ever drawn (turn lines, odds, the log) would otherwise stay.
@lru_cache(maxsize=1024)
def _rendered(text: str, size: int, color: tuple[int, int, int], bold: bool) -> pygame.Surface:
    return font(size, bold).render(text, True, color)


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int = 22,
    color: tuple[int, int, int] = TEXT,
    *,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Blit one line of text with `anchor` ('topleft', 'center', 'midtop', ...) at `pos`."""
    image = _rendered(text, size, tuple(color), bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split `text` into lines no wider than `width` pixels, breaking at spaces."""
    return list(_wrapped(text, size, width, bold))


# Bounded like _rendered: the panel wraps the same texts every frame of an animation.
@lru_cache(maxsize=1024)
def _wrapped(text: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if line and f.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return tuple(lines)


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, cut short with '...' if it is wider than `width` pixels."""
    f = font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "...")[0] > width:
        text = text[:-1]
    return text + "..."


def largest_fitting(text: str, sizes: Sequence[int], width: int, bold: bool = False) -> int:
    """The first of `sizes` (largest first) at which `text` is at most `width` pixels wide; the
    last one if none is (a long name on a small window)."""
    return next((s for s in sizes if font(s, bold).size(text)[0] <= width), sizes[-1])


def draw_squeezed(surface: pygame.Surface, text: str, pos: tuple[int, int], sizes: Sequence[int],
                  width: int, color: tuple[int, int, int] = TEXT, bold: bool = False) -> None:
    """One line at the largest of `sizes` that fits `width` (a long team name in it), cut
    short with '...' if even the smallest does not."""
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
        draw_text(surface, self.label, self.rect.center, size, color, anchor="center")


def button_at(buttons: Sequence[Button], xy: tuple[int, int]) -> Button | None:
    """The enabled button under `xy`, if any."""
    return next((b for b in buttons if b.hit(xy)), None)


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
