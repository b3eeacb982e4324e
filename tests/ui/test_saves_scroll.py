"""The saves list scrolls: with 500 saves every row is reachable and the choice stays on screen."""

from __future__ import annotations

import pygame

from laser_flag import saves
from laser_flag.engine import Game
from laser_flag.engine.mapfile import parse_map
from laser_flag.ui.menu.saves_scene import MAX_W, SavesScene
from laser_flag.ui.scale import scaled, text_scale
from laser_flag.ui.widgets import ACCENT

from .conftest import SMALL_MAP, frames, press, saves_read

COUNT = 500


def saves_scene(app, unreadable: int = 0) -> SavesScene:
    """The list over COUNT copies of one save (and some unreadable files), through the loop."""
    game = Game(parse_map(SMALL_MAP, "small.json"), seed=1)
    first = saves.write_save(saves.saves_dir() / "save-000.json", game, {})
    content = first.read_bytes()
    for i in range(1, COUNT):
        (saves.saves_dir() / f"save-{i:03}.json").write_bytes(content)
    for i in range(unreadable):
        (saves.saves_dir() / f"zz-junk-{i}.json").write_text("{", encoding="utf-8")
    scene = SavesScene()
    app.push(scene)
    saves_read(app)
    return scene


def on_screen(app, scene: SavesScene, row: int) -> bool:
    rect = scene.row_rect(row)
    return rect.top >= 0 and rect.bottom <= app.screen.get_height() - 64  # above the buttons


def test_arrow_keys_reach_every_row_and_keep_the_choice_on_screen(app):
    scene = saves_scene(app)
    assert len(scene.infos) == COUNT
    for row in range(1, COUNT):
        press(app, pygame.K_DOWN)
        assert scene.chosen == row and on_screen(app, scene, row)
    press(app, pygame.K_DOWN)  # wraps to the first row, which comes back into view
    assert scene.chosen == 0 and on_screen(app, scene, 0)
    press(app, pygame.K_UP)
    assert scene.chosen == COUNT - 1 and on_screen(app, scene, COUNT - 1)


def test_the_wheel_scrolls_to_the_last_row_and_back(app):
    scene = saves_scene(app, unreadable=3)
    rows = COUNT + 3
    assert scene.row_count == rows and scene.rows_shown < rows
    wheel(app, -1, rows)
    assert on_screen(app, scene, rows - 1)  # the last unreadable file is shown
    assert scene.top == rows - scene.rows_shown  # and no further
    wheel(app, 1, rows)
    assert scene.top == 0 and on_screen(app, scene, 0)


def wheel(app, y: int, clicks: int) -> None:
    """`clicks` turns of the mouse wheel, read in one frame (drawing 500 frames is slow)."""
    for _ in range(clicks):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    frames(app)


def test_a_wide_window_keeps_the_list_in_one_centred_column_its_buttons_under_it(app):
    scene = saves_scene(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=2560, h=1440, size=(2560, 1440)))
    frames(app)
    row, buttons = scene.row_rect(0), scene.buttons()
    # the map and its time within one glance: the column as wide as at most, at this scale
    assert row.w == scaled(MAX_W, text_scale((2560, 1440))) and row.centerx == 1280
    assert buttons[0].rect.left == row.left and all(b.rect.bottom < 1440 for b in buttons)
    chosen = app.screen.get_at((row.left, row.centery))[:3]
    assert chosen == ACCENT  # the chosen row's frame, drawn where the row is
