"""Choosing bots: the map chooser's level selectors, saves that keep them, rematches."""

from __future__ import annotations

import pygame
import pytest

from laser_flag import saves
from laser_flag.engine import EndTurn, Game, Move
from laser_flag.engine.mapfile import parse_map
from laser_flag.play.session import Session
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.menu.player_picker import level_button_name
from laser_flag.ui.menu.save_words import players
from laser_flag.ui.widgets import BUTTON, BUTTON_HOVER

from .conftest import (
    SMALL_MAP,
    WALLED,
    click,
    end_turn,
    frames,
    menu_button,
    open_menu,
    panel_button,
    press,
    run_until,
)


@pytest.fixture
def menu(app, tmp_path) -> MenuScene:
    return open_menu(app, tmp_path, seed=5, maps={"small": SMALL_MAP})


def test_hot_seat_is_the_default_and_the_selectors_show_it(app, menu):
    assert app.settings.levels_for("small.json") == {"1": "Human", "2": "Human"}
    assert [menu_button(menu, level_button_name(t)).label for t in "12"] == ["Human", "Human"]


def test_clicking_a_level_cycles_it_and_play_starts_against_that_bot(app, menu, gated):
    bot = gated(EndTurn())
    selector = menu_button(menu, level_button_name("2"))
    fill = tuple(app.screen.get_at((selector.rect.x + 5, selector.rect.centery)))[:3]
    assert fill in (BUTTON, BUTTON_HOVER)  # drawn where it is clicked
    for level in ("Easy", "Normal", "Hard"):
        click(app, selector.rect.center)
        assert menu_button(menu, level_button_name("2")).label == level
    click(app, selector.rect.center)
    assert app.settings.levels_for("small.json")["2"] == "Human"  # round again
    click(app, selector.rect.center)
    click(app, menu_button(menu, "play").rect.center)
    scene = app.top
    assert isinstance(scene, GameScene)
    assert scene.session.levels == {"1": "Human", "2": "Easy"}
    end_turn(app)
    bot.gate.release()
    run_until(app, lambda: scene.game.turn == 3)
    assert scene.game.history == [EndTurn(), EndTurn()]


def test_keys_1_and_2_choose_levels_and_bot_against_bot_is_allowed(app, menu, gated):
    gated()
    press(app, pygame.K_1)
    press(app, pygame.K_2)
    press(app, pygame.K_2)
    assert app.settings.levels_for("small.json") == {"1": "Easy", "2": "Normal"}
    press(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, GameScene) and scene.turns.bot_to_move
    click(app, panel_button(scene, "menu").rect.center)
    assert isinstance(app.top, MenuScene)
    # remembered
    assert app.settings.levels_for("small.json") == {"1": "Easy", "2": "Normal"}


def test_a_level_steps_back_by_right_click_shift_click_and_shift_with_its_key(app, menu):
    selector = menu_button(menu, level_button_name("2")).rect.center

    def level(team: str) -> str:
        return app.settings.levels_for("small.json")[team]

    click(app, selector, button=3)
    assert level("2") == "Hard"  # back from Human, round the end
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    try:
        click(app, selector)
    finally:
        pygame.key.set_mods(0)
    assert level("2") == "Normal"
    press(app, pygame.K_2, mod=pygame.KMOD_LSHIFT)
    assert level("2") == "Easy"
    click(app, selector)  # a plain click still steps on
    assert level("2") == "Normal"
    press(app, pygame.K_1, mod=pygame.KMOD_RSHIFT)
    assert level("1") == "Hard" and menu_button(menu, level_button_name("1")).label == "Hard"
    click(app, menu_button(menu, "play").rect.center, button=3)  # right click elsewhere: nothing
    assert app.top is menu


def test_the_save_keeps_the_levels_and_continue_restores_them(app, menu, data_dir):
    levels = {"1": "Hard", "2": "Human"}
    session = Session.start(parse_map(WALLED, "walled.json"), seed=3, levels=levels)
    session.game.apply(Move(0, (4, 1)))
    session.game.apply(EndTurn())
    path = saves.write_new_save(session.game, session.teams())
    assert saves.load_save(path).teams["levels"] == {"1": "Hard", "2": "Human"}
    click(app, menu_button(menu, "continue").rect.center)
    scene = app.top
    assert isinstance(scene, GameScene)
    assert scene.session.levels == {"1": "Hard", "2": "Human"}
    assert scene.turns.seats["1"].bot_here and scene.turns.seats["2"].person


def test_an_old_save_without_levels_continues_hot_seat(app, menu):
    game = Game(parse_map(WALLED, "walled.json"), seed=3)
    game.apply(EndTurn())
    saves.write_new_save(game, {"names": {"1": "Ann", "2": "Ben"}})
    click(app, menu_button(menu, "continue").rect.center)
    assert app.top.session.levels == {"1": "Human", "2": "Human"}
    assert app.top.session.names == {"1": "Ann", "2": "Ben"}


def test_a_save_naming_an_unknown_level_gives_a_human():
    game = Game(parse_map(WALLED, "walled.json"), seed=3)
    loaded = saves.LoadedSave(None, game.map, game, [], {"levels": {"1": "Godlike", "2": 7}}, "")
    assert Session.resume(loaded).levels == {"1": "Human", "2": "Human"}


def test_rematch_swaps_the_levels_with_the_names_and_same_again_keeps_them():
    levels = {"1": "Human", "2": "Hard"}
    session = Session.start(parse_map(SMALL_MAP, "small.json"), 1, levels=levels)
    swapped = session.rematch(swap_sides=True)
    assert swapped.names == {"1": "Bob", "2": "Alice"}
    assert swapped.levels == {"1": "Hard", "2": "Human"}
    assert session.rematch(swap_sides=False).levels == {"1": "Human", "2": "Hard"}


def test_the_saves_list_names_the_bots_of_a_game(app, menu):
    game = Game(parse_map(WALLED, "walled.json"), seed=3)
    saves.write_save(saves.saves_dir() / "vs.json", game, {"levels": {"1": "Human", "2": "Hard"}})
    click(app, menu_button(menu, "load").rect.center)
    assert players(app.top.infos[0]) == "Alice vs Bob (Hard bot)"


def test_a_shift_click_counts_when_shift_is_up_again_before_the_click_is_handled(app, menu):
    """xdotool's Shift down, click, Shift up can all be queued before a frame reads them, and
    SDL's own key state is by then past the click: the menu reads Shift in the events' order."""
    selector = menu_button(menu, level_button_name("2")).rect.center
    before = app.settings.levels_for("small.json")["2"]
    for kind in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYUP):
        if kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=pygame.K_LSHIFT, mod=0, unicode="",
                                                 scancode=0))
        else:
            pygame.event.post(pygame.event.Event(kind, pos=selector, button=1))
    frames(app)
    assert pygame.key.get_mods() & pygame.KMOD_SHIFT == 0
    after = app.settings.levels_for("small.json")["2"]
    click(app, selector)  # a plain click now steps on, back to where it was
    assert after != before and app.settings.levels_for("small.json")["2"] == before
