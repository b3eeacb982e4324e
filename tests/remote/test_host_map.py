"""The game is played on the host's map: a guest without it, or with another copy of it, is
seated and plays the copy the welcome carries; a welcome the guest cannot read ends the join
with one line instead of a crash."""

from __future__ import annotations

import json
import socket
import threading

import pytest

from laser_flag.engine.mapfile import parse_map
from laser_flag.remote import protocol
from laser_flag.ui.network.network_start import Joining, host_game

from .net import MAPS, RawGuest, hosted, pump

pytestmark = pytest.mark.net  # a host and its guests over sockets on 127.0.0.1


@pytest.fixture
def turns():
    hosting = hosted()
    yield hosting
    hosting.leave()


@pytest.mark.parametrize("digest", [None, "0" * 64])  # no copy of the map; another copy
def test_a_guest_without_the_host_s_map_is_welcomed_with_it(turns, digest):
    guest = RawGuest(turns.host.address)
    guest.join(turns.host.code, digest)
    welcome = guest.read("welcome", between=lambda: turns.tick(16, 0.0))
    sent = parse_map(welcome["map"], "the host's map")
    assert protocol.map_digest(sent) == protocol.map_digest(turns.game.map)
    assert turns.host.seated


def remixed_blitz():
    """Blitz as a host changed it: the same file name, its own team name and digest."""
    data = json.loads((MAPS / "blitz.json").read_text(encoding="utf-8"))
    data["team_names"]["1"] = "Homers"
    return parse_map(data, str(MAPS / "blitz.json"))


def test_a_guest_whose_copy_differs_plays_on_the_host_s():
    gm = remixed_blitz()
    hosting = host_game(gm, None, "1", "Easy", "127.0.0.1", 0, 4)
    try:
        joining = Joining(hosting.host.address, hosting.host.code, "Ann")
        playing = pump(hosting, joining.poll, "the guest welcomed")
        assert joining.link.gm is None  # the bundled Blitz it has is not the host's
        assert protocol.map_digest(playing.game.map) == protocol.map_digest(gm)
        assert playing.game.map.teams["1"].name == "Homers"
        playing.leave()
    finally:
        hosting.leave()


def test_a_guest_with_the_same_copy_plays_on_its_own(turns):
    joining = Joining(turns.host.address, turns.host.code, "Ann")
    playing = pump(turns, joining.poll, "the guest welcomed")
    try:
        assert joining.link.gm is not None and playing.game.map is joining.link.gm
    finally:
        playing.leave()


def fake_host(welcome: dict) -> tuple[socket.socket, threading.Thread]:
    """A host that greets, reads the guest's hello and answers with `welcome`."""
    server = socket.create_server(("127.0.0.1", 0))
    gm = remixed_blitz()

    def serve() -> None:
        conn, _ = server.accept()
        with conn:
            conn.sendall(protocol.encode(protocol.hello(gm, "2", False)))
            conn.recv(1 << 16)
            conn.sendall(protocol.encode({"type": "welcome", **welcome}))
            conn.recv(1 << 16)  # until the guest closes

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return server, thread


@pytest.mark.parametrize("welcome", [
    {"team": "2", "names": {}, "map": {"rows": "many"}, "view": {}},
    {"team": "2", "names": {}, "view": {}},
    {"team": "2", "names": {}, "map": "blitz", "view": []},
])
def test_a_welcome_the_guest_cannot_read_ends_the_join_in_a_line(welcome):
    server, thread = fake_host(welcome)
    try:
        joining = Joining(server.getsockname(), "ABCDEF", "Ann")
        with pytest.raises(ConnectionRefusedError, match="the host's welcome is unreadable"):
            joining.wait(30)
    finally:
        server.close()
        thread.join(10)
