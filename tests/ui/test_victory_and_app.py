"""Victory screen buttons, team renaming, window scaling, and the command line."""

from __future__ import annotations

import json

import pygame
import pytest

from laser_flag.app import client_settings, first_session, levels, main, parse_args
from laser_flag.board.palette import Palette
from laser_flag.ui.ending.team_tint import team_tint
from laser_flag.ui.ending.victory_scene import VictoryScene, team_stats
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.loop import BACKGROUND
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.menu.player_picker import level_button_name
from laser_flag.ui.settings import load_settings
from laser_flag.ui.widgets import ACCENT
from tests.keys import post_typed

from .conftest import (
    SMALL_MAP,
    Dice,
    centre,
    click,
    frames,
    menu_button,
    open_menu,
    panel_button,
    press,
    settle,
    small_session,
    start_game,
)


def win_for_alice(app) -> VictoryScene:
    data = dict(SMALL_MAP, score_limit={"1": 1, "2": 1})
    scene = start_game(app, small_session(Dice((6, 6)), data))
    click(app, centre(scene, (6, 2)))
    click(app, centre(scene, (1, 5)))
    click(app, centre(scene, (1, 5)))
    settle(app, scene)
    return app.top


def button_xy(scene, name: str) -> tuple[int, int]:
    return next(b for b in scene.buttons() if b.name == name).rect.center


def test_victory_shows_stats_and_rematch_swaps_sides(app):
    victory = win_for_alice(app)
    assert team_stats(victory.session, "1", victory.units_left("1")) == [
        ("Score", "1 / 1"), ("Shots fired", "1"), ("Hits", "1"), ("Accuracy", "100%"),
        ("Units left", "2"),
    ]  # fmt: skip
    click(app, button_xy(victory, "rematch"))
    assert isinstance(app.top, GameScene)
    assert app.top.session.names == {"1": "Bob", "2": "Alice"}
    assert app.top.game.turn == 1 and app.top.game.winner is None


