"""Waking an idle main loop from the network's and the bots' threads: a network game's screens
sleep until a message comes, as every screen sleeps until input."""

from __future__ import annotations

import pygame

WAKE = pygame.event.custom_type()  # posted from another thread: a frame is due


def wake() -> None:
    """Wake the main loop from another thread (pygame's event queue is thread-safe)."""
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(WAKE))
