"""The menu's Random map, headless through the real main loop: the knobs chosen with clicks and
keys, the game started at once on the map they make, and that map kept whole in the save, so
Continue and the replay of the game need no file of it."""

from __future__ import annotations

import pygame

from laser_flag.engine.actions import Move
from laser_flag.lab.generator import ASSAULT, KEY, ROTATION, Knobs, build
from laser_flag.saves import load_save
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.menu.random_choice import RandomChoice
from laser_flag.ui.menu.random_map_scene import RandomMapScene
from laser_flag.ui.replay.replay_scene import ReplayScene

from .conftest import (
    centre,
    click,
    frames,
    menu_button,
    open_menu,
    panel_button,
    press,
    saves_read,
    settle,
)


def row_xy(scene: RandomMapScene, name: str) -> tuple[int, int]:
    return next(b for b in scene.buttons() if b.name == name).rect.center


def right_click(app, xy: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=xy, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=xy, button=3))
    frames(app)


def random_screen(app, tmp_path) -> tuple[MenuScene, RandomMapScene]:
    menu = open_menu(app, tmp_path)
    click(app, menu_button(menu, "random").rect.center)
    scene = app.top
    assert isinstance(scene, RandomMapScene)
    return menu, scene


def choose(app, scene: RandomMapScene) -> int:
    """Size 17, Assault, rotation, 3 units a team, team 2 played by Easy, a new seed (N)."""
    seed = scene.choice.seed
    press(app, pygame.K_n)
    assert scene.choice.seed != seed or scene.choice.seed == 0  # drawn again (rarely the same)
    for _ in range(2):
        click(app, row_xy(scene, "size"))
    click(app, row_xy(scene, "mode"))
    click(app, row_xy(scene, "symmetry"))
    right_click(app, row_xy(scene, "units"))
    click(app, row_xy(scene, "level2"))
    return scene.choice.seed


CHOSEN = Knobs(size=17, mode=ASSAULT, units=("basic", "scout", "sniper"), symmetry=ROTATION)


def test_the_game_starts_at_once_on_the_map_the_knobs_make(app, tmp_path):
    __, scene = random_screen(app, tmp_path)
    seed = choose(app, scene)
    shown = scene.choice.made()
    assert shown.json_value(KEY) == {"seed": seed, "candidate": 0, "knobs": CHOSEN.to_json()}
    press(app, pygame.K_RETURN)
    game = app.top
    assert isinstance(game, GameScene)
    gm = game.game.map
    assert (gm.rows, gm.cols, gm.mode) == (17, 17, "Assault")
    assert gm.to_json_dict() == build(seed, CHOSEN)
    assert [u.unit_class for u in gm.units if u.team == "1"] == ["basic", "scout", "sniper"]
    assert game.session.levels == {"1": "Human", "2": "Easy"}


def test_right_click_steps_back_and_esc_goes_back_to_the_menu(app, tmp_path):
    menu, scene = random_screen(app, tmp_path)
    right_click(app, row_xy(scene, "size"))
    right_click(app, row_xy(scene, "mode"))
    assert (scene.choice.size, scene.choice.mode) == (11, "elimination")
    press(app, pygame.K_f)
    assert scene.choice.fog
    press(app, pygame.K_ESCAPE)
    assert app.top is menu


def test_a_small_board_takes_fewer_units():
    choice = RandomChoice(seed=3, size=11, units=8)
    choice.step("size", -1)
    assert (choice.size, choice.units) == (9, 7)  # a team's units start on its own rows
    choice.step("units", 1)
    assert choice.units == 1
    assert choice.made() is choice.made()  # built once for a choice
    choice.step("mode", 1)
    assert choice.made().mode == "Assault"


def first_move(scene: GameScene) -> Move:
    return next(a for a in scene.game.legal_actions() if isinstance(a, Move))


def test_the_map_travels_in_the_save_continue_and_the_replay(app, tmp_path):
    menu, scene = random_screen(app, tmp_path)
    seed = scene.choice.seed
    made = scene.choice.made().to_json_dict()
    press(app, pygame.K_RETURN)
    game = app.top
    move = first_move(game)
    click(app, centre(game, game.game.map.units[move.unit_id].pos))
    click(app, centre(game, move.to))
    settle(app, game)
    assert len(game.game.history) == 1
    path = game.session.keeper.path
    loaded = load_save(path)
    assert loaded.game.map.to_json_dict() == made and made[KEY]["seed"] == seed
    click(app, panel_button(game, "menu").rect.center)
    assert app.top is menu
    saves_read(app)
    click(app, menu_button(menu, "continue").rect.center)
    resumed = app.top
    assert isinstance(resumed, GameScene) and resumed.session.keeper.path == path
    assert resumed.game.map.to_json_dict() == made and len(resumed.game.history) == 1
    click(app, panel_button(resumed, "menu").rect.center)
    click(app, menu_button(menu, "load").rect.center)
    press(app, pygame.K_w)  # watch the replay of the newest save: this game
    frames(app, 3)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    recording = replay.recording
    assert recording.path == path and recording.gm.to_json_dict() == made
    assert recording.actions == (move,)
