"""The settings screen through the real main loop: opened from the menu and the game, each row
changed by click, drag or key, applied at once (mixer, board) and read back by a new App."""

from __future__ import annotations

import io

import pygame
import pytest

from laser_flag.engine.game import Game
from laser_flag.sound.mixer import Mixer
from laser_flag.sound.volumes import Volumes
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.loop import App
from laser_flag.ui.menu.settings_scene import NO_DEVICE, ROWS, SettingsScene, slider_percent
from laser_flag.ui.settings import MIN_SIZE, load_settings
from laser_flag.ui.widgets import BUTTON, DIM
from tests.pixels import colours_in

from .conftest import (
    SIZE,
    SMALL_MAP,
    WALLED,
    centre,
    click,
    frames,
    open_menu,
    panel_button,
    press,
    row_xy,
    small_session,
    start_game,
)


@pytest.fixture
def saved_app(tmp_path):
    """An App whose settings are written to a file of their own."""
    pygame.display.init()
    pygame.font.init()
    application = App(SIZE, settings=load_settings(tmp_path / "settings.json"))
    yield application
    pygame.display.quit()


def open_settings(app: App) -> SettingsScene:
    """The settings screen over the menu (listing one map), through its Settings button."""
    menu = open_menu(app, app.settings.store.parent, maps={"small": SMALL_MAP})
    click(app, next(b for b in menu.buttons() if b.name == "settings").rect.center)
    assert isinstance(app.top, SettingsScene)
    return app.top


def track(scene: SettingsScene, name: str) -> pygame.Rect:
    return scene.track_rect([row for row, _ in ROWS].index(name))


def resize(app: App, size: tuple[int, int]) -> None:
    """The window resized by its frame to `size`, as the window manager tells it."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                         size=size))
    frames(app)
    assert app.screen.get_size() == size


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at `start`, move with the button held to `end`, release there; one frame."""
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app)


def test_the_arrow_keys_move_a_volume_and_the_mixer_hears_it(saved_app):
    app = saved_app
    scene = open_settings(app)
    assert scene.focus == 0  # master volume
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert app.sound.volumes.master == pytest.approx(0.8)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)  # music, 60 -> 70
    assert app.sound.volumes.music == pytest.approx(0.7)
    assert scene.value_text("music") == "70%"


def test_a_slider_follows_a_click_and_a_drag(saved_app):
    app = saved_app
    scene = open_settings(app)
    effects = track(scene, "effects")
    click(app, (effects.x, effects.centery))
    assert app.settings.volumes_percent["effects"] == 0 and app.sound.volumes.effects == 0
    drag(app, (effects.x, effects.centery), (effects.x + effects.w // 2, effects.centery + 30))
    assert app.sound.volumes.effects == pytest.approx(0.5)  # the mouse may stray off the track
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=effects.topright, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app)
    assert app.settings.volumes_percent["effects"] == 50  # released: moving no longer drags


def test_a_slider_snaps_and_stays_within_its_track():
    bar = pygame.Rect(100, 0, 200, 6)
    assert [slider_percent(bar, x) for x in (40, 100, 104, 106, 300, 999)] == [0, 0, 0, 5, 100, 100]


def test_mute_shows_on_the_screen_by_click_and_by_m(saved_app):
    app = saved_app
    scene = open_settings(app)
    click(app, row_xy(scene, "muted"))
    assert app.settings.muted and app.sound.volumes.muted and scene.value_text("muted") == "Muted"
    press(app, pygame.K_m)
    assert not app.sound.volumes.muted and scene.value_text("muted") == "On"


def test_with_no_audio_device_the_sound_row_says_so_and_switches_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "no_such_audio_driver")
    pygame.display.init()
    pygame.font.init()
    pygame.mixer.quit()
    said = io.StringIO()
    sound = Mixer.open(err=said)
    assert sound.no_device and "playing silent" in said.getvalue()
    app = App(SIZE, settings=load_settings(tmp_path / "settings.json"), sound=sound)
    try:
        scene = open_settings(app)
        click(app, row_xy(scene, "muted"))
        assert not app.settings.muted and scene.value_text("muted") == NO_DEVICE
        control = scene.control_rect([row for row, _ in ROWS].index("muted"))
        shown = colours_in(app.screen, control)
        assert DIM in shown and BUTTON not in shown  # words, not a switch to press
        press(app, pygame.K_m)  # M still mutes, for when a device is there next time
        assert app.settings.muted and scene.value_text("muted") == NO_DEVICE
    finally:
        pygame.display.quit()


def test_the_switches_change_by_click_and_enter(saved_app):
    app = saved_app
    scene = open_settings(app)
    click(app, row_xy(scene, "speed"))
    click(app, row_xy(scene, "confirm"))
    click(app, row_xy(scene, "coordinates"))
    assert app.settings.speed_label == "Fast" and not app.settings.confirm_end_turn
    assert not app.settings.coordinates
    scene.focus = [row for row, _ in ROWS].index("palette")
    press(app, pygame.K_RETURN)
    assert app.settings.alternate_palette
    press(app, pygame.K_UP)
    press(app, pygame.K_LEFT)  # the theme, backwards
    assert app.settings.theme.name == "Daylight"
    click(app, row_xy(scene, "fullscreen"))
    assert app.fullscreen and scene.value_text("fullscreen") == "On"
    click(app, row_xy(scene, "fullscreen"))
    assert not app.fullscreen and app.windowed_size == SIZE


