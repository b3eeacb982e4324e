"""Join a game: the host's address and join code typed in, then the game screen once the host
welcomes us, or the host's reason for refusing.

Tab or Up/Down moves between the fields · Enter joins · Esc goes back (and stops trying).
"""

from __future__ import annotations

import pygame

from ...bots import LEVELS
from ...i18n import N_, _
from ...remote.guest import ADDRESS_FORM, parse_address
from ...remote.tls import Tls
from ..game.name_field import FIELD, NameField, draw_typed
from ..routes import PlayNetwork
from ..scale import scaled
from ..scene import Pop, Replace, Transition
from ..widgets import (
    ACCENT,
    BAD,
    DIM,
    PANEL_EDGE,
    TEXT,
    Button,
    button_at,
    draw_box,
    draw_lines,
    draw_text,
    fit,
    font,
    wrap_cut,
)
from .form_scene import FormScene
from .network_start import Joining

FIELDS = (("address", N_("Host's address (HOST or HOST:PORT)"), 60),
          ("code", N_("Join code"), 12), ("name", N_("Your name"), 24))


class JoinScene(FormScene):
    """The join form, then the wait for the host's answer."""

    title = N_("Join a game")
    form_fields = FIELDS  # (name, label, most characters) of each text field
    hint = N_("The host's screen shows the address, port and code.")

    def __init__(self, address: str = "") -> None:
        start = {"address": address, "name": _("Guest")}  # any other field starts empty
        self.fields = {name: NameField(name, start.get(name, ""), selected=False, limit=limit,
                                       upper=name == "code")
                       for name, __, limit in self.form_fields}
        self.focus = 0 if not address else 1
        self.player = LEVELS[0]
        self.joining: Joining | None = None
        self.problem = ""

    @property
    def takes_text(self) -> bool:
        return self.joining is None

    @property
    def values(self) -> dict[str, str]:
        """What each field holds."""
        return {name: field.text for name, field in self.fields.items()}

    def field_box(self, index: int) -> pygame.Rect:
        row = self.row_rect(index)
        width = min(scaled(300, self.scale), row.w // 2)
        return pygame.Rect(row.right - width, row.y, width, row.h)

    def text_box(self) -> pygame.Rect | None:
        return self.field_box(self.focus)

    def buttons(self) -> list[Button]:
        player = self.row_buttons([*(("", "", "") for __ in self.form_fields),
                                   ("player", "", self.player)])[-1]
        if self.joining is not None:
            return self.foot_buttons([("back", _("Cancel"))])
        return [player, *self.foot_buttons([("back", _("Back")), ("join", _("Join"))])]

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING) and self.joining is None:
            self.fields[self.form_fields[self.focus][0]].handle(event)
            return None
        if event.type == pygame.KEYDOWN and self.joining is None:
            return self.typed(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.act("back")
        return super().process_event(event)

    def typed(self, event: pygame.event.Event) -> Transition | None:
        """A key while the form is up: Enter joins, Esc goes back, Tab and the arrows move
        between the fields; the rest edit the field in focus (its text comes as text input)."""
        field, key = self.fields[self.form_fields[self.focus][0]], event.key
        if field.composing:  # the input method's keys
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.act("join")
        if key == pygame.K_ESCAPE:
            return self.act("back")
        if key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_UP):
            step = -1 if key == pygame.K_UP else 1
            self.focus = (self.focus + step) % len(self.form_fields)
        else:
            field.handle(event)
        return None

    def key(self, key: int) -> Transition | None:
        return None  # every key goes to `typed` while the form is up

    def click(self, xy: tuple[int, int]) -> Transition | None:
        button = button_at(self.buttons(), xy)
        if button:
            return self.act(button.name)
        for i in range(len(self.form_fields)):
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
        where = self.destination()
        if where is None:
            return
        if not self.values["code"].strip():
            self.problem, self.focus = _("Type the join code the host shows."), 1
            return
        self.problem = ""
        self.joining = Joining(where[0], self.values["code"],
                               self.values["name"] or _("Guest"), self.player, where[1])

    def destination(self) -> tuple[tuple[str, int], Tls | None] | None:
        """Where to connect and how, as the fields say; None, the problem said and its field
        in focus, when they say it wrongly. A host speaks plain TCP."""
        address = self.address(self.values["address"])
        return None if address is None else (address, None)

    def address(self, text: str) -> tuple[str, int] | None:
        """The address field's `text` read as HOST[:PORT]; None, the problem said, if not."""
        try:
            return parse_address(text)
        except ValueError:
            self.problem, self.focus = _(ADDRESS_FORM).format(text=repr(text)), 0
            return None

    def update(self, dt_ms: int) -> Transition | None:
        if self.joining is None:
            return None
        try:
            turns = self.joining.poll()
        except ConnectionRefusedError as exc:
            self.joining, self.problem = None, _("Refused: {exc}").format(exc=exc)
            return None
        if turns is None:
            return None
        self.joined()
        return Replace(PlayNetwork(turns))

    def joined(self) -> None:
        """The game was joined: what the form said worked (a scene may keep it)."""

    def animating(self) -> bool:
        return self.joining is not None

    def draw_form(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        size = scaled(22, self.scale)
        for i, (name, label, __) in enumerate(self.form_fields):
            row, box = self.row_rect(i), self.field_box(i)
            draw_text(surface, fit(label, size, box.x - row.x - 8), (row.x, row.centery), size,
                      TEXT, anchor="midleft")
            focused = i == self.focus and self.joining is None
            draw_box(surface, box, FIELD, ACCENT if focused else PANEL_EDGE)
            draw_typed(surface, self.fields[name], (box.x + 8, box.centery), box.w - 16, size,
                       caret=focused, bold=name == "code")
        self.draw_rows(surface, [*(("", "", "") for __ in self.form_fields),
                                 ("player", _("Your seat is played by"), "")])
        y = self.row_rect(len(self.form_fields) + 1).y + scaled(8, self.scale)
        line, width = scaled(20, self.scale), area.w - 2 * self.inset()
        if self.joining is not None:
            words, color = self.joining.status, ACCENT
        elif self.problem:
            words, color = self.problem, BAD
        else:
            words, color = _(self.hint) if self.hint else "", DIM
        room = (self.foot_y() - y) // font(line).get_linesize()
        draw_lines(surface, wrap_cut(words, line, width, room), (area.x + self.inset(), y), line,
                   color)
