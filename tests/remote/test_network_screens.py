"""The network screens headless, through the real main loop with real pygame events: the menu's
Host a game (choices, then the address, port and code, then the board once the guest is in),
Join a game (typing the address and code; a refusal shown; the board once welcomed), and a
guest playing its turn from the board against a host in this process."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from laser_flag.i18n import use_language
from laser_flag.play.guest_turns import GUEST_ON_LEAVING
from laser_flag.play.host_turns import HOST_ON_LEAVING
from laser_flag.remote import protocol
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.network import host_scene
from laser_flag.ui.network.host_scene import HostScene
from laser_flag.ui.network.join_scene import JoinScene
from laser_flag.ui.network.network_scene import NO_RENAMING, NetworkScene
from laser_flag.ui.network.network_start import Joining
from laser_flag.ui.widgets import ACCENT

from ..keys import post_typed
from ..ui.conftest import app, click, frames, menu_button, press  # noqa: F401 (a fixture)
from ..ui.test_menu_tooltip import menu_tooltip
from .net import MAPS, RawGuest, hosted

pytestmark = pytest.mark.net  # a host and its guests over sockets on 127.0.0.1


def type_text(application, text: str) -> None:
    for char in text:
        key = pygame.key.key_code(char.lower()) if char.isalnum() else pygame.K_PERIOD
        post_typed(key, char)
    frames(application)


def has_colour(surface, rect, colour) -> bool:
    return any(surface.get_at((x, y))[:3] == colour
               for x in range(rect.x, rect.right, 2) for y in range(rect.y, rect.bottom, 2))


def frames_until(application, done, host_turns=None, seconds=120.0):
    """Frames (and the host's ticks) until `done()`, for at most `seconds`: a timeout a loaded
    machine does not reach, where a count of frames ran out while another process (a server, a
    host's worker) was still starting."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("not done in time")
        frames(application)
        if host_turns is not None:
            host_turns.tick(16, 0.0)
        time.sleep(0.002)


@pytest.fixture
def menu(app, monkeypatch):  # noqa: F811 (the fixture)
    monkeypatch.setattr(host_scene, "PORTS", (0,))
    scene = MenuScene(maps_dir=MAPS)
    app.push(scene)
    frames(app)
    return scene


def test_host_a_game_shows_address_port_and_code_then_the_board(app, menu):  # noqa: F811
    blitz = next(i for i, e in enumerate(menu.chooser.entries) if e.path.stem == "blitz")
    menu.chooser.chosen = blitz
    click(app, menu_button(menu, "host").rect.center)
    scene = app.top
    assert isinstance(scene, HostScene) and scene.gm.name == "Blitz"
    press(app, pygame.K_2)  # the host takes team 2
    press(app, pygame.K_p)  # played by Easy
    assert (scene.team, scene.player) == ("2", "Easy")
    press(app, pygame.K_RETURN)
    turns = scene.turns
    assert turns is not None and turns.guest_team == "1"
    address, port = turns.host.address
    assert address == "127.0.0.1" and port > 0
    frames(app)
    shown = pygame.display.get_surface().copy()
    area = scene.form_rect()
    code_band = pygame.Rect(area.x + 16, area.y + 64 + 2 * 76 + 22, 300, 40)
    assert has_colour(shown, code_band, ACCENT)  # the join code, big, in the accent colour
    guest = RawGuest((address, port))
    hello = guest.join(turns.host.code, protocol.map_digest(turns.game.map))
    assert hello["team"] == "1"
    frames_until(app, lambda: isinstance(app.top, NetworkScene))
    assert app.top.turns is turns
    frames(app, 3)
    board = pygame.display.get_surface()
    assert not has_colour(board, code_band, ACCENT)  # the board now, not the code
    press(app, pygame.K_ESCAPE)
    app.top.command("menu")
    guest.close()


def test_join_a_game_types_the_address_and_code_and_opens_the_board(app, menu):  # noqa: F811
    with guest_game(app, "Easy") as hosting:
        click(app, menu_button(menu, "join").rect.center)
        scene = app.top
        assert isinstance(scene, JoinScene)
        address, port = hosting.host.address
        type_text(app, f"{address}:{port}")
        press(app, pygame.K_TAB)
        type_text(app, "zzzzzz")  # a wrong code first
        press(app, pygame.K_RETURN)
        frames_until(app, lambda: scene.problem, hosting)
        assert scene.problem == "Refused: wrong join code" and app.top is scene
        for _ in range(6):
            press(app, pygame.K_BACKSPACE)
        type_text(app, hosting.host.code.lower())
        assert scene.values["code"] == hosting.host.code
        press(app, pygame.K_RETURN)
        frames_until(app, lambda: isinstance(app.top, NetworkScene), hosting)
        board = app.top
        assert board.turns.team == "2"
        # The host's bot plays team 1; then it is the guest's turn, played from the board.
        frames_until(app, lambda: board.turns.ask is not None and board.turns.playback is None,
                     hosting)
        moves = len(hosting.game.history)
        press(app, pygame.K_e)
        if board.turns.confirming_end:
            press(app, pygame.K_e)
        frames_until(app, lambda: len(hosting.game.history) > moves, hosting)
        assert hosting.game.active_team == "1"
        frames_until(app, lambda: board.game.active_team == "1", hosting)


@pytest.mark.parametrize(("language", "said"), [("de", "Abgelehnt: falscher Beitrittscode"),
                                               ("zh_CN", "被拒绝：加入码错误")])
def test_a_refusal_reads_in_the_guests_language(app, menu, language, said):  # noqa: F811
    """The host refuses in English, as every message on the wire reads; the guest's form says
    it in the guest's language."""
    use_language(language)
    with guest_game(app, "Easy") as hosting:
        click(app, menu_button(menu, "join").rect.center)
        scene = app.top
        address, port = hosting.host.address
        type_text(app, f"{address}:{port}")
        press(app, pygame.K_TAB)
        type_text(app, "zzzzzz")
        press(app, pygame.K_RETURN)
        frames_until(app, lambda: scene.problem, hosting)
        assert scene.problem == said


@contextmanager
def guest_game(app, player: str) -> Iterator:  # noqa: F811 (the fixture app, passed on)
    """A blitz game hosted here with `player` on the host's side; afterwards the host leaves
    and the guest's board, if it is on top, goes back to the menu."""
    hosting = hosted("blitz", player=player)
    try:
        yield hosting
    finally:
        hosting.leave()
        if isinstance(app.top, NetworkScene):
            app.top.command("menu")


def joined(app, hosting):  # noqa: F811 (the fixture app, passed on)
    """The guest's board of `hosting`'s game, joined without the form, one frame drawn."""
    joining = Joining(hosting.host.address, hosting.host.code)
    frames_until(app, lambda: (turns := joining.poll()) and app.push(NetworkScene(turns))
                 is None, hosting)
    frames(app)
    return app.top


def test_the_guest_is_told_whose_turn_it_is_when_it_clicks_out_of_turn(app, menu):  # noqa: F811
    with guest_game(app, "Human") as hosting:
        board = joined(app, hosting)
        press(app, pygame.K_e)
        assert board.turns.message == f"It is {board.session.names['1']}'s turn: they play on " \
                                      "the host's computer."
        assert not hosting.game.history


def test_a_network_game_does_not_rename_a_team_on_one_side_only(app, menu):  # noqa: F811
    with guest_game(app, "Human") as hosting:
        board = joined(app, hosting)
        names = dict(board.session.names)
        assert not board.panel_view().renames  # no "click: rename" under the names
        for team, box in board.score_rects().items():
            click(app, box.center)
            assert board.naming is None, team
            assert board.turns.message == NO_RENAMING
            press(app, pygame.K_x)  # a key typed next goes nowhere near a name
        assert board.session.names == names == hosting.session.names


def test_the_menu_button_says_who_keeps_a_network_game(app, menu):  # noqa: F811
    hosting = hosted("blitz", player="Human")
    try:
        guest_board = joined(app, hosting)
        assert menu_tooltip(app, guest_board) == GUEST_ON_LEAVING
        app.push(NetworkScene(hosting))
        frames(app)
        assert menu_tooltip(app, app.top) == HOST_ON_LEAVING
    finally:
        hosting.leave()
        for scene in app.scenes:
            if isinstance(scene, NetworkScene):
                scene.turns.leave()
