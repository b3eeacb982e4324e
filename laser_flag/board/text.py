"""Text on the board and on every screen: pygame's bundled font, so it looks the same on every
machine, with the few rendered lines and fonts kept for reuse."""

from __future__ import annotations

from functools import cache, lru_cache

import pygame

TEXT = (232, 234, 240)


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame's bundled font at `size` px."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(None, size)
    f.set_bold(bold)
    return f


# Bounded: every distinct line ever drawn (turn lines, odds, the log) would otherwise stay.
@lru_cache(maxsize=1024)
def rendered(text: str, size: int, color: tuple[int, int, int], bold: bool) -> pygame.Surface:
    """One line of text as a surface (antialiased, transparent around it)."""
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
    image = rendered(text, size, tuple(color), bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split `text` into lines no wider than `width` pixels, breaking at spaces."""
    return list(_wrapped(text, size, width, bold))


# Bounded like rendered: the panel wraps the same texts every frame of an animation.
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
