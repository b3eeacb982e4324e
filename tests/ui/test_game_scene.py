"""The game screen driven through the real loop with posted clicks and keys."""

from __future__ import annotations

from pathlib import Path

import pygame

from laser_flag.ui.ending.victory_scene import VictoryScene
from laser_flag.ui.game import game_scene

from .conftest import (
    Dice,
    card,
    centre,
    click,
    end_turn,
    frames,
    press,
    run_until,
    settle,
    small_session,
    start_game,
)


def test_click_selects_unit_and_lights_reachable_tiles(app):
    scene = start_game(app, small_session())
    target_tile = centre(scene, (3, 1))
    before = app.screen.get_at(target_tile)
    click(app, centre(scene, (5, 1)))
    assert scene.selection.unit == 0
    assert (3, 1) in scene.selection.reachable
    assert app.screen.get_at(target_tile) != before


def test_click_reachable_tile_moves_unit_and_spends_ap(app):
    scene = start_game(app, small_session())
    click(app, centre(scene, (5, 1)))
    click(app, centre(scene, (3, 1)))
    settle(app, scene)
    unit = scene.game.unit(0)
    assert unit.pos == (3, 1)
    assert unit.ap == 2
    assert any("moves (5, 1) -> (3, 1)" in line for line in scene.session.log)


def test_targeting_shows_needed_roll_and_fire_key_fires(app):
    scene = start_game(app, small_session(Dice((6, 5))))
    click(app, centre(scene, (6, 2)))  # the sniper
    click(app, centre(scene, (1, 5)))  # the enemy scout
    assert scene.selection.target == 2
    title, lines = card(scene)
    assert any("Needed 6 on 2D6" in line and "26/36 = 72.2%" in line for line in lines)
    press(app, pygame.K_f)
    settle(app, scene)
    assert scene.game.scores["1"] == 1
    assert scene.game.unit(2).laser == "deactivated"
    assert any("6+5 = 11, needed 6: HIT" in line for line in scene.session.log)


def test_a_shot_plays_out_by_itself_and_its_result_stays_on_the_board(app):
    scene = start_game(app, small_session(Dice((2, 1))))
    click(app, centre(scene, (6, 2)))
    click(app, centre(scene, (1, 5)))
    press(app, pygame.K_f)
    run_until(app, lambda: scene.turns.playback is None, limit=200)  # no key, no click
    assert scene.game.scores["1"] == 0
    note = scene.turns.notes.notes[0]  # the shot; the scout's snap shot back came after it
    assert note.pos == (1, 5) and not note.shot.hit and note.strength > 0
    assert [roll.dice for roll in scene.panel_view().rolls][0] == (2, 1)
    run_until(app, lambda: not scene.turns.notes.alive, limit=400)  # it fades by itself
    assert scene.panel_view().rolls, "the breakdown stays beside the board until the next action"


def test_pause_after_each_roll_holds_the_roll_until_space(app):
    app.settings.pause_after_roll = True
    scene = start_game(app, small_session(Dice((2, 1))))
    click(app, centre(scene, (6, 2)))
    click(app, centre(scene, (1, 5)))
    press(app, pygame.K_f)
    run_until(app, lambda: scene.turns.playback.waiting(), limit=200)
    frames(app, 100)
    assert scene.turns.playback is not None and scene.turns.playback.waiting()
    assert scene.turns.notes.notes[0].strength == 1.0, "the result holds while the roll waits"
    press(app, pygame.K_SPACE)
    settle(app, scene)
    assert scene.game.scores["1"] == 0


def test_end_turn_key_hands_over_and_tab_cycles_the_new_team(app):
    scene = start_game(app, small_session())
    end_turn(app)
    settle(app, scene)
    assert scene.game.active_team == "2"
    press(app, pygame.K_TAB)
    assert scene.selection.unit == 2
    press(app, pygame.K_TAB)
    assert scene.selection.unit == 3
    press(app, pygame.K_ESCAPE)
    assert scene.selection.unit is None


def test_holding_h_shows_enemy_watch_coverage(app):
    scene = start_game(app, small_session())
    seen_tile = centre(scene, (4, 1))
    plain = app.screen.get_at(seen_tile)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    frames(app)
    assert scene.watching
    assert app.screen.get_at(seen_tile) != plain
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_h, mod=0, unicode="h"))
    frames(app)
    assert app.screen.get_at(seen_tile) == plain


def test_hover_shows_exact_snap_risk(app):
    scene = start_game(app, small_session())
    click(app, centre(scene, (5, 1)))
    xy = centre(scene, (4, 1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=xy, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    _, lines = card(scene)
    assert any("2 snap shots could fire" in line for line in lines)
    risk = scene.game.what_if.snap_risk(scene.game.unit(0), (4, 1))
    assert any(f"{risk.p_unhit * 36**2}/1296" in line for line in lines)


def test_reaching_the_score_limit_opens_victory(app):
    data = dict(small_session().gm.to_json_dict(), score_limit={"1": 1, "2": 1})
    scene = start_game(app, small_session(Dice((6, 6)), data))
    click(app, centre(scene, (6, 2)))
    click(app, centre(scene, (1, 5)))
    click(app, centre(scene, (1, 5)))  # clicking the target again fires
    settle(app, scene)
    assert isinstance(app.top, VictoryScene)
    assert scene.game.winner == "1" and scene.game.victory == "score"


def test_the_game_scene_keeps_input_and_drawing_only():
    """Driving a game lives in play/turns.py, the panel's words in ui/game/game_view.py
    (and saving in play/save_keeper.py: the scene only asks before an unsaved game is lost)."""
    source = Path(game_scene.__file__).read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 256
