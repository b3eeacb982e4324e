"""Host a game: choose your side, who plays it and who may join, then show the address, port
and join code until the guest arrives (the game screen follows at once).

Enter starts hosting · Esc goes back (and stops hosting) · 1/2 your side · P your player ·
N who may join · F fog of war.
"""

from __future__ import annotations

import socket

import pygame

from ...bots import LEVELS
from ...engine.game_map import TEAMS, GameMap
from ...i18n import N_, _
from ...play.host_turns import HostTurns
from ...remote.host import DEFAULT_PORT
from ..routes import PlayNetwork
from ..scale import scaled
from ..scene import Pop, Replace, Transition
from ..widgets import (
    ACCENT,
    BAD,
    DIM,
    TEXT,
    Button,
    button_at,
    draw_lines,
    draw_text,
    fit,
    font,
    text_size,
    wrap_cut,
)
from .form_scene import FormScene
from .network_start import host_game

EVERYWHERE = "0.0.0.0"
PORTS = (DEFAULT_PORT, 0)  # the usual port, else any free one


def lan_address() -> str:
    """This computer's address on its network (no packet is sent), or its name."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address: only picks the route
        return probe.getsockname()[0]
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()


class HostScene(FormScene):
    """Hosting `gm` (fog as the menu chose it)."""

    title = N_("Host a game")

    def __init__(self, gm: GameMap, fog: bool) -> None:
        self.gm, self.fog = gm, fog
        self.team, self.player, self.everywhere = "1", LEVELS[0], False
        self.turns: HostTurns | None = None
        self.problem = ""

    def rows(self) -> list[tuple[str, str, str]]:
        """(button name, label, value) of each choice, before hosting starts."""
        name = self.gm.teams[self.team].name
        return [
            ("team", _("You play (1/2)"), _("{name}, team {team}").format(
                name=name, team=self.team)),
            ("player", _("Your seat is played by (P)"), self.player),
            ("network", _("Who may join (N)"),
             _("Any computer on your network") if self.everywhere else _("This computer only")),
            ("fog", _("Fog of war (F)"), _("On") if self.fog else _("Off")),
        ]

    def buttons(self) -> list[Button]:
        if self.turns is not None:
            return self.foot_buttons([("back", _("Stop hosting")), ("play", _("Go to the board"))])
        return [*self.row_buttons(self.rows()),
                *self.foot_buttons([("back", _("Back")), ("start", _("Start hosting"))])]

    def key(self, key: int) -> Transition | None:
        names = {pygame.K_RETURN: "start", pygame.K_KP_ENTER: "start", pygame.K_ESCAPE: "back",
                 pygame.K_1: "team", pygame.K_2: "team", pygame.K_p: "player",
                 pygame.K_n: "network", pygame.K_f: "fog"}
        if key in names and (self.turns is None or names[key] in ("back", "start")):
            return self.act("play" if self.turns and names[key] == "start" else names[key])
        return None

    def click(self, xy: tuple[int, int]) -> Transition | None:
        button = button_at(self.buttons(), xy)
        return self.act(button.name) if button else None

    def act(self, name: str) -> Transition | None:
        if name == "back":
            if self.turns is not None:
                self.turns.leave()
            return Pop()
        if name == "play" and self.turns is not None:
            return Replace(PlayNetwork(self.turns))
        if name == "start":
            self.start()
        elif name == "team":
            self.team = TEAMS[1 - TEAMS.index(self.team)]
        elif name == "player":
            self.player = LEVELS[(LEVELS.index(self.player) + 1) % len(LEVELS)]
        elif name == "network":
            self.everywhere = not self.everywhere
        elif name == "fog":
            self.fog = not self.fog
        return None

    def start(self) -> None:
        bind = EVERYWHERE if self.everywhere else "127.0.0.1"
        for port in PORTS:
            try:
                self.turns = host_game(self.gm, self.fog, self.team, self.player, bind, port,
                                       self.app.options.seed, self.app.options.state_file)
                return
            except OSError as exc:
                self.problem = _("Cannot listen on {bind}:{port}: {exc}").format(
                    bind=bind, port=port, exc=exc)

    def update(self, dt_ms: int) -> Transition | None:
        if self.turns is not None and self.turns.host.seated:
            return Replace(PlayNetwork(self.turns))  # the guest is here: play
        return None

    def animating(self) -> bool:
        return self.turns is not None  # watching for the guest

    def draw_form(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        s, inset = self.scale, self.inset()
        x, y, width = area.x + inset, area.y + inset, area.w - 2 * inset
        title = scaled(30, s)
        room = width - text_size(self.title, scaled(26, s), True)[0] - inset
        draw_text(surface, fit(self.gm.name, title, room, True), (x, y), title, TEXT, bold=True)
        small = scaled(18, s)
        if self.turns is None:
            self.draw_rows(surface, self.rows())
            note = (_("Friends on your network can join: your firewall may ask.")
                    if self.everywhere else _("Only this computer can join (for a test, or a "
                                              "bot)."))
            draw_text(surface, fit(note, small, width), (x, self.foot_y() - scaled(30, s)),
                      small, DIM)
        else:
            self.draw_address(surface, area)
        if self.problem and self.turns is None:
            draw_text(surface, fit(self.problem, small, width), (x, y + scaled(38, s)), small,
                      BAD)

    def draw_address(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        bound, port = self.turns.host.address
        address = lan_address() if bound == EVERYWHERE else bound
        s, inset = self.scale, self.inset()
        x, y, width = area.x + inset, area.y + scaled(64, s), area.w - 2 * inset
        label, value, line = scaled(20, s), scaled(40, s), scaled(20, s)
        for name, shown in ((_("Address"), address), (_("Port"), str(port)),
                            (_("Join code"), self.turns.host.code)):
            draw_text(surface, name, (x, y), label, DIM)
            draw_text(surface, fit(shown, value, width, True), (x, y + scaled(22, s)), value,
                      ACCENT, bold=True)
            y += scaled(76, s)
        guest = self.gm.teams[self.turns.guest_team].name
        words = _("Your friend plays {guest}: Join a game in their menu, with this address and "
                  "code, or: laser-flag join {address}:{port} --code {code}").format(
            guest=guest, address=address, port=port, code=self.turns.host.code)
        room = (self.foot_y() - y) // font(line).get_linesize() - 1
        y = draw_lines(surface, wrap_cut(words, line, width, room), (x, y), line, TEXT)
        draw_text(surface, _("Waiting for them to join..."), (x, y), line, TEXT)
