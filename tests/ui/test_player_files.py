"""The player's own files through the real loop: their maps in the chooser, settings that last."""

from __future__ import annotations

import json

import pygame
import pytest

from laser_flag.app import client_settings, parse_args
from laser_flag.ui.loop import App
from laser_flag.ui.menu import menu_scene
from laser_flag.ui.menu.menu_scene import YOURS_TAG, MenuScene
from laser_flag.ui.menu.player_picker import level_button_name

from .conftest import SIZE, SMALL_MAP, WALLED, click, frames, menu_button, press, row_xy


@pytest.fixture
def bundled(tmp_path):
    """A bundled maps folder of the test's own, holding one map."""
    folder = tmp_path / "bundled"
    folder.mkdir()
    (folder / "small.json").write_text(json.dumps(SMALL_MAP), encoding="utf-8")
    return folder


def start_client(bundled, argv: tuple[str, ...] = ()) -> tuple[App, MenuScene]:
    """The client as `laser-flag` starts it: saved settings, the window they name, the menu."""
    settings = client_settings(parse_args(list(argv)))
    app = App(settings.window_size, settings)
    menu = MenuScene(maps_dir=bundled)
    app.push(menu)
    frames(app)
    return app, menu


@pytest.fixture
def display():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


def record_text(monkeypatch) -> list[str]:
    """Every text the menu draws, in order, while still drawing it."""
    drawn: list[str] = []
    real = menu_scene.draw_text

    def draw_text(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(menu_scene, "draw_text", draw_text)
    return drawn


def restart(app: App) -> None:
    """Close the window as quitting does, and open the display again for the next App."""
    assert not app.running
    pygame.display.quit()
    pygame.display.init()


def test_a_map_saved_in_the_players_folder_is_listed_under_the_bundled_ones_marked(
    display, bundled, data_dir, monkeypatch
):
    own = data_dir / "maps"
    own.mkdir(parents=True)
    (own / "mine.json").write_text(json.dumps(dict(WALLED, name="Mine")), encoding="utf-8")
    (own / "broken.json").write_text("{", encoding="utf-8")
    drawn = record_text(monkeypatch)
    app, menu = start_client(bundled)
    assert [(e.path.name, e.own) for e in menu.chooser.entries] == [
        ("small.json", False), ("broken.json", True), ("mine.json", True)
    ]
    assert drawn.count(YOURS_TAG) == 2  # the two cards of the player's maps, not the bundled one
    broken = menu.chooser.entries[1]
    assert not broken.playable and "not JSON" in broken.error
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    assert menu.chooser.entry.title == "Mine" and menu.chooser.entry.playable


def test_settings_changed_in_the_menu_survive_a_restart(display, bundled, data_dir):
    app, menu = start_client(bundled)
    click(app, menu_button(menu, "settings").rect.center)
    click(app, row_xy(app.top, "speed"))  # Fast
    click(app, row_xy(app.top, "palette"))
    press(app, pygame.K_ESCAPE)
    click(app, menu_button(menu, level_button_name("2")).rect.center)  # Easy on small.json
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
    frames(app)
    click(app, menu_button(menu, "quit").rect.center)
    restart(app)

    app, menu = start_client(bundled)
    assert app.screen.get_size() == (1000, 700)
    click(app, menu_button(menu, "settings").rect.center)
    assert app.top.value_text("speed") == "Fast" and app.top.value_text("palette") == "Alternate"
    press(app, pygame.K_ESCAPE)
    assert [menu_button(menu, level_button_name(t)).label for t in "12"] == ["Human", "Easy"]
    assert (data_dir / "settings.json").is_file()


def test_command_line_players_become_the_choosers_latest(display, bundled):
    app, menu = start_client(bundled, ("--team1", "hard"))
    assert [menu_button(menu, level_button_name(t)).label for t in "12"] == ["Hard", "Human"]


def test_fullscreen_lasts_too(display, bundled):
    app, menu = start_client(bundled)
    press(app, pygame.K_F11)
    assert app.fullscreen
    app.quit()
    restart(app)
    app, menu = start_client(bundled)
    assert app.fullscreen and app.windowed_size == SIZE


def test_a_corrupt_settings_file_starts_with_defaults_kept_aside_and_said_once(
    display, bundled, data_dir, capsys
):
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text("[1, 2", encoding="utf-8")
    app, menu = start_client(bundled)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "settings.json.bad" in err and "not JSON" in err
    assert (data_dir / "settings.json.bad").read_text(encoding="utf-8") == "[1, 2"
    assert app.screen.get_size() == SIZE
    assert app.settings.speed_label == "Normal"
    assert "settings.json.bad" in menu.message and menu.message_ms > 0
    press(app, pygame.K_r)  # the rules, and back: the menu resumes without saying it again
    press(app, pygame.K_ESCAPE)
    menu.message = ""
    frames(app)
    assert menu.message == ""
