"""Join a game: the host's address and join code typed in, then the game screen once the host
welcomes us, or the host's reason for refusing.

Tab or Up/Down moves between the fields · Enter joins · Esc goes back (and stops trying).
"""

from __future__ import annotations

import pygame

from ...bots import LEVELS
from ...i18n import N_, _
from ...remote.guest import parse_address
from ..routes import PlayNetwork
from ..scene import Pop, Replace, Transition
from ..widgets import (
    ACCENT,
    BAD,
    DIM,
    TEXT,
    Button,
    button_at,
    draw_box,
    draw_lines,
    draw_text,
    wrap,
)
from .form_scene import FormScene
from .network_start import Joining

FIELDS = (("address", N_("Host's address (HOST or HOST:PORT)"), 60),
          ("code", N_("Join code"), 12), ("name", N_("Your name"), 24))


class JoinScene(FormScene):
    """The join form, then the wait for the host's answer."""

    title = N_("Join a game")

    def __init__(self, address: str = "") -> None:
        self.values = {"address": address, "code": "", "name": _("Guest")}
        self.focus = 0 if not address else 1
        self.player = LEVELS[0]
        self.joining: Joining | None = None
        self.problem = ""

    @property
    def takes_text(self) -> bool:
        return self.joining is None

    def buttons(self) -> list[Button]:
        player = self.row_buttons([*(("", "", "") for __ in FIELDS),
                                   ("player", "", self.player)])[-1]
        if self.joining is not None:
            return self.foot_buttons([("back", _("Cancel"))])
        return [player, *self.foot_buttons([("back", _("Back")), ("join", _("Join"))])]

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN and self.joining is None:
            return self.typed(event.key, event.unicode)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.act("back")
        return super().process_event(event)

    def typed(self, key: int, char: str) -> Transition | None:
        name, __, limit = FIELDS[self.focus]
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.act("join")
        if key == pygame.K_ESCAPE:
            return self.act("back")
        if key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_UP):
            step = -1 if key == pygame.K_UP else 1
            self.focus = (self.focus + step) % len(FIELDS)
        elif key == pygame.K_BACKSPACE:
            self.values[name] = self.values[name][:-1]
        elif char and char.isprintable() and len(self.values[name]) < limit:
            self.values[name] += char.upper() if name == "code" else char
        return None

    def key(self, key: int) -> Transition | None:
        return None  # every key goes to `typed` while the form is up

    def click(self, xy: tuple[int, int]) -> Transition | None:
        button = button_at(self.buttons(), xy)
        if button:
            return self.act(button.name)
        for i in range(len(FIELDS)):
            if self.row_rect(i).collidepoint(xy):
                self.focus = i
        return None

    def act(self, name: str) -> Transition | None:
        if name == "back":
            if self.joining is not None:
                self.joining.cancel()
                self.joining = None
                return None
            return Pop()
        if name == "player":
            self.player = LEVELS[(LEVELS.index(self.player) + 1) % len(LEVELS)]
        elif name == "join":
            self.join()
        return None

    def join(self) -> None:
        try:
            address = parse_address(self.values["address"])
        except ValueError as exc:
            self.problem, self.focus = str(exc), 0
            return
        if not self.values["code"].strip():
            self.problem, self.focus = _("Type the join code the host shows."), 1
            return
        self.problem = ""
        self.joining = Joining(address, self.values["code"], self.values["name"] or _("Guest"),
                               self.player)

    def update(self, dt_ms: int) -> Transition | None:
        if self.joining is None:
            return None
        try:
            turns = self.joining.poll()
        except ConnectionRefusedError as exc:
            self.joining, self.problem = None, _("Refused: {exc}").format(exc=exc)
            return None
        return None if turns is None else Replace(PlayNetwork(turns))

    def animating(self) -> bool:
        return self.joining is not None

    def draw_form(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        for i, (name, label, __) in enumerate(FIELDS):
            row = self.row_rect(i)
            draw_text(surface, label, (row.x, row.centery), 22, TEXT, anchor="midleft")
            box = pygame.Rect(row.right - min(300, row.w // 2), row.y, min(300, row.w // 2),
                              row.h)
            focused = i == self.focus and self.joining is None
            draw_box(surface, box, (22, 24, 30), ACCENT if focused else (70, 76, 92))
            caret = "|" if focused else ""
            draw_text(surface, self.values[name] + caret, (box.x + 8, box.centery), 22, TEXT,
                      bold=name == "code", anchor="midleft")
        self.draw_rows(surface, [*(("", "", "") for __ in FIELDS),
                                 ("player", _("Your seat is played by"), "")])
        y = self.row_rect(len(FIELDS) + 1).y + 8
        if self.joining is not None:
            draw_text(surface, self.joining.status, (area.x + 16, y), 22, ACCENT)
        elif self.problem:
            draw_lines(surface, wrap(self.problem, 20, area.w - 32)[:3], (area.x + 16, y), 20,
                       BAD)
        else:
            draw_text(surface, _("The host's screen shows the address, port and code."),
                      (area.x + 16, y), 20, DIM)
