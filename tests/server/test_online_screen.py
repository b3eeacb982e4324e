"""Play online, headless through the real main loop with real pygame events, against a real
server process: the menu's Play online, the server's address typed (and remembered), its games
listed, a game made on the chosen map and the board once a second player joins it; a game
joined from the list by a click on it; the screen sleeps while nothing happens, woken by the
lobby's messages, and asks for the games again when its clock says so."""

from __future__ import annotations

import pygame
import pytest

from laser_flag.remote.lobby_link import LobbyLink
from laser_flag.saves import load_save
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.network import online_scene
from laser_flag.ui.network.network_scene import NetworkScene
from laser_flag.ui.network.network_victory_scene import NetworkVictoryScene
from laser_flag.ui.network.network_wake import wake
from laser_flag.ui.network.online_scene import GAME_ROW, LIST_MS, OnlineScene
from laser_flag.ui.widgets import BAD, BUTTON

from ..remote.net import MAPS, SteppedClock
from ..remote.test_network_screens import frames_until, has_colour, type_text
from ..ui.conftest import app, click, frames, menu_button, press  # noqa: F401 (a fixture)
from .quiet import Quiet
from .running import create, server, sit

pytestmark = [pytest.mark.net, pytest.mark.slow]


@pytest.fixture
def online(app):  # noqa: F811 (the fixture)
    """The menu (blitz chosen), then Play online; the server's address not yet typed."""
    menu = MenuScene(maps_dir=MAPS)
    app.push(menu)
    frames(app)
    click(app, menu_button(menu, "online").rect.center)
    assert isinstance(app.top, OnlineScene)
    return app.top


def leave(app):  # noqa: F811
    if isinstance(app.top, NetworkScene):
        app.top.command("menu")
    frames(app)


def test_a_game_made_online_opens_its_board_once_another_player_joins(app, online):  # noqa: F811
    with server("--seed", "5") as running:
        host, port = running.address
        type_text(app, f"{host}:{port}")
        button = next(b for b in online.buttons() if b.name == "create")
        assert button.enabled and button.label.startswith("Create on ")
        click(app, button.rect.center)
        frames_until(app, lambda: online.joining is not None)
        assert app.settings.server_address == f"{host}:{port}"
        listed = create(running.address)[0]  # a lobby visitor sees the game made
        listed.send({"type": "list"})
        code = listed.read("games")["games"][0]["code"]
        other = sit(running.address, code, "Bob")
        frames_until(app, lambda: isinstance(app.top, NetworkScene))
        assert app.top.turns.team == "1"
        assert other.read("room")["players"]["1"] == "Guest"
        leave(app)


def test_a_listed_game_is_joined_by_a_click_on_it(app, online):  # noqa: F811
    with server("--seed", "6") as running:
        _, made = create(running.address, fog=True)
        maker = sit(running.address, made["secret"], "Ann")
        online.fields["address"].text = f"{running.address[0]}:{running.address[1]}"
        click(app, next(b for b in online.buttons() if b.name == "games").rect.center)
        frames_until(app, lambda: online.games)
        row = next(b for b in online.buttons() if b.name == f"game {made['code']}")
        assert row.label == f"{made['code']} · Blitz · Ann v (free) · fog · 0 watching · " \
            "waiting for a player"  # the lobby's state in the player's words
        click(app, row.rect.center)
        assert online.values["code"] == made["code"]
        press(app, pygame.K_RETURN)
        frames_until(app, lambda: isinstance(app.top, NetworkScene))
        assert app.top.turns.team == "2" and app.top.game.fog
        maker.read("your_turn")  # the game began: team 1 is asked
        leave(app)


def test_a_server_is_remembered_once_a_game_on_it_is_joined(app, online):  # noqa: F811
    """Join pressed without listing first: the server is kept only once the game is joined, so
    a wrong address or code typed and refused is not offered next time."""
    with server("--seed", "7") as running:
        _, made = create(running.address)
        sit(running.address, made["secret"], "Ann")
        address = f"{running.address[0]}:{running.address[1]}"
        online.fields["address"].text = address
        online.fields["code"].text = "WRONG1"
        click(app, next(b for b in online.buttons() if b.name == "join").rect.center)
        frames_until(app, lambda: online.joining is None and online.problem)
        assert app.settings.server_address != address
        online.fields["code"].text = made["code"]
        click(app, next(b for b in online.buttons() if b.name == "join").rect.center)
        frames_until(app, lambda: isinstance(app.top, NetworkScene))
        assert app.settings.server_address == address
        leave(app)


def joined_listed(app, online, address, code):  # noqa: F811 (the fixture)
    """The listed game `code` joined from Play online's list; its board."""
    online.fields["address"].text = f"{address[0]}:{address[1]}"
    click(app, next(b for b in online.buttons() if b.name == "games").rect.center)
    frames_until(app, lambda: online.games)
    click(app, next(b for b in online.buttons() if b.name == f"game {code}").rect.center)
    press(app, pygame.K_RETURN)
    frames_until(app, lambda: isinstance(app.top, NetworkScene))
    return app.top


def play_to_the_end(app, board, other) -> None:  # noqa: F811
    """Both sides end every turn, `other` (team 1, over its socket) and the board's player
    (team 2, with E as a person would) until the round limit ends the game."""
    turns = board.turns
    while not turns.game.over:
        other.read("your_turn", timeout=60, between=lambda: frames(app))
        other.send({"type": "action", "ask": other.messages[other.cursor - 1]["ask"],
                    "action": {"action": "end_turn"}})
        frames_until(app, lambda: turns.ask is not None and turns.playback is None)
        press(app, pygame.K_e)
        if turns.confirming_end:
            press(app, pygame.K_e)
        frames_until(app, lambda: turns.game.over or turns.game.active_team == "1")


