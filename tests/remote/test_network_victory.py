"""The end of a network game on both windows: a host and a guest, each a real client in its own
process (tests/remote/driven.py: headless, real pygame events through the real main loop), bots
on both seats and a score limit of 1, so the first hit ends the game. Both reach the victory
screen naming the winner the host's game has; a rematch both ask for starts on both; the other
side leaving is said on the screen that stays."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest

from laser_flag.engine import load_map, view
from laser_flag.play.game_story import unit_stats
from laser_flag.play.log_text import game_over_text
from laser_flag.play.recording import Recording
from laser_flag.ui.network.network_scene import NetworkScene
from laser_flag.ui.network.network_start import Joining, host_game
from laser_flag.ui.network.network_victory_scene import NetworkVictoryScene

from ..ui.conftest import SMALL_MAP, app, press  # noqa: F401 (a fixture)
from ..waits import PipeReader, wait_until
from .net import ROOT
from .net import state as read_state
from .test_network_screens import frames_until

pytestmark = pytest.mark.net  # a host and its guests over sockets on 127.0.0.1

TINY = {**SMALL_MAP, "name": "Tiny", "score_limit": {"1": 1, "2": 1}}
# Under fog, TINY with one more unit of the host's walled into a corner: never in the guest's
# sight.
PENNED = {**TINY, "fog_of_war": True,
          "tiles": [["level", "wall", *SMALL_MAP["tiles"][0][2:]],
                    ["wall", "wall", *SMALL_MAP["tiles"][1][2:]], *SMALL_MAP["tiles"][2:]],
          "units": [*SMALL_MAP["units"], ["1", "basic", 0, 0]]}
GAME_SECONDS = 180  # two bots and two clients on a busy machine


class Window:
    """A driven client (tests/remote/driven.py): orders in, the screen's reports out."""

    def __init__(self, data_dir: Path, *args: str) -> None:
        (data_dir / "maps").mkdir(parents=True)
        (data_dir / "maps" / "tiny.json").write_text(json.dumps(TINY))
        (data_dir / "settings.json").write_text(json.dumps({
            "format": "laser-flag-settings", "version": 1,
            "settings": {"animation_speed": "Instant"}}))
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "LASER_FLAG_DATA_DIR": str(data_dir)}
        self.process = subprocess.Popen([sys.executable, "-m", "tests.remote.driven", *args],
                                        cwd=ROOT, env=env, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.out = PipeReader(self.process.stdout)

    def reports(self) -> list[dict[str, Any]]:
        return [said for said in self.said() if "scene" in said]

    def said(self) -> list[dict[str, Any]]:
        """Every JSON line printed so far: the screen's reports and its looks."""
        return [json.loads(line) for line in self.out.text().splitlines()
                if line.startswith("{")]

    def looks(self) -> list[dict[str, Any]]:
        return [said["look"] for said in self.said() if "look" in said]

    def look(self) -> dict[str, Any]:
        """What the screen holds now (tests/remote/driven.py's `look`)."""
        before = len(self.looks())
        self.order("look")
        return wait_until(lambda: next(iter(self.looks()[before:]), None), "a look at the screen")

    def look_until(self, ok: Callable[[dict[str, Any]], bool], what: str,
                   timeout: float = 60) -> dict[str, Any]:
        """The screen's look once `ok` holds for it."""
        return wait_until(lambda: (seen := self.look()) and ok(seen) and seen, what, timeout)

    def until(self, ok: Callable[[dict[str, Any]], bool], what: str,
              timeout: float = 60) -> dict[str, Any]:
        """The screen's latest report once `ok` holds for it."""
        return wait_until(lambda: (said := self.reports()) and ok(said[-1]) and said[-1], what,
                          timeout)

    def saw(self, ok: Callable[[dict[str, Any]], bool], what: str, after: int,
            timeout: float = 60) -> dict[str, Any]:
        """The first report after the first `after` ones for which `ok` holds: a screen that
        has already moved on (bots finish a one-hit game fast) still counts."""
        return wait_until(lambda: next((r for r in self.reports()[after:] if ok(r)), None),
                          what, timeout)

    def order(self, text: str) -> None:
        self.process.stdin.write(text.encode() + b"\n")
        self.process.stdin.flush()

    def stop(self) -> str:
        """Its stderr, once it has ended (asked to, or made to)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.stderr.read().decode()


def on_victory(said: dict[str, Any]) -> bool:
    return said["scene"] == "NetworkVictoryScene"


@contextmanager
def two_windows(tmp_path: Path, guest_player: str) -> Iterator[tuple[Window, Window, Path,
                                                                       str]]:
    """A host (team 1, Easy, seed 5) and a guest "Bo" (`guest_player`) in a game on the tiny
    map: the windows, the host's state file and the join code."""
    state = tmp_path / "host.json"
    host = Window(tmp_path / "host-data", "host", "--map", "tiny", "--port", "0", "--team1",
                  "Easy", "--seed", "5", "--state-file", str(state))
    windows = [host]
    try:
        line = wait_until(lambda: next((s for s in host.out.text().splitlines()
                                        if "join code" in s), None), "the host's address", 60)
        address, code = line.split(" on ")[1].split(", join code ")
        windows.append(Window(tmp_path / "guest-data", "join", address, "--code", code,
                              "--name", "Bo", "--player", guest_player))
        yield host, windows[1], state, code
    finally:
        errors = [w.stop() for w in windows]
    for err in errors:
        assert "Traceback" not in err, err


@pytest.fixture
def pair(tmp_path):
    """A host (team 1, Easy) and a guest "Bo" (Easy) in a game on the tiny map."""
    with two_windows(tmp_path, "Easy") as windows:
        yield windows


def both_see_the_result(host: Window, guest: Window, state: Path) -> None:
    """Each window shows the winner and the reason the host's game has (its state file holds
    the game over once the host's victory screen shows: it is written after every action)."""
    shown = host.until(on_victory, "the host's victory screen", GAME_SECONDS)
    final = read_state(state)
    names = final["names"]
    headline = "Draw!" if final["winner"] == "draw" else f"{names[final['winner']]} wins!"
    reason = game_over_text(final["winner"], final["victory"], names)
    assert (shown["headline"], shown["reason"]) == (headline, reason)
    said = guest.until(on_victory, "the guest's victory screen", GAME_SECONDS)
    assert (said["headline"], said["reason"]) == (headline, reason)


@pytest.mark.slow
def test_both_windows_end_on_the_victory_screen_and_play_a_rematch(pair):
    host, guest, state, code = pair
    both_see_the_result(host, guest, state)
    assert host.reports()[-1]["buttons"][:3] == ["rematch", "replay", "menu"]
    assert guest.reports()[-1]["buttons"] == ["rematch", "menu"]  # the guest holds no replay
    assert host.reports()[-1]["status"] == "Enter: a line to the other side"
    host.order("key return")  # a line to the guest, typed on the victory screen
    host.order("type good game")
    host.order("key return")
    host_name = read_state(state)["names"]["1"]
    host.until(lambda s: s["status"] == f"{host_name}: good game", "the host's line said")
    guest.until(lambda s: s["status"] == f"{host_name}: good game", "the guest told the line")
    guest.order("key return")
    guest.order("type again")
    guest.order("key return")
    host.until(lambda s: s["status"] == "Bo: again", "the host told the guest's line")
    host.order("click rematch")
    host.until(lambda s: s["status"] == "Rematch asked: waiting for Bo to accept.",
               "the host's rematch asked")
    guest.until(lambda s: s["status"] == "The host asks for a rematch, sides swapped: press N "
                                         "to accept.", "the guest told of it")
    seen = {window: len(window.reports()) for window in (host, guest)}
    guest.order("key n")
    for window, team in ((host, "2"), (guest, "1")):  # sides swapped
        # the game screen again, as the other team (it may be over by its first frame)
        window.saw(lambda s, team=team: s["scene"] == "NetworkScene" and s["team"] == team,
                   "the rematch on both windows", seen[window])
    both_see_the_result(host, guest, state)
    guest.order("key escape")
    guest.until(lambda s: s["scene"] == "MenuScene", "the guest back at the menu")
    gone = f"Bo has left the game: no rematch unless they join again with code {code}."
    host.until(lambda s: on_victory(s) and s["status"] == gone, "the host told the guest left")
    host.order("key n")  # nobody to play: the screen says so again, nothing starts
    host.until(lambda s: s["status"] == gone and on_victory(s), "the host's screen unchanged")
    host.order("click menu")
    host.until(lambda s: s["scene"] == "MenuScene", "the host back at the menu")


@pytest.mark.slow
def test_the_guest_is_told_on_its_victory_screen_when_the_host_leaves(pair):
    host, guest, state, _ = pair
    both_see_the_result(host, guest, state)
    guest.order("key n")
    host.until(lambda s: s["status"] == "Bo asks for a rematch, sides swapped: press N to "
                                        "accept.", "the host told of the guest's asking")
    host.order("key escape")
    host.until(lambda s: s["scene"] == "MenuScene", "the host back at the menu")
    gone = "The host has left the game: no rematch."
    guest.until(lambda s: on_victory(s) and s["status"] == gone, "the guest told the host left")
    guest.order("click rematch")
    guest.until(lambda s: on_victory(s) and s["status"] == gone, "no rematch without the host")
    guest.order("click menu")
    guest.until(lambda s: s["scene"] == "MenuScene", "the guest back at the menu")


def test_the_guests_victory_screen_holds_only_what_its_team_was_told(app, tmp_path,  # noqa: F811
                                                                     data_dir):
    """Under fog: the guest's final board is its own view, and each unit's shots, read from the
    events its team was told, are the host's own figures (every shot is told to both teams)."""
    (data_dir / "maps").mkdir(parents=True)
    (data_dir / "maps" / "tiny.json").write_text(json.dumps(PENNED))
    hosting = host_game(load_map(data_dir / "maps" / "tiny.json"), True, "1", "Easy",
                        "127.0.0.1", 0, seed=5)
    joining = Joining(hosting.host.address, hosting.host.code, "Bo", "Easy")
    try:
        frames_until(app, lambda: (turns := joining.poll()) and app.push(NetworkScene(turns))
                     is None, hosting)
        frames_until(app, lambda: isinstance(app.top, NetworkVictoryScene), hosting,
                     seconds=600)
        shown = app.top
        told = view(hosting.game.state(), shown.turns.team)
        assert told.hidden, "the test needs an enemy hidden from the guest at the end"
        assert {u.id for u in shown.session.game.units} == {u.id for u in told.units}
        assert shown.units == unit_stats(Recording.from_session(hosting.session).index)
        assert shown.headline() == f"{hosting.session.names[hosting.game.winner]} wins!"
        assert [b.name for b in shown.buttons()] == ["rematch", "menu"]
        press(app, pygame.K_w)  # no replay on the guest's side: W does nothing
        assert app.top is shown
    finally:
        hosting.leave()
        if app.scenes:
            app.top.end()
