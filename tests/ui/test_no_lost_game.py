"""No lost game, through the real main loop: every action autosaved, Continue resumes the very
turn (log and undo included), a finished game saved as finished, E asks while units can act."""

from __future__ import annotations

import pygame

from laser_flag import saves
from laser_flag.app import main
from laser_flag.engine import Move
from laser_flag.engine.record import state_digest
from laser_flag.save_index import list_saves
from laser_flag.ui.ending.victory_scene import VictoryScene
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.loop import run
from laser_flag.ui.menu.menu_scene import MenuScene, continue_note
from laser_flag.ui.menu.save_words import standing
from laser_flag.ui.menu.saves_scene import SavesScene
from laser_flag.window import say_saved
from tests.keys import post_typed

from .conftest import (
    SMALL_MAP,
    WALLED,
    centre,
    click,
    frames,
    menu_button,
    open_menu,
    panel_button,
    press,
    run_until,
    settle,
    small_session,
    start_game,
)

INSTANT = 3  # Settings.speed_index of "Instant": a bot game plays without animations


def move(app, scene: GameScene, unit_at, to) -> None:
    click(app, centre(scene, unit_at))
    click(app, centre(scene, to))
    settle(app, scene)


def play_walled(app, tmp_path) -> tuple[MenuScene, GameScene]:
    menu = open_menu(app, tmp_path, seed=8, maps={"walled": WALLED})
    click(app, menu_button(menu, "play").rect.center)
    scene = app.top
    assert isinstance(scene, GameScene)
    move(app, scene, (5, 1), (4, 1))
    move(app, scene, (6, 2), (5, 3))
    return menu, scene


def test_leaving_mid_turn_and_continue_lands_on_the_same_state_log_and_undo(app, tmp_path):
    menu, scene = play_walled(app, tmp_path)
    digest, log = state_digest(scene.game), list(scene.session.log)
    assert len(log) == 2
    click(app, panel_button(scene, "menu").rect.center)
    assert app.top is menu
    assert continue_note(app.saves).startswith("Saved: Continue resumes this turn")
    click(app, menu_button(menu, "continue").rect.center)
    back = app.top
    assert isinstance(back, GameScene) and back is not scene
    assert state_digest(back.game) == digest
    assert back.session.log == log  # rebuilt from the actions, in the game's own words
    press(app, pygame.K_z, pygame.KMOD_LCTRL)  # this turn's moves can still be taken back
    assert back.turns.message == "Undone."
    assert back.game.history == [Move(0, (4, 1))] and back.session.log == log[:1]


def test_closing_the_window_mid_turn_keeps_the_turn(app, tmp_path, capsys):
    _, scene = play_walled(app, tmp_path)
    history = list(scene.game.history)
    app.on_quit.append(lambda: say_saved(app))  # as laser-flag's main sets it up
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app)
    assert not app.running
    assert capsys.readouterr().out.startswith("Saved: Continue (in the menu of laser-flag) ")
    loaded = saves.load_save(scene.session.keeper.path)
    assert loaded.actions == history and state_digest(loaded.game) == state_digest(scene.game)


def test_a_bot_game_to_victory_leaves_a_finished_save_that_verify_names(app, tmp_path, capsys):
    menu = open_menu(app, tmp_path, seed=5, maps={"small": SMALL_MAP})
    app.settings.choose_levels(None, {"1": "Easy", "2": "Easy"})
    app.settings.speed_index = INSTANT
    click(app, menu_button(menu, "play").rect.center)
    scene = app.top
    run_until(app, lambda: isinstance(app.top, VictoryScene), limit=20_000)
    game = scene.game
    assert game.over
    info = saves.save_info(scene.session.keeper.path)
    assert info.over and (info.winner, info.victory) == (game.winner, game.victory)
    assert info.turn == game.turn and info.scores == game.scores  # the winning action is in
    assert [i.path for i in list_saves()[0]] == [info.path]  # the game's one file, finished
    assert main(["replay", str(info.path), "--verify"]) == 0
    out = capsys.readouterr().out
    assert f"OK, {len(game.history)} actions" in out
    assert f"Result: {info.names[game.winner]} wins by " in out or "Result: Draw by " in out
    click(app, next(b for b in app.top.buttons() if b.name == "menu").rect.center)
    assert app.top is menu and not menu_button(menu, "continue").enabled
    assert continue_note(app.saves).startswith("Nothing to continue")
    click(app, menu_button(menu, "load").rect.center)
    chooser = app.top
    assert isinstance(chooser, SavesScene)
    assert " won " in standing(chooser.infos[0]) or "Drawn" in standing(chooser.infos[0])
    assert not next(b for b in chooser.buttons() if b.name == "load").enabled
    press(app, pygame.K_RETURN)  # Continue on a finished game: refused, said why
    assert app.top is chooser and chooser.message == "That game is over: W watches it."


