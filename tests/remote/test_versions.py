"""A real host process meets guests of other versions (their hellos crafted over raw sockets):
another game version that speaks the same protocol and plays the same rules is seated and
plays; another protocol or other rules are refused naming the number that differs."""

from __future__ import annotations

import pytest

from laser_flag.engine.rules_version import RULES_VERSION
from laser_flag.remote.protocol import PROTOCOL

from .net import RawGuest
from .schema import FROM_GAME, problems
from .test_live_traffic import start_host
from .test_two_clients import stop

pytestmark = [pytest.mark.slow, pytest.mark.net]

UPDATE = "update your Laser Flag"
REFUSED = [
    ({"protocol": PROTOCOL - 1}, f"the host speaks protocol {PROTOCOL}, you {PROTOCOL - 1}: "
                                 f"{UPDATE}"),
    ({"rules": RULES_VERSION + 1}, f"the host plays rules {RULES_VERSION}, you "
                                   f"{RULES_VERSION + 1}: the host's Laser Flag is the older: "
                                   "the host should update"),
]


def test_a_host_process_seats_another_game_version_and_refuses_other_protocols_or_rules(
        tmp_path):
    host, address, code = start_host(tmp_path, False, "Easy")
    guests = []
    try:
        for change, said in REFUSED:
            guests.append(guest := RawGuest(address))
            guest.join(code, None, **change)
            assert guest.read("error")["message"] == said
            assert guest.read("bye")["reason"] == said
        guests.append(guest := RawGuest(address))
        hello = guest.join(code, None, version="0.1.0")  # None: it has no copy of the map
        assert hello["version"] != "0.1.0" and hello["rules"] == RULES_VERSION
        welcome = guest.read("welcome", timeout=30)
        turn = guest.read("your_turn", timeout=60)
        assert not problems(welcome, FROM_GAME) and not problems(turn, FROM_GAME)
        guest.send({"type": "action", "ask": turn["ask"], "action": turn["legal"][0]})
        assert guest.read("events", timeout=30)["view"]["team"] == "2"
    finally:
        for guest in guests:
            guest.close()
        errors = stop(host)
    assert "Traceback" not in errors[0], errors[0]
