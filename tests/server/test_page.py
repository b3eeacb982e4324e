"""The server's page for browsers, in headless Chromium (Debian's `chromium`): it lists the
public games, and watching one draws the board from the spectators' `board` views (a game
without fog: every unit where it stands); under fog with "end", nothing of the board shows
while the game goes on. Screenshots are checked for the board's own colours."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess

import pygame
import pytest

from laser_flag.remote.reasons import SERVER_FULL, TOO_FAST, TOO_MANY_GAMES, WRONG_CODE
from laser_flag.server.page_words import page_in
from laser_flag.server.web import PAGE

from ..pixels import colours_in
from ..waits import wait_until
from .running import create, server, sit

CHROMIUM = shutil.which("chromium")
pytestmark = [pytest.mark.net, pytest.mark.slow,
              pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium")]
WALL, TEAM_2 = (0x3B, 0x3F, 0x4A), (180, 40, 180)  # the page's wall, team 2's map colour


def chromium(*args: str) -> str:
    done = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                           "--hide-scrollbars", "--window-size=900,900",
                           "--virtual-time-budget=5000", *args],
                          capture_output=True, text=True, timeout=120)
    return done.stdout


def page_of(running) -> str:
    return wait_until(lambda: re.search(r"The page for browsers: (\S+)", running.out.text()),
                      "the page's address").group(1)


def shot_colours(url: str, shot) -> set:
    """The colours of one screenshot of the page at `url`. Virtual time does not wait for the
    page's socket, so a screenshot may show the page before the board has come: callers take
    it again until it shows what they wait for."""
    chromium(f"--screenshot={shot}", url)
    return colours_in(pygame.image.load(shot))


def played(running, fog: bool, actions: int = 12):
    """A game two players have played `actions` actions of; its code."""
    _, made = create(running.address, fog=fog, watch="end")
    players = {"1": sit(running.address, made["secret"], "Ann"),
               "2": sit(running.address, made["code"], "Bob")}
    rng, team = random.Random(4), "1"
    for _ in range(actions):
        turn = players[team].read("your_turn")
        chosen = rng.choice(turn["legal"])
        players[team].send({"type": "action", "ask": turn["ask"], "action": chosen})
        if chosen["action"] == "end_turn":
            team = "2" if team == "1" else "1"
    return made["code"]


GERMAN = ("--lang=de", "--accept-lang=de")  # the browser's language and its Accept-Language


def test_the_page_speaks_the_language_the_browser_asks_for():
    with server("--seed", "9", "--web-port", "0") as running:
        url = page_of(running)
        lobby = wait_until(lambda: (d := chromium(*GERMAN, "--dump-dom", url))
                           and "Spiele auf diesem Server" in d and d, "the page in German", 60)
        assert "Gerade kein öffentliches Spiel." in lobby and '<html lang="de">' in lobby
        code = played(running, fog=False)
        wait_until(lambda: "Zuschauen</button>" in chromium(*GERMAN, "--dump-dom", url),
                   "the game listed, its button in German", 60)
        dom = wait_until(lambda: (d := chromium(*GERMAN, "--dump-dom", f"{url}#{code}"))
                         and 'data-units="8"' in d and d, "the board drawn", 60)
        assert "Du schaust Blitz zu: jede Aktion, sobald sie geschieht." in dom
        assert re.search(r'data-turn="\d+">Home \d+ - \d+ Away · Runde \d+, \w+ ist am Zug', dom)


# A WebSocket that opens and delivers MESSAGES, closing after a bye, in place of the browser's:
# the page meets a server's words without a server's timing.
STAND_IN = """<script>
window.WebSocket = class {
  constructor() {
    setTimeout(() => {
      this.onopen();
      for (const m of MESSAGES) {
        this.onmessage({data: JSON.stringify(m)});
        if (m.type === "bye" && this.onclose) { this.onclose(); }
      }
    }, 0);
  }
  send() {}
  close() {}
};
const MESSAGES = %s;
</script>
"""


@pytest.mark.parametrize(("messages", "status"), [
    ([{"type": "error", "message": WRONG_CODE}], "falscher Code"),
    ([{"type": "error", "message": WRONG_CODE}, {"type": "bye", "reason": SERVER_FULL}],
     "der Server ist voll: versuche es später noch einmal"),
    ([{"type": "error", "message": "a sentence of a newer server"}],
     "a sentence of a newer server"),
    ([{"type": "bye", "reason": ""}], "Die Verbindung zum Server wurde geschlossen."),
    ([{"type": "error", "message": "constructor"}], "constructor"),  # no lookup up the chain
    ([{"type": "error", "message": "{toString}"}], "{toString}"),
    # a sentence with a value in it: the value kept, the sentence translated
    ([{"type": "bye", "reason": TOO_MANY_GAMES.format(count=3)}],
     "höchstens 3 offene Partien von einer Adresse"),
    ([{"type": "error", "message": TOO_FAST.format(rate="2.5")}],
     "zu viele Nachrichten (höchstens 2.5 pro Sekunde): verworfen"),
    ([{"type": "error", "message": "x" * 700}], "x" * 700),  # too long to read: as it came
    ([{"type": "error", "message": "at most 3 open games from one address, and more"}],
     "at most 3 open games from one address, and more"),  # reads like none: as it came
])
def test_what_the_server_tells_the_page_shows_in_the_watchers_language(tmp_path, messages,
                                                                        status):
    """The server's refusals and goodbyes come in English; the page shows those it knows in its
    watcher's language, any other as it came, and a goodbye's reason stays on show when the
    connection then closes."""
    page = page_in(PAGE.read_text(encoding="utf-8"), "de")
    main_script = page.index("<script>")
    path = tmp_path / "page.html"
    path.write_text(page[:main_script] + STAND_IN % json.dumps(messages) + page[main_script:],
                    encoding="utf-8")
    dom = chromium("--dump-dom", path.as_uri())
    assert re.search(r'id="status"[^>]*>([^<]*)<', dom).group(1) == status


def test_the_page_lists_the_games_and_draws_a_watched_board(tmp_path):
    with server("--seed", "9", "--web-port", "0") as running:
        url = page_of(running)
        code = played(running, fog=False)
        wait_until(lambda: code in chromium("--dump-dom", url), "the game listed", 60)
        dom = wait_until(lambda: (d := chromium("--dump-dom", f"{url}#{code}"))
                         and 'data-units="8"' in d and d, "the board drawn", 60)
        assert "Watching Blitz: every action as it happens." in dom
        assert re.search(r'data-turn="\d+">Home \d+ - \d+ Away', dom)
        wait_until(lambda: {WALL, TEAM_2} <= shot_colours(f"{url}#{code}", tmp_path / "page.png"),
                   "a screenshot of the board with its units", 60)


def test_under_fog_with_end_the_page_shows_no_unit_while_the_game_goes_on(tmp_path):
    with server("--seed", "9", "--web-port", "0") as running:
        url = page_of(running)
        code = played(running, fog=True)
        # The lobby's table has a "Watching" column, so the wait is for the watch view's own
        # words and the board's unit count, not for that word alone.
        dom = wait_until(lambda: (d := chromium("--dump-dom", f"{url}#{code}"))
                         and "the board once the game is over." in d
                         and "The board shows once the game is over." in d
                         and "data-units=" in d and d, "the game watched", 60)
        assert 'data-units="0"' in dom
        colours = wait_until(lambda: WALL in (c := shot_colours(f"{url}#{code}",
                                                                 tmp_path / "fog.png")) and c,
                             "a screenshot of the board", 60)
        assert TEAM_2 not in colours  # its walls drawn, none of its units