def test_a_player_at_a_server_saves_the_whole_replay_once_the_game_is_over(
        app, online):  # noqa: F811
    with server("--seed", "8") as running:
        _, made = create(running.address, fog=True)
        ann = sit(running.address, made["secret"], "Ann")
        board = joined_listed(app, online, running.address, made["code"])
        play_to_the_end(app, board, ann)
        frames_until(app, lambda: isinstance(app.top, NetworkVictoryScene))
        victory = app.top
        save = next(b for b in victory.buttons() if b.name == "save_replay")
        click(app, save.rect.center)
        frames_until(app, lambda: victory.saved)
        loaded = load_save(app.saves.folder / victory.saved)
        # the whole game, both teams' moves and no fog lifted by it: the server's own record
        assert loaded.game.over and loaded.game.turn == board.turns.game.turn
        assert loaded.game.fog and loaded.names == {"1": "Ann", "2": "Guest"}  # who played
        assert victory.saved in victory.turns.message
        assert not any(b.name == "save_replay" for b in victory.buttons())  # saved once
        press(app, pygame.K_ESCAPE)


def test_a_guest_of_a_host_asks_it_for_no_replay():
    from laser_flag.play.guest_turns import GuestTurns

    class Link:
        at_server, name = False, "Guest"

        def send(self, message):
            raise AssertionError(f"nothing is asked of a host: {message}")

    turns = GuestTurns.__new__(GuestTurns)
    turns.link = Link()
    assert not turns.ask_replay()



def lists_asked(monkeypatch) -> list[dict]:
    """Each `list` a lobby link sends from now on (sent or not: no connection yet)."""
    asked: list[dict] = []
    send = LobbyLink.send

    def sending(link, message):
        if message["type"] == "list":
            asked.append(message)
        return send(link, message)

    monkeypatch.setattr(LobbyLink, "send", sending)
    return asked


def listing(app, online, address) -> SteppedClock:  # noqa: F811 (the fixture)
    """The screen on a clock of the test's, Games clicked for the server at `address`."""
    clock = online.clock = SteppedClock()
    online.fields["address"].text = f"{address[0]}:{address[1]}"
    click(app, next(b for b in online.buttons() if b.name == "games").rect.center)
    return clock


def test_play_online_sleeps_with_its_lobby_open_until_a_message_wakes_it(
        app, online, monkeypatch):  # noqa: F811
    """While nothing happens no picture is drawn and each frame of the real loop sleeps until
    input; a game another visitor made is listed, and drawn with no input, once the list is
    due and the lobby's answer wakes the loop; the server gone is said at once too."""
    with server("--seed", "11") as running:
        create(running.address)
        quiet = Quiet(app, monkeypatch, OnlineScene, OnlineScene, online_scene)
        clock = listing(app, online, running.address)
        quiet.settle(lambda: len(online.games) == 1)
        assert quiet.sleeps()
        _, made = create(running.address)
        row = online.row_rect(len(online.form_fields) + 3)  # the second game's
        assert quiet.sleeps()  # not asked again yet
        assert not has_colour(app.screen, row, BUTTON)
        clock.advance(LIST_MS / 1000)
        assert quiet.drawn_until(lambda: len(online.games) == 2, "the new game listed") >= 1
        assert any(b.name == GAME_ROW + made["code"] for b in online.buttons())
        assert has_colour(app.screen, row, BUTTON)
        assert quiet.sleeps()
        assert not has_colour(app.screen, app.screen.get_rect(), BAD)
        running.stop()
        assert quiet.drawn_until(lambda: online.lobby is None, "the server's end heard") >= 1
        assert online.problem and has_colour(app.screen, app.screen.get_rect(), BAD)
        frames(app)  # the wake for the connection's close, when it came with the server's bye
        assert quiet.sleeps()


def test_play_online_asks_for_the_games_again_when_its_clock_says_so(
        app, online, monkeypatch):  # noqa: F811
    """Not before LIST_MS on the screen's clock after the last list asked, then at once."""
    with server("--seed", "12") as running:
        asked = lists_asked(monkeypatch)
        clock = listing(app, online, running.address)
        frames_until(app, lambda: asked)  # once the lobby greets the screen
        frames(app, 5)
        assert len(asked) == 1
        clock.advance(LIST_MS / 1000 - 0.01)
        frames(app, 5)
        assert len(asked) == 1
        clock.advance(0.02)  # past it: the sum of the two steps may round below it
        frames(app)
        assert len(asked) == 2
        frames(app, 5)
        clock.advance(LIST_MS / 1000 - 0.01)
        frames(app, 5)
        assert len(asked) == 2  # LIST_MS after the last
        clock.advance(0.02)
        frames(app)
        assert len(asked) == 3


def test_the_server_s_bye_and_the_connection_s_end_are_taken_in_one_update(
        app, online):  # noqa: F811
    """Both in the lobby's inbox by the same frame: the bye is said and the rest is left."""
    lobby = online.lobby = LobbyLink(("127.0.0.1", 9))  # never started: the test fills it
    lobby.inbox.put({"type": "bye", "reason": "the server is shutting down"})
    lobby.inbox.put({"type": "lost", "message": "The connection to 127.0.0.1:9 closed"})
    wake()  # as the link's thread does
    frames(app)
    assert online.lobby is None and online.problem == "the server is shutting down"
    assert has_colour(app.screen, app.screen.get_rect(), BAD)
