"""Starting SDL's video, or saying why no window can be shown.

When no display server answers (DISPLAY names none, an ssh session without X forwarding, or an
X server that dropped the connection while it reset), SDL does not fail: it falls back by itself
to a driver that draws into memory. The game would then run in a window no one can see, and
wait forever for input that cannot come. A windowless driver asked for by name in
SDL_VIDEODRIVER (the tests' `dummy`) is what was asked, so it is taken.
"""

from __future__ import annotations

import os

import pygame

from ..i18n import _

WINDOWLESS = frozenset({"offscreen", "dummy"})


def start_video() -> str | None:
    """Start SDL's video and fonts; None when a window can be shown, else why not (one line,
    naming the display that was tried), with SDL stopped again."""
    pygame.display.init()
    driver = pygame.display.get_driver()
    if driver in WINDOWLESS and os.environ.get("SDL_VIDEODRIVER", "").lower() != driver:
        pygame.quit()
        tried = ", ".join(f"{name}={os.environ[name]!r}" for name in ("DISPLAY", "WAYLAND_DISPLAY")
                          if os.environ.get(name)) or _("DISPLAY is not set")
        return _("no screen to open the window on ({tried}): start it from a desktop "
                 "session").format(
            tried=tried)
    pygame.font.init()
    return None
