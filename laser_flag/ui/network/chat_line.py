"""The chat line of a network game's screens: opened by a key, sent to the other side with
Enter, dropped with Esc; while it is open it takes every key and all text typed."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...remote.protocol import CHAT_CHARS
from ..game.name_field import TYPING_EVENTS, NameField, draw_name_field


class ChatLine:
    """A line typed for `send` (the seat's `chat`), at most the protocol's CHAT_CHARS."""

    def __init__(self, send: Callable[[str], None]) -> None:
        self.send = send
        self.field: NameField | None = None

    @property
    def open(self) -> bool:
        return self.field is not None

    def start(self) -> None:
        self.field = NameField("chat", "", limit=CHAT_CHARS)

    def takes(self, event: pygame.event.Event, opening: tuple[int, ...]) -> bool:
        """Whether `event` was the line's: a key while it is open, or one of `opening` (the
        screen's keys that open it) while it is closed."""
        if self.field is not None and event.type in TYPING_EVENTS:
            self.type(event)
        elif event.type == pygame.KEYDOWN and event.key in opening:
            self.start()
        else:
            return False
        return True

    def type(self, event: pygame.event.Event) -> None:
        """Text or a key while open: typed, or the line sent (Enter) or dropped (Esc)."""
        assert self.field is not None
        self.field.handle(event)
        if self.field.done:
            text = self.field.text.strip()
            if self.field.kept and text:
                self.send(text)
            self.field = None

    def draw(self, surface: pygame.Surface, box: pygame.Rect, size: int = 22) -> None:
        if self.field is not None:
            draw_name_field(surface, box, self.field, enter="sends", size=size)