def test_victory_screen_is_painted_in_the_winners_colours(app):
    """The background is a tint of the winner's colour and the title is written in it."""
    victory = win_for_alice(app)
    frames(app)
    background, title = team_tint(Palette.from_map(victory.session.game.map).team("1"))
    screen = app.screen
    assert tuple(screen.get_at((4, screen.get_height() // 2)))[:3] == background
    assert background != BACKGROUND
    w = screen.get_width()
    title_area = [tuple(screen.get_at((x, y)))[:3] for x in range(w // 4, 3 * w // 4, 2)
                  for y in range(30, 100, 2)]
    assert title_area.count(title) > 50, "the headline is drawn in the winner's colour"


def test_same_again_keeps_sides_and_menu_goes_home(app):
    victory = win_for_alice(app)
    click(app, button_xy(victory, "again"))
    assert app.top.session.names == {"1": "Alice", "2": "Bob"}
    click(app, panel_button(app.top, "menu").rect.center)
    assert isinstance(app.top, MenuScene) and len(app.scenes) == 1


def type_keys(app, keys: list[tuple[int, str]]) -> None:
    for key, char in keys:
        post_typed(key, char)
    frames(app)


def test_clicking_a_score_box_renames_the_team_in_place(app):
    scene = start_game(app, small_session())
    box = scene.score_rects()["2"]
    click(app, box.center)
    assert scene.naming.selected  # the old name, selected: drawn on the accent
    row = {tuple(app.screen.get_at((x, box.y + 16)))[:3] for x in range(box.x, box.x + 40)}
    assert ACCENT in row
    typed = [(pygame.K_b, "B"), (pygame.K_o, "o"), (pygame.K_b, "b"), (pygame.K_SPACE, " "),
             (pygame.K_t, "t"), (pygame.K_h, "h"), (pygame.K_e, "e"), (pygame.K_SPACE, " "),
             (pygame.K_b, "B"), (pygame.K_BACKSPACE, ""), (pygame.K_b, "B"), (pygame.K_o, "o"),
             (pygame.K_l, "l"), (pygame.K_d, "d")]
    type_keys(app, typed)  # the first key replaced the old name, the rest followed it
    assert scene.naming is not None and scene.naming.text == "Bob the Bold"
    assert scene.game.active_team == "1" and not scene.watching  # E, H typed: not on the board
    type_keys(app, [(pygame.K_RETURN, "\r")])
    assert scene.session.names["2"] == "Bob the Bold"
    assert scene.session.roster.unit(2) == "Bob the Bold's Scout"


def test_an_arrow_or_end_keeps_the_old_name_to_type_on_after_it(app):
    scene = start_game(app, small_session())
    click(app, scene.score_rects()["1"].center)
    type_keys(app, [(pygame.K_END, ""), (pygame.K_SPACE, " "), (pygame.K_i, "I"),
                    (pygame.K_RETURN, "\r")])
    assert scene.session.names["1"] == "Alice I"
    click(app, scene.score_rects()["1"].center)
    type_keys(app, [(pygame.K_RIGHT, ""), (pygame.K_BACKSPACE, ""), (pygame.K_RETURN, "\r")])
    assert scene.session.names["1"] == "Alice"


def test_escape_or_a_blank_name_keeps_the_old_name(app):
    scene = start_game(app, small_session())
    click(app, scene.score_rects()["1"].center)
    type_keys(app, [(pygame.K_x, "x"), (pygame.K_ESCAPE, "")])
    assert scene.naming is None and scene.session.names["1"] == "Alice"
    click(app, scene.score_rects()["1"].center)
    type_keys(app, [(pygame.K_BACKSPACE, "")] * 5 + [(pygame.K_RETURN, "\r")])
    assert scene.session.names["1"] == "Alice"


def test_board_scales_with_the_window(app):
    scene = start_game(app, small_session())
    small = scene.layout().tile_px
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1800, h=1200, size=(1800, 1200)))
    frames(app)
    assert scene.layout().tile_px > small
    assert scene.layout().board.right < scene.layout().panel.left


def test_command_line_refuses_a_bad_map_with_its_error(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(dict(SMALL_MAP, units=[["1", "basic", 3, 3]])), encoding="utf-8")
    assert main(["--map", str(bad)]) == 2
    assert "units[0]: (3, 3) is a wall" in capsys.readouterr().err
    assert main(["--map", str(tmp_path / "missing.json")]) == 2


def test_command_line_levels_in_any_case_reach_the_first_game(tmp_path):
    small = tmp_path / "small.json"
    small.write_text(json.dumps(SMALL_MAP), encoding="utf-8")
    args = parse_args(["--map", str(small), "--team1", "HARD", "--team2", "easy"])
    assert first_session(args).levels == {"1": "Hard", "2": "Easy"}
    assert levels(parse_args([])) == {"1": "Human", "2": "Human"}


def test_command_line_levels_for_a_map_stay_with_that_map(app, tmp_path):
    small = tmp_path / "maps" / "small.json"
    small.parent.mkdir()
    small.write_text(json.dumps(SMALL_MAP), encoding="utf-8")
    app.settings = client_settings(parse_args(["--map", str(small), "--team1", "easy",
                                               "--team2", "easy"]))
    assert load_settings().levels_for("small.json") == {"1": "Easy", "2": "Easy"}
    menu = open_menu(app, tmp_path, maps={"other": SMALL_MAP})  # listed first: chosen
    assert menu.chooser.entry.path.name == "other.json"
    labels = [menu_button(menu, level_button_name(t)).label for t in "12"]
    assert labels == ["Human", "Human"]  # never set up: not the other map's bots
    press(app, pygame.K_DOWN)
    assert menu.chooser.entry.path.name == "small.json"
    assert [menu_button(menu, level_button_name(t)).label for t in "12"] == ["Easy", "Easy"]


def test_command_line_levels_without_a_map_are_every_maps_default(tmp_path):
    client_settings(parse_args(["--team2", "hard"]))
    assert load_settings().levels_for("bastion.json") == {"1": "Human", "2": "Hard"}


@pytest.mark.parametrize("argv", [["--team1", "expert"], ["--team2"], ["--team2", ""]])
def test_command_line_refuses_a_bad_level_in_one_line(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("laser-flag: error: argument --team")
