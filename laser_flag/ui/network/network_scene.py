"""The game screen of a network game, host's or guest's: the game screen, plus a chat line
(T), no hand-off, and at the end the network victory screen, which takes the connection on."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...i18n import N_, _
from ...play.guest_turns import GuestTurns
from ...play.host_turns import HostTurns
from ..game.game_scene import GameScene
from ..game.panel import PanelView
from ..game.plan_marks import PlanMarks
from ..game.selection import Selection
from ..routes import ShowNetworkVictory
from ..scale import scaled
from ..scene import PopToRoot, Replace, Transition
from .chat_line import ChatLine
from .network_wake import wake

CHAT_H = 70  # the chat line's box, at scale 1
NO_RENAMING = N_("In a network game each team keeps the name given when connecting: renamed "
               "here, it would change on this computer only.")


class NetworkScene(GameScene):
    """A network game: `turns` is the host's or the guest's driver."""

    def __init__(self, turns: HostTurns | GuestTurns) -> None:
        super().__init__(turns.session)
        self.turns: HostTurns | GuestTurns = turns  # type: ignore[assignment]
        self.selection = Selection(turns.view.known)
        self.plan = PlanMarks(self.selection.game)
        self.chat = ChatLine(turns.chat)
        self.handed_over = False  # the victory screen has the connection now

    @property
    def takes_text(self) -> bool:
        return self.chat.open or super().takes_text

    def resume(self) -> None:
        super().resume()
        self.turns.wake_with(wake)

    def animating(self) -> bool:
        """Frames run while something plays here or a shot's result fades; waiting for the
        other computer, the loop sleeps until a message (or a decision) wakes it."""
        turns = self.turns
        return turns.playback is not None or turns.notes.alive or turns.thinking_here()

    def update(self, dt_ms: int) -> Transition | None:
        turns = self.turns
        turns.tick(dt_ms, self.app.settings.speed)
        self.selection.follow(turns.view.known)
        if turns.bot_to_move:
            self.selection.hover = None
            self.plan.follow(self.selection.game, turns.plan)
        if turns.playback is None and self.game.over:
            self.handed_over = True
            return Replace(ShowNetworkVictory(turns))
        return None

    def end(self) -> None:
        if not self.handed_over:  # left for the menu, or the window closed
            super().end()

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if (self.chat.open or self.naming is None) and self.chat.takes(event, (pygame.K_t,)):
            return None
        return super().process_event(event)

    def mouse_down(self, event: pygame.event.Event) -> Transition | None:
        """A click on a score box renames no team: the other computer would never hear of it."""
        if any(box.collidepoint(event.pos) for box in self.score_rects().values()):
            self.turns.refuse(_(NO_RENAMING))
            return None
        return super().mouse_down(event)

    def panel_view(self) -> PanelView:
        return replace(super().panel_view(), renames=False)  # no "click: rename" on the boxes

    def command(self, name: str) -> Transition | None:
        if name == "menu":
            self.turns.leave()
            return PopToRoot()
        return super().command(name)

    def text_box(self) -> pygame.Rect | None:
        return self.chat_box() if self.chat.open else super().text_box()

    def chat_box(self) -> pygame.Rect:
        """The chat line's box, at the foot of the panel."""
        lay = self.layout()
        panel, height = lay.panel, scaled(CHAT_H, lay.scale)
        return pygame.Rect(panel.x + 8, panel.bottom - height - 8, panel.w - 16, height)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.chat.open:
            self.chat.draw(surface, self.chat_box(), scaled(22, self.layout().scale))
