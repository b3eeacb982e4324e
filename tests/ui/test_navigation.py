"""Where scenes go: back to the one main menu as it was left, and fresh dice for each new game."""

from __future__ import annotations

import json

from laser_flag.app import launch_options, parse_args
from laser_flag.ui import tk_dialogs
from laser_flag.ui.ending.victory_scene import VictoryScene
from laser_flag.ui.game.game_scene import GameScene

from .conftest import (
    SMALL_MAP,
    Dice,
    centre,
    click,
    menu_button,
    open_menu,
    panel_button,
    settle,
    small_session,
    start_game,
)

MAPS = {"a": SMALL_MAP, "b": dict(SMALL_MAP, name="Bee")}


def play_then_menu(app, menu) -> int:
    """Play the chosen map, then leave by the panel's Menu button; the game's seed."""
    click(app, menu_button(menu, "play").rect.center)
    game = app.top
    assert isinstance(game, GameScene)
    click(app, panel_button(game, "menu").rect.center)
    assert app.top is menu and app.scenes == [menu]
    return game.session.seed


def test_three_games_from_one_menu_roll_three_different_seeds(app, tmp_path):
    menu = open_menu(app, tmp_path, seed=None, maps=MAPS)
    seeds = [play_then_menu(app, menu) for _ in range(3)]
    assert len(set(seeds)) == 3


def test_a_seed_fixed_on_the_command_line_serves_every_game_of_the_run(app, tmp_path):
    assert launch_options(parse_args(["--seed", "77"])).seed == 77
    assert launch_options(parse_args([])).seed is None
    menu = open_menu(app, tmp_path, seed=77, maps=MAPS)
    assert [play_then_menu(app, menu) for _ in range(2)] == [77, 77]


def test_menu_returns_to_the_root_menu_with_the_opened_map_and_the_choice(
    app, tmp_path, monkeypatch
):
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(dict(SMALL_MAP, name="Mine")), encoding="utf-8")
    monkeypatch.setattr(tk_dialogs, "ask_map_file", lambda folder: str(mine))
    menu = open_menu(app, tmp_path, seed=None, maps=MAPS)
    click(app, menu_button(menu, "open").rect.center)
    assert menu.chooser.entry.title == "Mine" and menu.chooser.chosen == 2
    play_then_menu(app, menu)
    assert menu.chooser.entry.title == "Mine" and menu.chooser.chosen == 2
    assert [e.title for e in menu.chooser.entries] == ["a", "Bee", "Mine"]


def test_the_victory_screens_main_menu_goes_back_to_the_same_menu(app, tmp_path):
    menu = open_menu(app, tmp_path, maps=MAPS)
    data = dict(SMALL_MAP, score_limit={"1": 1, "2": 1})
    game = start_game(app, small_session(Dice((6, 6)), data))
    click(app, centre(game, (6, 2)))
    click(app, centre(game, (1, 5)))
    click(app, centre(game, (1, 5)))  # a hit: the score limit is reached
    settle(app, game)
    assert isinstance(app.top, VictoryScene)
    click(app, next(b for b in app.top.buttons() if b.name == "menu").rect.center)
    assert app.scenes == [menu]
