"""The page's WebSocket speaks as a spectator only: it lists and watches; anything else is
refused in one line and the socket stays; the page is served at / and nothing else is."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request

import pytest
from websockets.sync.client import connect

from ..waits import wait_until
from .running import create, server

pytestmark = pytest.mark.net


def test_a_browser_may_list_and_watch_and_nothing_else():
    with server("--web-port", "0") as running:
        url = wait_until(lambda: re.search(r"The page for browsers: (\S+)",
                                           running.out.text()), "the page").group(1)
        with urllib.request.urlopen(url, timeout=30) as page:
            assert page.headers["Content-Type"].startswith("text/html")
            assert b"<canvas" in page.read()
        with pytest.raises(urllib.error.HTTPError, match="404"):
            urllib.request.urlopen(url + "etc/passwd", timeout=30)
        _, made = create(running.address)
        with connect(url.replace("http", "ws") + "ws", open_timeout=30) as socket:
            assert "lobby" in json.loads(socket.recv(timeout=30))
            socket.send(json.dumps({"type": "create", "map": "duel"}))
            assert "may only list, watch, replay" in json.loads(socket.recv(timeout=30))[
                "message"]
            socket.send("[" * 10_000)
            assert json.loads(socket.recv(timeout=30))["type"] == "error"
            socket.send(json.dumps({"type": "list"}))
            listed = json.loads(socket.recv(timeout=30))["games"]
            assert [game["code"] for game in listed] == [made["code"]]
            socket.send(json.dumps({"type": "watch", "code": made["code"]}))
            assert json.loads(socket.recv(timeout=30))["type"] == "watching"
