"""The victory screen of a network game, the same on the host's window and the guest's: who won
and how, from this seat's own view; a rematch with sides swapped once both ask (N), the replay
where this seat holds the game (the host), at a server the whole game's replay saved (S), the
menu, and a chat line (Enter: T is the turning point's key here). The other side's lines and
its leaving are said over the buttons."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from ...i18n import N_, _
from ...play.guest_turns import GuestTurns
from ...play.host_turns import HostTurns
from ...play.spectating import replay_bytes
from ...saves import write_new_file
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
SAVE_REPLAY = ("save_replay", N_("Save the whole replay (S)"), N_("Save replay (S)"))
SAVE_REPLAY_HINT = N_("The server's replay of the whole game, both teams' moves, in your saves")
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
        self.saving = False  # the server's replay asked for, to be written once it comes
        self.saved = ""  # its file's name once written

    @property
    def takes_text(self) -> bool:
        return self.chat.open

    def choices(self) -> tuple[tuple[str, str, str], ...]:
        ours = tuple(REMATCH if c[0] == "rematch" else c for c in super().choices()
                     if c[0] != "again")
        return (*ours[:-1], SAVE_REPLAY, ours[-1]) if self.can_save_replay() else ours

    def can_save_replay(self) -> bool:
        """A player at a server may save the whole game's replay, once."""
        turns = self.turns
        return isinstance(turns, GuestTurns) and turns.whole_replay and not self.saved

    def hints(self) -> dict[str, str]:
        return {**HINTS, "rematch": REMATCH_HINT, "save_replay": SAVE_REPLAY_HINT}

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
        if self.saving and turns.replay is not None:
            self.write_replay(turns.replay)
        return None

    def write_replay(self, save: dict[str, Any]) -> None:
        """The server's replay, as it came, a new file in the saves folder."""
        self.saving = False
        try:
            path = write_new_file(replay_bytes(save), self.session.game.map.name,
                                  self.app.saves.folder)
        except OSError as err:
            self.turns.message = _("The replay could not be saved: {why}").format(why=err)
            return
        self.saved = path.name
        self.turns.message = _("The whole replay is saved: {name} (Load game)").format(
            name=path.name)

    def hand_over(self, turns: HostTurns | GuestTurns) -> Transition:
        self.handed_over = True
        return Replace(PlayNetwork(turns))

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if self.chat.takes(event, CHAT_KEYS):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            return self.act("rematch")
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s and self.can_save_replay():
            return self.act("save_replay")
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
        if name == "save_replay":
            turns = self.turns
            assert isinstance(turns, GuestTurns)
            if turns.replay is not None or turns.ask_replay():
                self.saving = True
            else:
                turns.message = _("Not connected to the server: no replay now.")
            return None
        if name == "menu":
            return PopToRoot()  # end() says goodbye to the other side
        return super().act(name)

    def end(self) -> None:
        if not self.handed_over:
            self.turns.leave()
