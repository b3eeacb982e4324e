"""The victory screen of a network game, the same on the host's window and the guest's: who won
and how, from this seat's own view; a rematch with sides swapped once both ask (N), the replay
where this seat holds the game (the host), the menu, and a chat line (Enter: T is the turning
point's key here). The other side's lines and its leaving are said over the buttons."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...i18n import N_
from ...play.guest_turns import GuestTurns
from ...play.host_turns import HostTurns
from ..ending.victory_scene import HINTS, VictoryScene
from ..routes import PlayNetwork
from ..scale import scaled
from ..scene import PopToRoot, Replace, Transition
from ..widgets import Button
from .chat_line import ChatLine
from .network_wake import wake

# Both must ask, and the rematch always swaps sides: "Same again" has no counterpart here.
REMATCH = ("rematch", N_("Rematch, sides swapped (N)"), N_("Rematch (N)"))
REMATCH_HINT = N_("A new game on this map, sides swapped, once you both ask (N)")
CHAT_HINT = N_("Enter: a line to the other side")
CHAT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
CHAT_W = 640  # the chat line's box, over the line last said


class NetworkVictoryScene(VictoryScene):
    """The end of the game `turns` drives: the host's (it holds the game and its replay) or
    the guest's (it knows only what its team was told: `GuestTurns.record`)."""

    def __init__(self, turns: HostTurns | GuestTurns) -> None:
        told = turns.record if isinstance(turns, GuestTurns) else None
        super().__init__(turns.session, told)
        self.turns = turns
        self.turns.message = ""  # the game's last line is old news here
        self.handed_over = False  # the rematch's game screen has the connection now
        self.chat = ChatLine(turns.chat)

    @property
    def takes_text(self) -> bool:
        return self.chat.open

    def choices(self) -> tuple[tuple[str, str, str], ...]:
        return tuple(REMATCH if c[0] == "rematch" else c for c in super().choices()
                     if c[0] != "again")

    def hints(self) -> dict[str, str]:
        return {**HINTS, "rematch": REMATCH_HINT}

    def buttons(self) -> list[Button]:
        """The rematch button stays pressed once this side has asked."""
        return [replace(b, toggled=self.asked()) if b.name == "rematch" else b
                for b in super().buttons()]

    def asked(self) -> bool:
        turns = self.turns
        return turns.rematch_asked["host"] if isinstance(turns, HostTurns) else \
            turns.rematch_asked

    def status_line(self) -> str:
        return self.turns.message or CHAT_HINT

    def resume(self) -> None:
        self.turns.wake_with(wake)  # a message from the other side draws a frame at once

    def update(self, dt_ms: int) -> Transition | None:
        turns = self.turns
        turns.tick(dt_ms, self.app.settings.speed)
        if isinstance(turns, HostTurns) and turns.rematch_ready:
            return self.hand_over(turns.rematch(self.app.options.seed))
        if not turns.game.over:  # the guest: the host's welcome to the rematch came
            return self.hand_over(turns)
        return None

    def hand_over(self, turns: HostTurns | GuestTurns) -> Transition:
        self.handed_over = True
        return Replace(PlayNetwork(turns))

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if self.chat.takes(event, CHAT_KEYS):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            return self.act("rematch")
        return super().process_event(event)

    def text_box(self) -> pygame.Rect | None:
        return self.chat_box() if self.chat.open else None

    def chat_box(self) -> pygame.Rect:
        """The chat line's box, over the table's foot: the last line said shows below it."""
        width, s = self.app.screen.get_width(), self.scale
        box = pygame.Rect(0, 0, min(width - scaled(48, s), scaled(CHAT_W, s)), scaled(70, s))
        box.midbottom = (width // 2, self.content_bottom() + 2)
        return box

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.chat.open:
            self.chat.draw(surface, self.chat_box(), scaled(22, self.scale))

    def act(self, name: str) -> Transition | None:
        if name == "rematch":
            self.turns.ask_rematch()
            return None
        if name == "menu":
            return PopToRoot()  # end() says goodbye to the other side
        return super().act(name)

    def end(self) -> None:
        if not self.handed_over:
            self.turns.leave()
