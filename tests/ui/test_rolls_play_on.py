"""Dice never stop the game, through the real loop: a hot-seat turn with a move under two
watchers, a shot and the snap shot it draws, played with nothing but clicks on the board and E;
a key pressed while rolls play is never lost; the end-turn question is asked on the board with
the units that could still act ringed."""

from __future__ import annotations

import pygame

from laser_flag.engine.actions import EndTurn, Fire, Move
from laser_flag.engine.events import Shot
from laser_flag.ui.game import overlays

from .conftest import Dice, centre, click, frames, press, run_until, small_session, start_game


def played_shots(scene) -> list[str]:
    return [line for line in scene.session.log if "shoots at" in line or "fires at" in line]


def test_a_turn_with_a_shot_and_snap_shots_needs_no_key_but_the_moves_and_e(app):
    # the two watchers miss the move, the sniper hits the scout, the grunt's snap shot misses
    scene = start_game(app, small_session(Dice((1, 1), (1, 1), (6, 6), (1, 1))))
    seen_shots = set()

    def watch() -> bool:
        playback = scene.turns.playback
        if playback is not None and isinstance(playback.current, Shot):
            seen_shots.add(playback.current)
        return playback is None

    click(app, centre(scene, (5, 1)))
    click(app, centre(scene, (4, 1)))  # in sight of Bob's grunt and scout
    run_until(app, watch, limit=300)  # no key, no click: the two snap shots play by themselves
    assert len([s for s in seen_shots if s.snap]) == 2
    assert len(played_shots(scene)) == 2
    click(app, centre(scene, (6, 2)))  # the sniper
    click(app, centre(scene, (1, 5)))  # aim at the scout
    click(app, centre(scene, (1, 5)))  # and fire
    run_until(app, watch, limit=300)
    assert scene.game.scores["1"] == 1 and len(played_shots(scene)) >= 3
    press(app, pygame.K_e)  # units could still act: asked on the board
    assert scene.turns.confirming_end
    press(app, pygame.K_e)
    run_until(app, lambda: scene.turns.playback is None, limit=100)
    history = scene.game.history
    assert [type(a) for a in history] == [Move, Fire, EndTurn] and scene.game.turn == 2


def test_a_key_pressed_while_rolls_play_finishes_them_and_then_does_its_job(app):
    scene = start_game(app, small_session())
    click(app, centre(scene, (5, 1)))
    click(app, centre(scene, (4, 1)))
    run_until(app, lambda: isinstance(scene.turns.playback.current, Shot))
    press(app, pygame.K_e)  # not eaten by the rolls: they end, then E asks
    assert scene.turns.playback is None and scene.turns.confirming_end
    assert len(played_shots(scene)) == 2  # every roll was still played and logged


def test_space_hurries_a_roll_and_s_skips_the_rest(app):
    scene = start_game(app, small_session())
    click(app, centre(scene, (5, 1)))
    click(app, centre(scene, (4, 1)))
    run_until(app, lambda: isinstance(scene.turns.playback.current, Shot))
    first = scene.turns.playback.current
    press(app, pygame.K_SPACE)  # that roll is done at once; the next watcher's plays on
    assert isinstance(scene.turns.playback.current, Shot)
    assert scene.turns.playback.current != first and len(played_shots(scene)) == 1
    press(app, pygame.K_s)
    assert scene.turns.playback is None and scene.selection.unit == 0  # S did nothing else


def ring_colour_at(app, scene, pos) -> tuple[int, int, int]:
    """The colour on a tile's rim, where the question's ring is drawn."""
    lay = scene.layout()
    x, y = centre(scene, pos)
    return tuple(app.screen.get_at((x, y - lay.tile_px // 2 + 3)))[:3]


def test_the_end_turn_question_is_on_the_board_with_the_units_that_could_act_ringed(app):
    scene = start_game(app, small_session())
    before = {pos: ring_colour_at(app, scene, pos) for pos in ((5, 1), (6, 2))}
    press(app, pygame.K_e)
    assert scene.turns.confirming_end and set(scene.turns.could_still_act) == {0, 1}
    for pos in ((5, 1), (6, 2)):
        assert ring_colour_at(app, scene, pos) == overlays.ASK != before[pos]
    area = scene.layout().area
    banner = pygame.Rect(area.centerx - 40, area.y + 14, 80, 12)
    assert overlays.ASK in {tuple(app.screen.get_at(p))[:3]
                            for p in ((x, y) for x in range(banner.left, banner.right)
                                      for y in range(banner.top, banner.bottom))}
    press(app, pygame.K_ESCAPE)
    assert not scene.turns.confirming_end
    assert ring_colour_at(app, scene, (5, 1)) == before[(5, 1)]
    frames(app)


def test_a_click_while_an_action_plays_is_not_lost_either(app):
    scene = start_game(app, small_session())
    click(app, centre(scene, (5, 1)))
    click(app, centre(scene, (4, 1)))
    assert scene.turns.playback is not None  # the walk has only begun
    click(app, centre(scene, (6, 2)))  # the sniper, at once: the rolls end, the pick is made
    assert scene.turns.playback is None and scene.selection.unit == 1
    assert len(played_shots(scene)) == 2