def test_every_setting_made_here_is_read_back_by_a_new_app(saved_app, tmp_path):
    app = saved_app
    scene = open_settings(app)
    for name in ("speed", "palette", "theme", "coordinates", "dim", "confirm", "muted", "pause"):
        click(app, row_xy(scene, name))
    assert app.settings.pause_after_roll and scene.value_text("pause") == "Waits for a key"
    click(app, (track(scene, "music").x, track(scene, "music").y))
    app.quit()
    again = App(SIZE, settings=load_settings(tmp_path / "settings.json"))
    assert again.settings == app.settings and again.settings.notice is None
    assert again.sound.volumes == Volumes(master=1.0, music=0.0, effects=1.0, muted=True)


def floor_pixel(app: App, scene: GameScene) -> tuple[int, int, int]:
    return tuple(app.screen.get_at(centre(scene, (4, 1))))[:3]  # a level tile with no unit


def test_from_the_game_the_theme_changes_the_board_and_esc_comes_back(saved_app):
    app = saved_app
    scene = start_game(app, small_session())
    arena = floor_pixel(app, scene)
    press(app, pygame.K_o)
    assert isinstance(app.top, SettingsScene)
    click(app, row_xy(app.top, "theme"))
    press(app, pygame.K_ESCAPE)
    assert app.top is scene
    frames(app)
    daylight = floor_pixel(app, scene)
    assert sum(daylight) > sum(arena) + 150  # the light board after the dark one
    click(app, panel_button(scene, "settings").rect.center)
    assert isinstance(app.top, SettingsScene)


def test_hidden_coordinates_last_into_the_next_game(saved_app):
    app = saved_app
    app.settings.flip("coordinates")
    scene = start_game(app, small_session())
    lay = scene.layout()
    above = app.screen.subsurface(pygame.Rect(lay.board.x, lay.board.y - 16, lay.tile_px, 14))
    assert len({tuple(above.get_at((x, 7))) for x in range(above.get_width())}) == 1  # bare
    press(app, pygame.K_g)
    assert load_settings(app.settings.store).coordinates


def test_the_menu_thumbnails_follow_the_theme(saved_app):
    app = saved_app
    scene = open_settings(app)
    menu = app.scenes[-2]
    card = menu.card_rect(0)
    thumb = pygame.Rect(card.x + 4, card.y + 3, 72, 72)
    press(app, pygame.K_ESCAPE)
    arena = pygame.image.tobytes(app.screen.subsurface(thumb), "RGB")
    click(app, next(b for b in menu.buttons() if b.name == "settings").rect.center)
    click(app, row_xy(app.top, "theme"))
    press(app, pygame.K_ESCAPE)
    assert app.top is menu and scene is not app.top
    assert pygame.image.tobytes(app.screen.subsurface(thumb), "RGB") != arena


def test_fog_dimming_is_a_row_kept_in_step_with_d_in_the_game(saved_app):
    """The Settings row and the game's D key turn the same setting, which is saved."""
    app = saved_app
    session = small_session(data=WALLED)
    session.game = Game(session.gm, seed=1, fog=True)
    scene = start_game(app, session)
    unseen = centre(scene, (1, 1))  # behind the wall: no unit of Alice's sees it
    dimmed = app.screen.get_at(unseen)
    press(app, pygame.K_o)
    assert app.top.value_text("dim") == "On"
    click(app, row_xy(app.top, "dim"))
    assert app.top.value_text("dim") == "Off" and not load_settings(app.settings.store).dim_unseen
    press(app, pygame.K_ESCAPE)
    frames(app)
    assert app.screen.get_at(unseen) != dimmed
    press(app, pygame.K_d)
    assert app.screen.get_at(unseen) == dimmed and load_settings(app.settings.store).dim_unseen
    press(app, pygame.K_o)
    assert app.top.value_text("dim") == "On"


@pytest.mark.parametrize("size", [MIN_SIZE, (MIN_SIZE[0], 700), (1920, 1200)])
def test_every_row_and_back_fit_in_the_window(saved_app, size):
    app = saved_app
    scene = open_settings(app)
    resize(app, size)
    window = app.screen.get_rect()
    rows = [scene.row_rect(i) for i in range(len(ROWS))]
    assert all(window.contains(row) for row in rows)
    assert all(a.bottom <= b.top for a, b in zip(rows, rows[1:], strict=False))
    assert window.contains(scene.back_button().rect)
    assert scene.back_button().rect.top > rows[-1].bottom
    click(app, scene.back_button().rect.center)  # and it works where it is drawn
    assert not isinstance(app.top, SettingsScene)
