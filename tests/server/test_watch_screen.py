"""Watching a game from Play online, headless through the real main loop with real pygame
events, against a real server process: a listed game's Watch opens its board as spectators are
shown it (nothing of it under fog until the end, or a round late), with who plays, the score,
whose turn it is and how many watch; at the end the replay is saved and opens in the replay
viewer; Back returns to the list."""

from __future__ import annotations

import pygame
import pytest

from laser_flag.board.draw import tile_rect
from laser_flag.board.palette import Palette
from laser_flag.play.spectating import Spectating
from laser_flag.saves import load_save
from laser_flag.ui.game import overlays
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.network import watch_scene
from laser_flag.ui.network.online_scene import OnlineScene
from laser_flag.ui.network.watch_scene import WatchScene
from laser_flag.ui.replay.replay_scene import ReplayScene

from ..remote.net import MAPS
from ..remote.test_network_screens import frames_until, has_colour
from ..ui.conftest import app, click, frames, menu_button, press  # noqa: F401 (a fixture)
from .quiet import Quiet
from .running import create, server, sit
from .test_schema import next_turn

pytestmark = [pytest.mark.net, pytest.mark.slow]


def watch_listed(app, address, code) -> WatchScene:  # noqa: F811 (the fixture)
    """From the menu: Play online, the server's games listed, the game `code`'s Watch."""
    menu = MenuScene(maps_dir=MAPS)
    app.push(menu)
    frames(app)
    click(app, menu_button(menu, "online").rect.center)
    online = app.top
    assert isinstance(online, OnlineScene)
    online.fields["address"].text = f"{address[0]}:{address[1]}"
    click(app, next(b for b in online.buttons() if b.name == "games").rect.center)
    frames_until(app, lambda: online.games)
    click(app, next(b for b in online.buttons() if b.name == f"watch {code}").rect.center)
    assert isinstance(app.top, WatchScene)
    return app.top


def end_turns(players, count: int) -> None:
    """The players end `count` turns in a row (or until the game is over)."""
    for _ in range(count):
        turn = next_turn(players)
        if turn is None:
            return
        player, message = turn
        player.send({"type": "action", "ask": message["ask"], "action": {"action": "end_turn"}})


def units_shown(app, scene: WatchScene, units) -> bool:  # noqa: F811
    """Each of `units` (a team and a tile each) is drawn: its team's colour in its tile."""
    lay = scene.layout()
    palette = Palette.from_map(scene.watched.gm)
    return all(has_colour(app.screen, tile_rect(lay.origin, lay.tile_px, unit.pos),
                          palette.team(unit.team).main) for unit in units)


def test_under_fog_with_end_the_board_shows_at_the_end_and_its_replay_is_saved(app):  # noqa: F811
    with server("--seed", "9") as running:
        _, made = create(running.address, fog=True, watch="end")
        players = [sit(running.address, made["secret"], "Ann"),
                   sit(running.address, made["code"], "Bob")]
        scene = watch_listed(app, running.address, made["code"])
        frames_until(app, lambda: scene.watched.room.get("watchers") == 1)
        watched = scene.watched
        assert watched.board is None and "once the game is over" in watched.notice()
        assert watched.standing() == ["Score: Ann 0 : 0 Bob", "Round 1 · Ann to move",
                                      "1 watching"]
        frames(app)
        assert has_colour(app.screen, scene.layout().area, overlays.SIGHT_YELLOW)  # the notice
        assert not any(units_shown(app, scene, [unit]) for unit in watched.gm.units)
        end_turns(players, 1)
        frames_until(app, lambda: watched.room.get("active_team") == "2")
        assert watched.board is None and "Bob to move" in watched.standing()[1]
        save = next(b for b in scene.buttons() if b.name == "save")
        assert not save.enabled
        end_turns(players, 100)  # to the turn limit
        frames_until(app, lambda: watched.replay is not None)
        frames(app)
        assert watched.board is not None and watched.board.over and not watched.notice()
        assert watched.standing()[1].startswith("Game over")
        assert units_shown(app, scene, watched.board.units)
        click(app, next(b for b in scene.buttons() if b.name == "save").rect.center)
        saved = app.saves.folder / scene.saved
        loaded = load_save(saved)
        assert loaded.game.over and loaded.game.turn == watched.board.turn
        click(app, next(b for b in scene.buttons() if b.name == "open").rect.center)
        frames_until(app, lambda: isinstance(app.top, ReplayScene))
        press(app, pygame.K_ESCAPE)
        assert app.top is scene
        click(app, next(b for b in scene.buttons() if b.name == "back").rect.center)
        assert isinstance(app.top, OnlineScene)


def test_under_fog_with_delay_the_board_is_a_round_late(app):  # noqa: F811
    with server("--seed", "10") as running:
        _, made = create(running.address, fog=True, watch="delay")
        players = [sit(running.address, made["secret"], "Ann"),
                   sit(running.address, made["code"], "Bob")]
        scene = watch_listed(app, running.address, made["code"])
        watched = scene.watched
        frames_until(app, lambda: watched.board is not None)
        end_turns(players, 3)
        frames_until(app, lambda: watched.room.get("turn") == 4)
        assert watched.delayed and "a round late" in watched.notice()
        assert watched.board.turn == 2  # the start of the turn before the last
        frames(app)
        assert units_shown(app, scene, watched.board.units)
        assert not has_colour(app.screen, scene.layout().area, overlays.SIGHT_YELLOW)  # aside
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.top, OnlineScene)




def test_the_watch_screen_sleeps_until_the_server_shows_something(app, monkeypatch):  # noqa: F811
    """Idle as every screen is: while the watched game stands still no picture is drawn and
    each frame of the real loop sleeps until input; a board the server shows is drawn, then
    the screen sleeps again, and so once the game is over and its replay is in."""
    with server("--seed", "4") as running:
        _, made = create(running.address, fog=False)
        players = [sit(running.address, made["secret"], "Ann"),
                   sit(running.address, made["code"], "Bob")]
        quiet = Quiet(app, monkeypatch, WatchScene, Spectating, watch_scene)
        watched = watch_listed(app, running.address, made["code"]).watched
        quiet.settle(lambda: watched.board is not None and watched.room.get("watchers") == 1)
        assert quiet.sleeps()
        end_turns(players, 1)
        assert quiet.settle(lambda: watched.room.get("active_team") == "2"
                            and watched.board.active_team == "2") >= 1  # the new turn drawn
        assert quiet.sleeps()
        end_turns(players, 100)  # to the turn limit
        assert quiet.settle(lambda: watched.replay is not None) >= 1
        assert quiet.sleeps()
