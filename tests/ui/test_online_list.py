"""Play online's list of a server's games, headless through the real main loop with real pygame
events: at every window size it shows as many games as fit between its heading and the buttons
at the foot, never under them nor out of the form; the wheel scrolls a longer list, and the
heading says which games of how many are shown."""

from __future__ import annotations

import pygame
import pytest

from laser_flag.ui.loop import App
from laser_flag.ui.network.online_scene import GAME_ROW, OnlineScene

from .conftest import frames

GAMES = [{"code": f"GAME{i:02d}", "map": "Crossfire", "players": {"1": "Ann", "2": None},
          "fog": i % 2 == 0, "watchers": i, "state": "waiting"} for i in range(9)]


@pytest.fixture(params=[(800, 560), (900, 600), (1280, 860), (2560, 1440)],
                ids=lambda size: "x".join(map(str, size)))
def listed(request):
    """Play online at one window size with GAMES listed."""
    pygame.display.init()
    pygame.font.init()
    app = App(request.param)
    online = OnlineScene(None, False)
    app.push(online)
    online.games = list(GAMES)
    frames(app)
    yield app, online
    pygame.display.quit()


def shown_codes(online: OnlineScene) -> list[str]:
    return [b.name.removeprefix(GAME_ROW) for b in online.buttons() if b.name.startswith(GAME_ROW)]


def wheel(app: App, notches: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False))
    frames(app)


def test_the_games_shown_fit_above_the_buttons_at_the_foot(listed):
    app, online = listed
    rows = [b for b in online.buttons() if b.name.startswith(("game ", "watch "))]
    foot = min(b.rect.top for b in online.buttons() if b.name in ("back", "games", "join"))
    assert rows and all(b.rect.bottom <= foot and online.form_rect().contains(b.rect)
                        for b in rows)
    shown = shown_codes(online)
    assert shown == [g["code"] for g in GAMES[:len(shown)]] and 1 <= len(shown) <= len(GAMES)


def test_the_wheel_scrolls_a_longer_list_to_its_end_and_back(listed):
    app, online = listed
    first = shown_codes(online)
    if len(first) == len(GAMES):
        pytest.skip("every game fits at this size: nothing to scroll")
    wheel(app, -1)  # down a notch
    assert shown_codes(online) == [g["code"] for g in GAMES[1:len(first) + 1]]
    wheel(app, -20)  # past the end: the last games shown, as many as fit
    assert shown_codes(online) == [g["code"] for g in GAMES[-len(first):]]
    wheel(app, 1)
    assert shown_codes(online)[0] == GAMES[-len(first) - 1]["code"]
    wheel(app, 20)
    assert shown_codes(online) == first


def test_the_heading_says_which_games_of_how_many_are_shown(listed, monkeypatch):
    app, online = listed
    said = []
    monkeypatch.setattr("laser_flag.ui.network.online_scene.fit",
                        lambda text, size, width: said.append(text) or text)
    app.changed = True
    frames(app)
    shown = len(shown_codes(online))
    if shown == len(GAMES):
        assert "Open games (click one to fill in its code):" in said
    else:
        assert f"Open games 1-{shown} of {len(GAMES)} (the wheel scrolls; click one to fill in " \
               "its code):" in said
