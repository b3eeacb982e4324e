"""A box whose content may be taller than the window leaves it: how far it is scrolled, the keys
and wheel that scroll it, and the bar and the hint that say there is more to see."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..i18n import N_
from .widgets import ACCENT, PANEL_EDGE

LINE_PX = 40  # one arrow key or one notch of the wheel
BAR_W = 6
HINT = N_("Up/Down, PgUp/PgDn or the wheel: scroll")


@dataclass
class Scroll:
    """How far down the content is scrolled, in pixels. The content's height and the box's
    are the owner's to measure (they change with the window), so each call is given them."""

    offset: int = 0

    @classmethod
    def at_end(cls) -> Scroll:
        """Scrolled to the last line, however long the content turns out (top() clamps it)."""
        return cls(offset=1 << 30)

    def top(self, content_h: int, view_h: int) -> int:
        """The offset to draw at: within range even after the window grew taller."""
        return min(self.offset, last_top(content_h, view_h))

    def handle(self, event: pygame.event.Event, content_h: int, view_h: int) -> bool:
        """Scroll for a wheel notch or Up/Down, PgUp/PgDn, Home/End; True if it was one."""
        page = max(LINE_PX, view_h - LINE_PX)  # a page on keeps a line of the last in sight
        steps = {
            pygame.K_UP: -LINE_PX, pygame.K_DOWN: LINE_PX, pygame.K_PAGEUP: -page,
            pygame.K_PAGEDOWN: page, pygame.K_HOME: -content_h, pygame.K_END: content_h,
        }
        if event.type == pygame.MOUSEWHEEL:
            step = -event.y * LINE_PX
        elif event.type == pygame.KEYDOWN and event.key in steps:
            step = steps[event.key]
        else:
            return False
        self.offset = min(max(0, self.top(content_h, view_h) + step), last_top(content_h, view_h))
        return True


def last_top(content_h: int, view_h: int) -> int:
    """The offset that shows the content's end at the box's bottom (0: it all fits)."""
    return max(0, content_h - view_h)


def overflows(content_h: int, view_h: int) -> bool:
    return content_h > view_h


def draw_bar(surface: pygame.Surface, view: pygame.Rect, top: int, content_h: int) -> None:
    """A thin bar at the right of `view`: its thumb is the part shown, where it is shown."""
    if not overflows(content_h, view.h):
        return
    track = pygame.Rect(view.right - BAR_W, view.y, BAR_W, view.h)
    thumb_h = max(24, view.h * view.h // content_h)
    thumb_y = view.y + (view.h - thumb_h) * top // (content_h - view.h)
    pygame.draw.rect(surface, PANEL_EDGE, track, border_radius=3)
    pygame.draw.rect(surface, ACCENT, (track.x, thumb_y, BAR_W, thumb_h), border_radius=3)