def test_e_asks_while_units_can_act_esc_keeps_the_turn_enter_ends_it(app):
    scene = start_game(app, small_session())
    press(app, pygame.K_e)
    assert scene.game.turn == 1 and scene.turns.confirming_end
    assert set(scene.turns.could_still_act) == {0, 1}  # both of Alice's units, ringed
    press(app, pygame.K_ESCAPE)
    assert scene.game.turn == 1 and not scene.turns.confirming_end
    click(app, panel_button(scene, "end").rect.center)
    assert scene.game.turn == 1 and scene.turns.confirming_end
    press(app, pygame.K_RETURN)
    assert scene.game.turn == 2
    press(app, pygame.K_e)
    press(app, pygame.K_e)
    assert scene.game.turn == 3


def test_another_key_answers_no_and_the_setting_turns_the_question_off(app):
    scene = start_game(app, small_session())
    press(app, pygame.K_e)
    press(app, pygame.K_TAB)  # picks a unit; the question is gone
    assert not scene.turns.confirming_end and scene.selection.unit is not None
    press(app, pygame.K_e)
    assert scene.game.turn == 1
    app.settings.confirm_end_turn = False
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_e)
    assert scene.game.turn == 2


def test_idle_frames_are_not_redrawn(app, monkeypatch):
    scene = start_game(app, small_session())
    draws = []
    real_draw = scene.draw
    monkeypatch.setattr(scene, "draw", lambda surface: (draws.append(1), real_draw(surface)))
    frames(app, 30)
    assert draws == []
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0,) * 3)
    pygame.event.post(motion)
    frames(app, 30)
    assert draws == [1]  # input: one picture, then idle again
    click(app, centre(scene, (5, 1)))
    click(app, centre(scene, (3, 1)))  # a move: every frame of its animation is drawn
    played = len(draws)
    settle(app, scene)
    assert len(draws) > played + 1
    run_until(app, lambda: not scene.turns.busy)  # the snap shots' results fade, drawn
    settled = len(draws)
    frames(app, 30)
    assert len(draws) == settled


def test_the_real_clock_sleeps_while_idle_and_wakes_for_input(app, monkeypatch):
    scene = start_game(app, small_session())
    draws = []
    real_draw = scene.draw
    monkeypatch.setattr(scene, "draw", lambda surface: (draws.append(1), real_draw(surface)))
    waits = []
    real_wait = app.wait_for_input
    monkeypatch.setattr(app, "wait_for_input", lambda ms: (waits.append(ms), real_wait(ms)))
    run(app, 3)
    assert draws == [] and len(waits) == 3
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="",
                                         scancode=0))
    run(app, 1)
    assert draws == [1] and scene.selection.unit is not None


def test_keys_typed_into_the_rename_box_never_reach_the_board(app):
    """E, E, Enter once ended two turns from the rename box; now every key is the name's."""
    scene = start_game(app, small_session())
    click(app, scene.score_rects()["1"].center)
    for key, char in ((pygame.K_BACKSPACE, ""),) * 8 + ((pygame.K_e, "E"), (pygame.K_e, "e")):
        post_typed(key, char)
    press(app, pygame.K_RETURN)
    assert scene.session.names["1"] == "Ee"
    assert scene.game.turn == 1 and not scene.turns.confirming_end
