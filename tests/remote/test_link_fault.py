"""A connection's thread that fails on a fault of the program's own (not the network's) says
so: its trace on stderr, and a bye in the inbox, which every screen takes as the connection's
end, with the fault's words in the player's language; a screen waiting on it stops waiting."""

from __future__ import annotations

import pytest

from laser_flag import i18n
from laser_flag.remote.guest import GuestLink
from laser_flag.remote.reasons import FAULT, told
from laser_flag.ui.network.network_start import Joining

from ..waits import wait_until


def failing(monkeypatch) -> None:
    """Every guest's connection fails at once on a fault of its own."""
    def run(self) -> None:
        raise KeyError("map_title")
    monkeypatch.setattr(GuestLink, "_run", run)


def test_a_fault_in_the_thread_is_told_and_traced(monkeypatch, capfd):
    failing(monkeypatch)
    link = GuestLink(("127.0.0.1", 9), "ABCDEF", "Ann", lambda name: None)
    link.start()
    message = link.inbox.get(timeout=30)
    assert message == {"type": "bye", "reason": FAULT.format(error="'map_title'")}
    assert "KeyError: 'map_title'" in capfd.readouterr().err
    i18n.use_language("de")
    assert told(message) == i18n._(FAULT).format(error="'map_title'") != message["reason"]


def test_a_guest_joining_stops_waiting_on_a_failed_thread(monkeypatch):
    failing(monkeypatch)
    joining = Joining(("127.0.0.1", 9), "ABCDEF")
    wait_until(lambda: not joining.link.inbox.empty(), "the link's bye")
    with pytest.raises(ConnectionRefusedError, match="fault of this program"):
        joining.poll()
