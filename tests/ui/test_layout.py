"""The game screen fits any window: the board gets the room first, tiles never drop below a
legible size, the panel narrows then folds into a drawer, the log and every button stay in
reach, nothing overlaps, text grows with the window. Drawn through the real loop."""

from __future__ import annotations

import itertools

import pygame
import pytest

from laser_flag.board.viewport import MIN_TILE
from laser_flag.engine.mapfile import load_map
from laser_flag.play.session import Session
from laser_flag.resources import bundled_maps
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.game.layout import DRAWER, NARROW, SIDE, game_layout
from laser_flag.ui.game.panel import LOG_SIZE, MIN_LOG_LINES, panel_layout
from laser_flag.ui.loop import App
from laser_flag.ui.widgets import font

from .conftest import frames, press, start_game

SIZES = [(800, 560), (1024, 700), (1400, 1000), (2560, 1440)]
MAPS = ["duel", "crossfire", "gridlock"]
# (map, window) -> (mode, tile px): what a player gets
EXPECTED = {
    ("duel", (800, 560)): (NARROW, 44),
    ("crossfire", (800, 560)): (DRAWER, 26),
    ("gridlock", (800, 560)): (DRAWER, 26),
    ("duel", (1024, 700)): (SIDE, 58),
    ("crossfire", (1024, 700)): (SIDE, 30),
    ("gridlock", (1024, 700)): (SIDE, 30),
    ("duel", (1400, 1000)): (SIDE, 83),
    ("crossfire", (1400, 1000)): (SIDE, 43),
    ("gridlock", (1400, 1000)): (SIDE, 43),
    ("duel", (2560, 1440)): (SIDE, 126),
    ("crossfire", (2560, 1440)): (SIDE, 66),
    ("gridlock", (2560, 1440)): (SIDE, 66),
}


def game_in(size: tuple[int, int], name: str) -> tuple[App, GameScene]:
    pygame.display.init()
    pygame.font.init()
    app = App(size)
    scene = start_game(app, Session.start(load_map(bundled_maps() / f"{name}.json"), seed=1))
    return app, scene


def disjoint(rects) -> bool:
    return not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2))


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_screen_fits_the_window(size, name):
    app, scene = game_in(size, name)
    try:
        lay = scene.layout()
        assert (lay.mode, lay.tile_px) == EXPECTED[name, size]
        assert lay.tile_px >= MIN_TILE
        window = app.screen.get_rect()
        assert window.contains(lay.area)
        if lay.mode == DRAWER:  # the bar's buttons, then the drawer opened over the board
            assert not lay.bar.colliderect(lay.area) and window.contains(lay.bar)
            bar = scene.buttons()
            assert {b.name for b in bar} == {"end", "undo", "drawer"}
            assert all(lay.bar.contains(b.rect) for b in bar) and disjoint(b.rect for b in bar)
            press(app, pygame.K_i)
            lay = scene.layout()
            assert lay.drawer_open and window.contains(lay.panel)
        else:
            assert not lay.panel.colliderect(lay.area) and window.contains(lay.panel)
        panel_parts_fit(scene, lay)
    finally:
        pygame.display.quit()


def panel_parts_fit(scene: GameScene, lay) -> None:
    """The score boxes, card, log and buttons inside the panel, none over another; the log
    keeps its lines; every button of the panel there."""
    parts = panel_layout(lay, scene.panel_view())
    buttons = [b for b in scene.buttons() if lay.panel.contains(b.rect)]
    assert {b.name for b in buttons} >= {"fire", "end", "undo", "save", "menu", "settings"}
    rects = [*parts.scores.values(), parts.card, parts.log, *(b.rect for b in buttons)]
    assert all(lay.panel.contains(r) for r in rects)
    assert disjoint(rects)
    step = font(round(LOG_SIZE * lay.scale)).get_linesize()
    assert parts.log.h >= MIN_LOG_LINES * step


def test_text_grows_with_the_window_up_to_4k():
    small, big = game_layout((1024, 700), 21, 21), game_layout((2560, 1440), 21, 21)
    assert big.scale > 1.5 * small.scale
    assert big.panel.w > small.panel.w
    uhd = game_layout((3840, 2160), 21, 21)
    assert uhd.scale > big.scale and uhd.mode == SIDE and uhd.tile_px == 100
    assert not uhd.panel.colliderect(uhd.area) and uhd.area.contains(uhd.board)


def test_the_panel_narrows_before_the_board_shrinks_and_folds_last():
    """Duel at 800x560: a narrow panel gives the board 44 px tiles where a full one would give
    37; Gridlock there would drop below a legible tile even beside a narrow panel: a drawer."""
    full = game_layout((1400, 1000), 11, 11)
    narrow = game_layout((800, 560), 11, 11)
    drawer = game_layout((800, 560), 21, 21)
    assert (full.mode, narrow.mode, drawer.mode) == (SIDE, NARROW, DRAWER)
    assert narrow.panel.w < full.panel.w and drawer.bar is not None


def test_the_drawer_opens_and_shuts_and_leaves_the_board_playable():
    app, scene = game_in((800, 560), "gridlock")
    try:
        lay = scene.layout()
        drawer = next(b for b in scene.buttons() if b.name == "drawer")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=drawer.rect.center,
                                             button=1))
        frames(app)
        assert scene.pointer.drawer_open
        log = panel_layout(scene.layout(), scene.panel_view()).log
        assert tuple(app.screen.get_at(log.center))[:3] == (28, 31, 38)  # the log, drawn
        press(app, pygame.K_ESCAPE)
        assert not scene.pointer.drawer_open
        ours = next(u for u in scene.game.units if u.team == "1")
        tile = lay.tile_at(scene.game.map, (lay.origin[0] + ours.pos[1] * lay.tile_px + 5,
                                            lay.origin[1] + ours.pos[0] * lay.tile_px + 5))
        assert tile == ours.pos
    finally:
        pygame.display.quit()
