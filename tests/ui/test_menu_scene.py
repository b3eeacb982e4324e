"""The main menu: every map listed (broken ones with their error), Play, Editor, Open, Quit."""

from __future__ import annotations

import json

import pygame
import pytest

from laser_flag.ui import tk_dialogs
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.learn.rules_scene import RulesScene
from laser_flag.ui.menu import editor_launch
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.menu.settings_scene import SettingsScene
from laser_flag.ui.settings import LaunchOptions

from .conftest import SMALL_MAP, click, frames, press, row_xy


@pytest.fixture
def maps(tmp_path):
    (tmp_path / "a_small.json").write_text(json.dumps(SMALL_MAP), encoding="utf-8")
    (tmp_path / "b_broken.json").write_text('{"tiles": [["lava"]]}', encoding="utf-8")
    empty = dict(SMALL_MAP, units=[["1", "basic", 0, 0]])
    (tmp_path / "c_no_team_2.json").write_text(json.dumps(empty), encoding="utf-8")
    (tmp_path / "notes.md").write_text("not a map", encoding="utf-8")
    return tmp_path


def open_menu(app, maps) -> MenuScene:
    app.options = LaunchOptions(seed=3)
    menu = MenuScene(maps_dir=maps)
    app.push(menu)
    frames(app)
    return menu


def button_xy(menu: MenuScene, name: str) -> tuple[int, int]:
    return next(b for b in menu.buttons() if b.name == name).rect.center


def test_lists_every_map_file_with_errors_not_hidden(app, maps):
    menu = open_menu(app, maps)
    assert [e.path.name for e in menu.chooser.entries] == [
        "a_small.json",
        "b_broken.json",
        "c_no_team_2.json",
    ]
    assert menu.chooser.entries[0].playable
    assert "b_broken.json" in menu.chooser.entries[1].error
    assert "team 2 has no units" in menu.chooser.entries[2].error


def test_play_is_disabled_for_a_broken_map_and_starts_a_good_one(app, maps):
    menu = open_menu(app, maps)
    press(app, pygame.K_DOWN)
    assert menu.chooser.chosen == 1
    click(app, button_xy(menu, "play"))
    assert app.top is menu
    press(app, pygame.K_UP)
    click(app, button_xy(menu, "play"))
    assert isinstance(app.top, GameScene)
    assert app.top.session.seed == 3


def test_clicking_a_card_chooses_its_map(app, maps):
    menu = open_menu(app, maps)
    click(app, menu.card_rect(2).center)
    assert menu.chooser.chosen == 2


def test_editor_that_cannot_start_gives_a_message(app, maps, monkeypatch):
    monkeypatch.setattr(editor_launch.importlib.util, "find_spec", lambda name: None)
    menu = open_menu(app, maps)
    click(app, button_xy(menu, "editor"))
    assert menu.message == "The map editor is not installed."
    assert app.running


def test_open_map_adds_the_chosen_file(app, maps, monkeypatch, tmp_path_factory):
    other = tmp_path_factory.mktemp("elsewhere") / "mine.json"
    other.write_text(json.dumps(dict(SMALL_MAP, name="Mine")), encoding="utf-8")
    monkeypatch.setattr(tk_dialogs, "ask_map_file", lambda folder: str(other))
    menu = open_menu(app, maps)
    click(app, button_xy(menu, "open"))
    assert menu.chooser.entry.title == "Mine" and menu.chooser.entry.playable


def test_rules_button_opens_rules_and_escape_returns(app, maps):
    menu = open_menu(app, maps)
    click(app, button_xy(menu, "rules"))
    assert isinstance(app.top, RulesScene)
    press(app, pygame.K_RIGHT)
    assert app.top.page == 1
    press(app, pygame.K_ESCAPE)
    assert app.top is menu


def test_settings_open_from_the_menu_and_quit_stops_the_loop(app, maps):
    menu = open_menu(app, maps)
    click(app, button_xy(menu, "settings"))
    assert isinstance(app.top, SettingsScene)
    click(app, row_xy(app.top, "speed"))
    assert app.settings.speed_label == "Fast"
    click(app, row_xy(app.top, "palette"))
    assert app.settings.alternate_palette
    press(app, pygame.K_ESCAPE)
    assert app.top is menu
    click(app, button_xy(menu, "quit"))
    assert not app.running
