"""The game screen of a network game, host's or guest's: the game screen, plus a chat line
(T), a rematch with sides swapped once the game is over (N, both must ask), and no hand-off."""

from __future__ import annotations

import pygame

from ..guest_turns import GuestTurns
from ..host_turns import HostTurns
from ..log_text import game_over_text
from ..name_field import NameField, draw_name_field
from ..plan_marks import PlanMarks
from ..routes import PlayNetwork
from ..scene import PopToRoot, Replace, Transition
from ..selection import Selection
from .game_scene import GameScene

CHAT_CHARS = 200
WAKE = pygame.event.custom_type()  # posted from the network and bot threads: a frame is due


def wake() -> None:
    """Wake the main loop from another thread (pygame's event queue is thread-safe)."""
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(WAKE))


class NetworkScene(GameScene):
    """A network game: `turns` is the host's or the guest's driver."""

    def __init__(self, turns: HostTurns | GuestTurns) -> None:
        super().__init__(turns.session)
        self.turns: HostTurns | GuestTurns = turns  # type: ignore[assignment]
        self.selection = Selection(turns.view.known)
        self.plan = PlanMarks(self.selection.game)
        self.chatting: NameField | None = None
        self.over_told = False

    @property
    def takes_text(self) -> bool:
        return self.chatting is not None or super().takes_text

    def resume(self) -> None:
        super().resume()
        self.turns.bots.on_decided = wake
        self.turns.wake_with(wake)

    def animating(self) -> bool:
        """Frames run while something plays here; waiting for the other computer, the loop
        sleeps until a message (or a decision) wakes it."""
        return self.turns.playback is not None or self.turns.thinking_here()

    def update(self, dt_ms: int) -> Transition | None:
        turns = self.turns
        turns.tick(dt_ms, self.app.settings.speed)
        self.selection.follow(turns.view.known)
        if turns.bot_to_move:
            self.selection.hover = None
            self.plan.follow(self.selection.game, turns.plan)
        if turns.playback is None and self.game.over and not self.over_told:
            self.over_told = True  # the board stays: the result and N for a rematch
            result = game_over_text(self.game.winner, self.game.victory, self.session.names)
            turns.say(f"{result} N: rematch, sides swapped.")
        if isinstance(turns, HostTurns) and turns.rematch_ready:
            return Replace(PlayNetwork(turns.rematch()))
        if not self.game.over:
            self.over_told = False  # a rematch began (the guest's side)
        return None

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if self.chatting is not None and event.type == pygame.KEYDOWN:
            self.chatting.key(event.key, event.unicode)
            if self.chatting.done:
                text = self.chatting.text.strip()
                if self.chatting.kept and text:
                    self.turns.chat(text)
                self.chatting = None
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_t and self.naming is None:
            self.chatting = NameField("chat", "", limit=CHAT_CHARS)
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n and self.game.over:
            self.turns.ask_rematch()
            return None
        return super().process_event(event)

    def command(self, name: str) -> Transition | None:
        if name == "menu":
            self.turns.leave()
            return PopToRoot()
        return super().command(name)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.chatting is not None:
            panel = self.layout().panel
            box = pygame.Rect(panel.x + 8, panel.bottom - 78, panel.w - 16, 70)
            draw_name_field(surface, box, self.chatting)
