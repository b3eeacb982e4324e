"""Undo, save and autosave through the real loop: Ctrl+Z, the buttons, Ctrl+S, end of turn."""

from __future__ import annotations

import pygame

from laser_flag import saves
from laser_flag.engine import EndTurn, Game, Move
from laser_flag.engine.mapfile import parse_map
from laser_flag.engine.record import state_digest
from laser_flag.play.session import Session
from laser_flag.save_index import list_saves
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.menu.save_words import standing
from laser_flag.ui.menu.saves_scene import SavesScene

from .conftest import (
    SMALL_MAP,
    WALLED,
    Dice,
    card,
    centre,
    click,
    end_turn,
    menu_button,
    open_menu,
    press,
    settle,
    small_session,
    start_game,
)


def ctrl(app, key) -> None:
    press(app, key, pygame.KMOD_LCTRL)


def undo_button(scene):
    return next(b for b in scene.buttons() if b.name == "undo")


def move(app, scene, unit_at, to) -> None:
    click(app, centre(scene, unit_at))
    click(app, centre(scene, to))
    settle(app, scene)


def test_ctrl_z_takes_back_moves_one_at_a_time_exactly(app):
    session = Session.start(parse_map(WALLED, "walled.json"), seed=4)
    scene = start_game(app, session)
    start, full_ap = state_digest(scene.game), scene.game.unit(0).ap
    assert not undo_button(scene).enabled
    move(app, scene, (5, 1), (4, 1))
    after_one = state_digest(scene.game)
    log_one = list(session.log)
    move(app, scene, (6, 2), (5, 2))
    assert scene.game.unit(1).pos == (5, 2)
    assert scene.game.rolls == 0
    assert undo_button(scene).enabled
    ctrl(app, pygame.K_z)
    assert scene.game.unit(1).pos == (6, 2)
    assert state_digest(scene.game) == after_one
    assert session.log == log_one
    click(app, undo_button(scene).rect.center)
    assert scene.game.unit(0).pos == (5, 1) and scene.game.unit(0).ap == full_ap
    assert state_digest(scene.game) == start  # units, scores and the generator
    assert session.game.history == []
    ctrl(app, pygame.K_z)
    assert "nothing to undo this turn" in scene.turns.message


def test_a_move_that_drew_snap_shots_cannot_be_undone(app):
    scene = start_game(app, small_session())
    move(app, scene, (5, 1), (3, 1))
    assert scene.game.rolls > 0  # the enemy snap-shot at the moving unit
    moved = state_digest(scene.game)
    ctrl(app, pygame.K_z)
    assert state_digest(scene.game) == moved
    assert scene.turns.message == "Cannot undo: a die was rolled since."


def test_after_a_shot_the_result_stands_and_undo_says_why(app):
    scene = start_game(app, small_session(Dice((2, 1))))
    click(app, centre(scene, (6, 2)))
    click(app, centre(scene, (1, 5)))
    press(app, pygame.K_f)
    settle(app, scene)
    assert scene.game.rolls > 0
    fired = state_digest(scene.game)
    assert not undo_button(scene).enabled
    ctrl(app, pygame.K_z)
    assert state_digest(scene.game) == fired
    assert scene.turns.message == "Cannot undo: a die was rolled since."
    click(app, centre(scene, (5, 1)))  # selecting another unit: the words go with their state
    assert scene.turns.message == ""
    assert not any("undo" in line.lower() for line in card(scene)[1])
    assert undo_button(scene).hint == "Cannot undo: a die was rolled since."  # its tooltip


def test_end_of_turn_autosaves_and_the_autosave_continues_exactly(app, data_dir):
    session = Session.start(parse_map(SMALL_MAP, "small.json"), seed=9)
    scene = start_game(app, session)
    move(app, scene, (5, 1), (3, 1))
    end_turn(app)
    settle(app, scene)
    session.keeper.wait()
    path = session.keeper.path
    assert path.parent == data_dir / "saves"
    loaded = saves.load_save(path)
    assert state_digest(loaded.game) == state_digest(scene.game)
    assert loaded.teams["names"] == session.names
    ctrl(app, pygame.K_z)
    assert "nothing to undo this turn" in scene.turns.message


def test_ctrl_s_saves_a_listed_copy(app):
    scene = start_game(app, small_session())
    move(app, scene, (5, 1), (3, 1))
    ctrl(app, pygame.K_s)
    assert scene.turns.message.startswith("Saved a copy as small-")
    infos, problems = list_saves()
    copies = [info for info in infos if info.path != scene.session.keeper.path]
    assert problems == [] and len(infos) == 2 and len(copies) == 1
    assert (copies[0].map_name, copies[0].turn, copies[0].actions) == ("small", 1, 1)


def test_continue_resumes_the_latest_autosave_exactly(app, tmp_path):
    game = Game(parse_map(WALLED, "walled.json"), seed=12)
    game.apply(Move(0, (4, 1)))
    game.apply(EndTurn())
    saves.write_new_save(game, {"names": {"1": "Ann", "2": "Ben"}})
    menu = open_menu(app, tmp_path)
    click(app, menu_button(menu, "continue").rect.center)
    scene = app.top
    assert isinstance(scene, GameScene)
    assert state_digest(scene.game) == state_digest(game)
    assert scene.session.names == {"1": "Ann", "2": "Ben"}
    for action in game.legal_actions()[:1] + [EndTurn()]:  # the same dice from here on
        assert scene.game.apply(action) == game.apply(action)


def test_continue_never_offers_a_corrupt_autosave_and_leaves_it(app, tmp_path, data_dir):
    menu = open_menu(app, tmp_path)
    assert not menu_button(menu, "continue").enabled
    path = data_dir / "saves" / "autosave.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "laser-flag-save", "version": 1, "map": {', encoding="utf-8")
    before = path.read_bytes()
    click(app, menu_button(menu, "continue").rect.center)
    assert app.top is menu and not menu_button(menu, "continue").enabled
    click(app, menu_button(menu, "load").rect.center)
    problems = app.top.problems
    assert len(problems) == 1 and str(path) in problems[0] and "truncated" in problems[0]
    assert path.read_bytes() == before


def test_load_lists_saves_and_enter_continues_the_chosen_one(app, tmp_path):
    game = Game(parse_map(WALLED, "walled.json"), seed=2)
    game.apply(Move(1, (5, 2)))
    saves.write_save(saves.saves_dir() / "mine.json", game, {})
    (saves.saves_dir() / "junk.json").write_text("nope", encoding="utf-8")
    menu = open_menu(app, tmp_path)
    click(app, menu_button(menu, "load").rect.center)
    chooser = app.top
    assert isinstance(chooser, SavesScene)
    assert [info.path.name for info in chooser.infos] == ["mine.json"]
    assert chooser.infos[0].map_name == "walled"
    assert standing(chooser.infos[0]) == "round 1 · score 0-0"
    assert len(chooser.problems) == 1 and "junk.json" in chooser.problems[0]
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, GameScene)
    assert state_digest(app.top.game) == state_digest(game)
