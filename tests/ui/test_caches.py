"""The client lets go: after a whole game played from the menu (its thumbnails drawn, bots
thinking on worker threads, the victory screen, back to the menu) nothing module-level keeps the
map, so it goes with the menu that loaded it; drawn text is kept only so much."""

from __future__ import annotations

import gc
import weakref

import pygame

from laser_flag.board import text
from laser_flag.ui.ending.victory_scene import VictoryScene
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.loop import App

from .conftest import SIZE, SMALL_MAP, click, menu_button, open_menu, run_until

INSTANT = 3  # Settings.speed_index of "Instant"


def play_one_game(app: App, tmp_path) -> weakref.ref:
    """Bot against bot on the menu's only map, to the victory screen and back to the menu."""
    menu = open_menu(app, tmp_path, seed=4, maps={"small": SMALL_MAP})
    app.settings.choose_levels(None, {"1": "Hard", "2": "Hard"})
    app.settings.speed_index = INSTANT
    click(app, menu_button(menu, "play").rect.center)
    assert isinstance(app.top, GameScene) and app.top.game.map is menu.chooser.entries[0].gm
    run_until(app, lambda: isinstance(app.top, VictoryScene), limit=20_000)
    click(app, next(b for b in app.top.buttons() if b.name == "menu").rect.center)
    assert app.scenes == [menu] and menu.thumbnails
    return weakref.ref(menu.chooser.entries[0].gm)


def test_a_map_is_freed_once_the_client_that_played_it_is_gone(tmp_path):
    pygame.display.init()
    pygame.font.init()
    try:
        app = App(SIZE)
        gm = play_one_game(app, tmp_path)
        assert gm() is not None  # the menu's catalogue holds it while the menu lives
        del app
        gc.collect()
        assert gm() is None
    finally:
        pygame.display.quit()


def test_the_text_drawn_in_a_long_session_is_not_all_kept():
    pygame.font.init()
    surface = pygame.Surface((200, 40))
    for n in range(3000):  # a long session's turn lines, odds and log lines: each one different
        text.draw_text(surface, f"Round {n} · turn {2 * n}", (0, 0))
    assert 0 < text.rendered_line.cache_info().currsize <= 1024
