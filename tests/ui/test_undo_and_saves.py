"""Undo, save and autosave through the real loop: Ctrl+Z, the buttons, Ctrl+S, end of turn."""

from __future__ import annotations

import pygame

from laser_flag import saves
from laser_flag.engine.mapfile import parse_map
from laser_flag.engine.record import state_digest
from laser_flag.ui.panel import buttons
from laser_flag.ui.session import Session

from .conftest import SMALL_MAP, Dice, centre, click, press, settle, small_session, start_game

# SMALL_MAP with a wall across row 3 (and one more in row 2): no unit sees an enemy at first,
# so moves roll no snap shots and stay undoable.
WALLED = {
    **SMALL_MAP,
    "tiles": SMALL_MAP["tiles"][:2]
    + [["level"] * 6 + ["wall"], ["wall"] * 6 + ["level"]]
    + SMALL_MAP["tiles"][4:],
}


def ctrl(app, key) -> None:
    press(app, key, pygame.KMOD_LCTRL)


def undo_button(scene):
    return next(b for b in buttons(scene.layout().panel, scene.panel_view()) if b.name == "undo")


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
    assert "nothing to undo this turn" in scene.message


def test_a_move_that_drew_snap_shots_cannot_be_undone(app):
    scene = start_game(app, small_session())
    move(app, scene, (5, 1), (3, 1))
    assert scene.game.rolls > 0  # the enemy snap-shot at the moving unit
    moved = state_digest(scene.game)
    ctrl(app, pygame.K_z)
    assert state_digest(scene.game) == moved
    assert scene.message == "Cannot undo: a die was rolled since."


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
    assert scene.message == "Cannot undo: a die was rolled since."
    click(app, centre(scene, (4, 4)))  # any other click clears the message
    assert "Undo unavailable: a die was rolled since." in scene.card()[1]


def test_end_of_turn_autosaves_and_the_autosave_continues_exactly(app, data_dir):
    session = Session.start(parse_map(SMALL_MAP, "small.json"), seed=9)
    scene = start_game(app, session)
    move(app, scene, (5, 1), (3, 1))
    assert saves.latest_autosave() is None
    press(app, pygame.K_e)
    settle(app, scene)
    path = saves.latest_autosave()
    assert path == data_dir / "saves" / "autosave.json"
    loaded = saves.load_save(path)
    assert state_digest(loaded.game) == state_digest(scene.game)
    assert loaded.teams["names"] == session.names
    ctrl(app, pygame.K_z)
    assert "nothing to undo this turn" in scene.message


def test_ctrl_s_saves_a_listed_game(app):
    scene = start_game(app, small_session())
    move(app, scene, (5, 1), (3, 1))
    ctrl(app, pygame.K_s)
    assert scene.message.startswith("Saved as ")
    infos, problems = saves.list_saves()
    assert problems == [] and len(infos) == 1
    assert (infos[0].map_name, infos[0].turn) == ("small", 1)
