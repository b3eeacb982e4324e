"""Play online: a laser-flag-server's lobby. The server's address (remembered), its public
games (asked again every few seconds), a game made on the map chosen in the menu, or one joined
from the list or by its code, then the game's board, as a guest's at a host; or a listed game
watched.

Tab or Up/Down moves between the fields · Enter joins · a game in the list fills its code, its
Watch button watches it · the wheel scrolls a list longer than the window shows · Esc goes back.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from ...engine.game_map import GameMap
from ...i18n import N_, _
from ...remote.lobby_link import LobbyLink
from ...remote.reasons import told
from ...remote.tls import PIN_FORM, Tls, normal, scheme
from ..routes import WatchOnline
from ..scale import scaled
from ..scene import Push, Transition
from ..widgets import ACCENT, DIM, TEXT, Button, draw_text, fit
from .join_scene import JoinScene
from .network_wake import wake

FIELDS = (("address", N_("Server (HOST or HOST:PORT)"), 60), ("code", N_("Game code"), 12),
          ("name", N_("Your name"), 24),
          ("fingerprint", N_("Certificate fingerprint (optional)"), 100))
FINGERPRINT = 3  # the fingerprint's field, by its place in FIELDS
# A listed game's state as the lobby names it (docs/PROTOCOL.md), in the player's words.
STATES = {"waiting": N_("waiting for a player"), "playing": N_("in play"), "over": N_("over")}
# The games are asked for again this often. The screen sleeps meanwhile: the loop still updates
# an idle screen every IDLE_WAIT_MS (ui/loop.py), which is when a refresh due is asked for, and
# the lobby's answer wakes it.
LIST_MS = 3000
GAME_ROW = "game "  # a listed game's button is named this and its code
WATCH_ROW = "watch "  # and its Watch button this and its code


class OnlineScene(JoinScene):
    """The lobby of a server, then the wait for the game's welcome (JoinScene's)."""

    title = N_("Play online")
    subtitle = N_("play on a server: no port to forward")
    form_fields = FIELDS
    form_h = 800  # on a tall window, room for six games below the fields

    @property
    def hint(self) -> str:  # type: ignore[override]
        """Said under the fields until the games are listed."""
        return "" if self.games else N_("Enter a server's address, then List games: its open "
                                        "games are listed below. tls:// before the address "
                                        "connects over TLS; a self-signed server's fingerprint, "
                                        "as it prints it, pins its certificate.")

    def __init__(self, gm: GameMap | None, fog: bool,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.gm, self.fog = gm, fog
        self.lobby: LobbyLink | None = None
        self.games: list[dict[str, Any]] = []
        self.creating = False  # a create is sent once the lobby greets us
        self.clock = clock  # seconds, only ever compared with itself
        self.list_due = 0.0  # when the games are asked for again, on `clock`
        self.scrolled = 0  # the first game shown, by its place in the list
        self.followed = ""  # the address whose fingerprint the field was last given
        self.lobby_server = ("", "")  # the address and fingerprint the lobby was reached by

    def resume(self) -> None:
        if not self.values["address"]:
            self.fields["address"].text = self.app.settings.server_address
            self.focus = 1 if self.values["address"] else 0
        self.follow_address()

    def follow_address(self) -> None:
        """A server connected to before, typed (or remembered) in the address field, brings
        its fingerprint with it, or clears the field if it had none; another address leaves the
        field as it is (its fingerprint may be typed first)."""
        address = self.values["address"]
        if address != self.followed:
            self.followed = address
            pin = self.app.settings.server_pins.get(address)
            if pin is not None:
                self.fields["fingerprint"].text = pin

    def buttons(self) -> list[Button]:
        if self.joining is not None:
            return self.foot_buttons([("back", "Cancel")])
        player = super().buttons()[0]
        made = (_("Create on {map}").format(map=self.gm.name) if self.gm is not None
                else _("Create"))
        back, games, create, join = self.foot_buttons(
            [("back", _("Back")), ("games", _("List games")), ("create", made),
             ("join", _("Join"))])
        create = replace(create, enabled=self.gm is not None)
        return [player, back, games, create, join, *self.game_buttons()]

    def list_rows(self) -> int:
        """How many games' rows fit between the list's heading and the buttons at the foot."""
        step = self.row_rect(1).y - self.row_rect(0).y
        return max(1, (self.foot_y() - self.row_rect(len(self.form_fields) + 2).y) // step)

    def shown(self) -> tuple[int, list[dict[str, Any]]]:
        """The place of the first game shown, and the games shown: as many as fit, from where
        the list is scrolled to (never past its end, however the window or the list changed)."""
        rows = self.list_rows()
        first = min(self.scrolled, max(0, len(self.games) - rows))
        return first, self.games[first:first + rows]

    def game_buttons(self) -> list[Button]:
        """A row for each game shown: a click fills in its code; and its Watch button."""
        first = len(self.form_fields) + 2
        rows = []
        for i, game in enumerate(self.shown()[1]):
            row = self.row_rect(first + i)
            watch_w = min(scaled(110, self.scale), row.w // 4)
            watch = pygame.Rect(row.right - watch_w, row.y, watch_w, row.h)
            row.w -= watch_w + scaled(8, self.scale)
            players = " v ".join(game["players"][t] or _("(free)") for t in ("1", "2"))
            state = game["state"]
            label = _("{code} · {map} · {players} · {fog} · {watchers} watching · {state}").format(
                code=game["code"], map=game["map"], players=players,
                fog=_("fog") if game["fog"] else _("no fog"), watchers=game["watchers"],
                state=_(STATES[state]) if state in STATES else state)
            rows.append(Button(GAME_ROW + game["code"], label, row))
            rows.append(Button(WATCH_ROW + game["code"], _("Spectate"), watch,
                               hint=_("Watch this game: its board as spectators see it")))
        return rows

    def act(self, name: str) -> Transition | None:
        if name.startswith(WATCH_ROW):
            return self.watch(name.removeprefix(WATCH_ROW))
        if name.startswith(GAME_ROW):
            self.fields["code"].text = name.removeprefix(GAME_ROW)
            return None
        if name == "back" and self.joining is None and self.lobby is not None:
            self.lobby.close()
        if name == "games":
            self.connect()
        elif name == "create" and self.gm is not None:
            self.creating = True
            self.connect()
        return super().act(name)

    def watch(self, code: str) -> Transition | None:
        """The listed game `code`, watched on the server the list came from."""
        where = self.destination()
        return None if where is None else Push(WatchOnline(*where, code))

    def destination(self) -> tuple[tuple[str, int], Tls | None] | None:
        """The server's address, over TLS when it begins with tls:// (the certificate checked
        by the system's authorities) or a fingerprint is given (that certificate alone)."""
        text, secure = scheme(self.values["address"])
        address = self.address(text)
        pin = self.values["fingerprint"].strip()
        if address is None:
            return None
        if not pin:
            return address, Tls() if secure else None
        try:
            return address, Tls(pin=normal(pin))
        except ValueError:
            self.problem, self.focus = _(PIN_FORM), FINGERPRINT
            return None

    def connect(self) -> None:
        """To the server's lobby (again); the games are listed once it greets us."""
        where = self.destination()
        if where is None:
            return
        if self.lobby is not None:
            self.lobby.close()
        self.problem, self.games = "", []
        self.lobby = LobbyLink(*where)
        self.lobby_server = self.typed_server()  # the fields may change before it answers
        self.lobby.notify = wake  # a message is taken in and drawn at once
        self.list_due = self.clock() + LIST_MS / 1000
        self.lobby.start()

    def joined(self) -> None:
        self.remember(self.typed_server())

    def typed_server(self) -> tuple[str, str]:
        """The server as the form names it: its address and fingerprint fields."""
        return self.values["address"], self.values["fingerprint"].strip()

    def remember(self, server: tuple[str, str]) -> None:
        """A server that answered, kept with its fingerprint: one mistyped or refusing its
        certificate is not remembered."""
        self.app.settings.use_server(*server)

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEWHEEL:
            self.scrolled = max(0, self.shown()[0] - event.y)
            return None
        return super().process_event(event)

    def update(self, dt_ms: int) -> Transition | None:
        self.follow_address()
        self.hear_lobby()
        return super().update(dt_ms)

    def hear_lobby(self) -> None:
        """The lobby's messages so far; the games asked for again once that is due."""
        if self.lobby is None:
            return
        if self.clock() >= self.list_due:
            self.ask_list()
        while self.lobby is not None and not self.lobby.inbox.empty():
            self.heard(self.lobby.inbox.get_nowait())

    def ask_list(self) -> None:
        """The games asked for, and again LIST_MS later; a list not sent (no connection yet)
        is asked for at the next update."""
        if self.lobby.send({"type": "list"}):
            self.list_due = self.clock() + LIST_MS / 1000

    def heard(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "hello":
            self.remember(self.lobby_server)
            self.ask_list()
            if self.creating and self.gm is not None:
                self.lobby.send({"type": "create", "map": self.gm.to_json_dict(),
                                 "fog": self.fog})
        elif kind == "games":
            self.games = list(message.get("games") or [])
        elif kind == "created":
            self.creating = False
            self.fields["code"].text = str(message.get("secret"))
            self.join()
        elif kind in ("error", "lost", "bye"):
            self.creating = False
            self.problem = told(message)
            if kind != "error":  # the connection is over: its thread wakes the loop no more
                self.lobby.close()
                self.lobby = None

    def end(self) -> None:
        if self.lobby is not None:
            self.lobby.close()

    def draw_form(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        super().draw_form(surface, area)
        if self.lobby is not None and not self.games and self.joining is None:
            row = self.row_rect(len(self.form_fields) + 2)
            draw_text(surface, _("No open game listed: create one."), (row.x, row.centery),
                      scaled(20, self.scale), DIM, anchor="midleft")
        if self.games:
            row = self.row_rect(len(self.form_fields) + 1)
            first, shown = self.shown()
            heading = (_("Open games (click one to fill in its code):")
                       if len(shown) == len(self.games) else
                       _("Open games {first}-{last} of {count} (the wheel scrolls; click one to "
                         "fill in its code):").format(first=first + 1, last=first + len(shown),
                                                      count=len(self.games)))
            size = scaled(20, self.scale)
            draw_text(surface, fit(heading, size, row.w), (row.right, row.centery), size,
                      ACCENT if self.joining is None else TEXT, anchor="midright")
