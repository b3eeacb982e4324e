"""Both windows after a network rematch, each a real client in its own process
(tests/remote/driven.py: headless, real pygame events through the real main loop): they show the
same names on the score boxes, each unit in the colours of the name it plays under (read from
the pixels), the same log lines for the same events, no rolls from the last game, chat lines
under their sender's name on both sides during the game and after it, and the host's card says
the guest is seated, not that it waits for one. As in a hot-seat rematch with sides swapped."""

from __future__ import annotations

from typing import Any

import pytest

from ..ui.test_rematch_colours import ALICE_LOOK, BOB_LOOK
from .test_network_victory import Window, both_see_the_result, on_victory, two_windows

pytestmark = [pytest.mark.slow, pytest.mark.net]

LOOKS = {"Alice": ALICE_LOOK, "Bob": BOB_LOOK}  # the tiny map's colours of its team 1 and 2
NAMES = {"1": "Bob", "2": "Alice"}  # after the rematch: each name on the other side


@pytest.fixture
def rematched(tmp_path):
    """Alice's bot (the host's, team 1, seed 5) wins the first game with its first shot against
    Bob (the guest Bo, a person); both windows chat on the victory screen and ask for the
    rematch. Bob moves first in it: both game screens wait for Bo's first move."""
    with two_windows(tmp_path, "Human") as (host, guest, state, _):
        both_see_the_result(host, guest, state)
        said_alike(host, guest, host, "good game", "Alice")  # after the game
        said_alike(host, guest, guest, "again", "Bo")
        seen = {window: len(window.reports()) for window in (host, guest)}
        host.order("key n")
        guest.order("key n")
        for window, team in ((host, "2"), (guest, "1")):
            window.saw(lambda s, team=team: s["scene"] == "NetworkScene" and s["team"] == team,
                       "the rematch on both windows", seen[window])
        yield host, guest


def said_alike(host: Window, guest: Window, sender: Window, text: str, name: str) -> None:
    """`sender` says `text` (Enter opens the victory screen's chat line, T the game screen's);
    both windows show it under `name`."""
    opener = "return" if on_victory(sender.reports()[-1]) else "t"
    sender.order(f"key {opener}")
    sender.order(f"type {text}")
    sender.order("key return")
    for window in (host, guest):
        window.look_until(lambda seen: seen["log"][-1:] == [f"{name}: {text}"],
                          f"{name}'s line on both windows")


def assert_drawn_in_their_colours(seen: dict[str, Any]) -> None:
    """Each unit's disc, and each score box's, in the colours of the name its team carries."""
    assert seen["names"] == NAMES
    for team, colour in seen["units"]:
        assert tuple(colour) == LOOKS[NAMES[team]], (team, colour)
    for team, colours in seen["boxes"].items():
        assert list(LOOKS[NAMES[team]]) in colours, team


def test_both_windows_show_the_rematch_alike(rematched):
    host, guest = rematched
    at_host, at_guest = host.look(), guest.look()
    for seen in (at_host, at_guest):
        assert_drawn_in_their_colours(seen)
        assert seen["rolls"] == 0  # the last game's rolls are gone
        assert seen["events"] == []
    assert at_host["card"][0] == "Bob to play"
    assert not any("Waiting for the guest" in line for line in at_host["card"]), at_host["card"]
    assert "Bo plays Bob on their computer." in at_host["card"]
    said_alike(host, guest, host, "your move", "Alice")  # during the game
    said_alike(host, guest, guest, "coming", "Bo")
    guest.order("tile 5 1")  # Bob's Plain...
    guest.order("tile 1 0")  # ...walks into the sight of Alice's watchers: a snap shot
    for window in (host, guest):
        window.until(on_victory, "the rematch over on both windows")
    told = guest.look()["events"]
    assert told[0] == "Bob's Plain moves (5, 1) -> (1, 0)."
    assert any(" snap-shoots at Bob's Plain" in line for line in told), told
    assert told == host.look()["events"]
