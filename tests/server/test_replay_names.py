"""A game played at a real server process names its players in its replay, as a hot-seat save
names the teams its players renamed: the replay a player, a spectator and the page's WebSocket
are given says who played each team, and the saves list reads it as "Ann vs Bob"."""

from __future__ import annotations

import json
import re

import pytest
from websockets.sync.client import connect

from laser_flag.saves import load_save, save_info
from laser_flag.ui.menu.save_words import players

from ..waits import wait_until
from .running import create, server, sit, visitor
from .test_watch_screen import end_turns

pytestmark = pytest.mark.net


def browser_replay(url: str, code: str) -> dict:
    """The replay as the page's WebSocket is given it, watching the game `code`."""
    with connect(url.replace("http", "ws") + "ws", open_timeout=30) as socket:
        socket.recv(timeout=30)  # the server's hello
        socket.send(json.dumps({"type": "watch", "code": code}))
        socket.send(json.dumps({"type": "replay"}))
        while (message := json.loads(socket.recv(timeout=30)))["type"] != "replay":
            pass
        return message


def test_the_replay_of_a_game_at_the_server_names_its_players(tmp_path):
    with server("--seed", "3", "--web-port", "0") as running:
        url = wait_until(lambda: re.search(r"The page for browsers: (\S+)",
                                           running.out.text()), "the page").group(1)
        _, made = create(running.address, fog=True)
        ann = sit(running.address, made["secret"], "Ann")
        bob = sit(running.address, made["code"], "Bob")
        watcher = visitor(running.address)
        watcher.send({"type": "watch", "code": made["code"]})
        end_turns([ann, bob], 100)  # to blitz's round limit
        ann.send({"type": "replay"})
        watcher.send({"type": "replay"})
        given = [ann.read("replay", timeout=30), watcher.read("replay", timeout=30),
                 browser_replay(url, made["code"])]
    assert given[0] == given[1] == given[2]
    path = tmp_path / "replay.json"
    path.write_text(json.dumps(given[0]["save"]))
    loaded = load_save(path)
    assert loaded.game.over and loaded.names == {"1": "Ann", "2": "Bob"}
    assert players(save_info(path)) == "Ann vs Bob"
