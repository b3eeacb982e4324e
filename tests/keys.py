"""Keys typed into the client's event queue, as a keyboard gives them."""

from __future__ import annotations

import pygame


def post_typed(key: int, char: str = "", text_input: bool = True) -> None:
    """A key pressed: the key down, then its character (if it has one) as SDL's text input
    when that is on (`text_input`: SDL gives none while it is off), then the key up."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0))
    if text_input and char.isprintable() and char:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=char, scancode=0))
