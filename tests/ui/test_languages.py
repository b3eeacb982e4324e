"""The game in German and Chinese through the real main loop: Settings' Language row switches
the words of every screen at once (state and pixels) and is kept for the next run, and a game
screen in either language draws every line whole, nothing cut to fit; a bundled map's
description reads in the player's language, a player's own as it was written."""

from __future__ import annotations

import json

import pygame
import pytest

from laser_flag import i18n
from laser_flag.engine import load_map
from laser_flag.play.session import Session
from laser_flag.resources import bundled_maps
from laser_flag.ui import widgets
from laser_flag.ui.loop import App
from laser_flag.ui.menu import menu_scene
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.settings import load_settings

from .conftest import SMALL_MAP, click, frames, menu_button, open_menu, press, row_xy, start_game

SIZES = ((1280, 860), (900, 600))


@pytest.fixture
def saved_app(tmp_path):
    """An App whose settings are written to a file of their own."""
    pygame.display.init()
    pygame.font.init()
    application = App((1280, 860), settings=load_settings(tmp_path / "settings.json"))
    yield application
    pygame.display.quit()


def play_pixels(app: App, menu: MenuScene) -> bytes:
    """The menu's Play button as drawn on the screen now."""
    return pygame.image.tobytes(app.screen.subsurface(menu_button(menu, "play").rect), "RGB")


def test_the_language_row_switches_the_menu_at_once_and_is_kept(saved_app, tmp_path):
    app = saved_app
    menu = open_menu(app, tmp_path, maps={"small": SMALL_MAP})
    english = play_pixels(app, menu)
    assert menu_button(menu, "play").label == "Play"
    click(app, menu_button(menu, "settings").rect.center)
    settings_scene = app.top
    click(app, row_xy(settings_scene, "language"))  # System (English here) -> English
    click(app, row_xy(settings_scene, "language"))  # -> Deutsch
    assert app.settings.language == "de" and i18n.active_language() == "de"
    assert settings_scene.value_text("language") == "Deutsch"
    assert settings_scene.back_button().label == "Zurück (Esc)"  # the open screen, at once
    press(app, pygame.K_ESCAPE)
    assert app.top is menu and menu_button(menu, "play").label == "Spielen"
    german = play_pixels(app, menu)
    assert german != english
    assert load_settings(app.settings.store).language == "de"  # the next run starts in German

    click(app, menu_button(menu, "settings").rect.center)
    click(app, row_xy(app.top, "language"))  # -> 简体中文
    press(app, pygame.K_ESCAPE)
    assert menu_button(menu, "play").label == "开始"
    assert play_pixels(app, menu) not in (english, german)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["de", "zh_CN"])
def test_a_game_screen_draws_every_line_whole(monkeypatch, language, size):
    """Every button, card and line of the game screen fits where it is drawn: no text is cut
    short with '...' (widgets.fit is where every screen cuts a line that does not fit)."""
    cut: list[str] = []
    whole = widgets._fit

    def watched(text: str, *args) -> str:
        shown = whole(text, *args)
        if shown != text:
            cut.append(text)
        return shown

    monkeypatch.setattr(widgets, "_fit", watched)
    i18n.use_language(language)
    pygame.display.init()
    pygame.font.init()
    try:
        app = App(size)
        scene = start_game(app, Session.start(load_map(bundled_maps() / "duel.json"), seed=1))
        frames(app, 3)
        assert any(b.name == "end" for b in scene.buttons()), "no game screen drawn"
    finally:
        pygame.display.quit()
    assert cut == []


def drawn_detail(app: App, menu: MenuScene, monkeypatch) -> tuple[list[str], bytes]:
    """The lines the chooser's detail pane draws in one frame, and its pixels."""
    lines: list[str] = []
    draw = menu_scene.draw_lines

    def kept(surface, shown, *args):
        lines.extend(shown)
        return draw(surface, shown, *args)

    monkeypatch.setattr(menu_scene, "draw_lines", kept)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0),
                                         buttons=(0, 0, 0)))  # a picture is drawn after input
    frames(app)
    monkeypatch.setattr(menu_scene, "draw_lines", draw)
    return lines, pygame.image.tobytes(app.screen.subsurface(menu.detail_rect()), "RGB")


@pytest.mark.parametrize(("language", "word"), [("de", "Festung"), ("zh_CN", "堡垒")])
def test_a_bundled_maps_description_reads_in_the_players_language(app, tmp_path, monkeypatch,
                                                                   language, word):
    bastion = json.loads((bundled_maps() / "bastion.json").read_text(encoding="utf-8"))
    own = {**bastion, "description": "Our club's fortress, two doors in."}
    menu = open_menu(app, tmp_path, maps={"bastion": bastion, "own": own})
    english, english_pixels = drawn_detail(app, menu, monkeypatch)
    assert any("fortress" in line for line in english)
    i18n.use_language(language)
    shown, pixels = drawn_detail(app, menu, monkeypatch)
    assert any(word in line for line in shown) and not any("fortress" in line for line in shown)
    assert pixels != english_pixels
    click(app, menu.card_rect(1).center)  # the player's own map: its words as written
    assert menu.chooser.entry.path.stem == "own"
    assert "Our club's fortress, two doors in." in drawn_detail(app, menu, monkeypatch)[0]
