"""Motion through the real main loop: a beam glows then fades, a hit laser blinks off, a walk
slides between tiles, and a replay plays each action through a Playback as the game does."""

from __future__ import annotations

import pygame

from laser_flag.board.draw import tile_rect
from laser_flag.board.sight_lines import line_between, on_screen
from laser_flag.engine.events import LaserChanged, Moved, Shot
from laser_flag.play.playback import BEAM_PEAK_MS, BEAM_REACH_MS, LASER_MS
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.game.overlays import SHOT_ORANGE
from laser_flag.ui.replay.replay_scene import ReplayScene

from .conftest import Dice, centre, click, frames, press, run_until, small_session, start_game
from .test_replay_scene import saved_game

SHOOTER, TARGET = (6, 2), (1, 5)  # Alice's basic unit and Bob's scout on SMALL_MAP, in sight


def fire(app, scene: GameScene) -> None:
    """Select the shooter, then pick and fire at the target: the shot starts playing."""
    click(app, centre(scene, SHOOTER))
    click(app, centre(scene, TARGET))
    click(app, centre(scene, TARGET))
    assert isinstance(scene.turns.playback.current, Shot)


def beam_middle(scene: GameScene) -> tuple[int, int]:
    """The middle of the beam: it runs along the sight line from the shooter's tile to the
    target's."""
    lay = scene.layout()
    line = line_between(scene.game.map, SHOOTER, TARGET)
    (x1, y1), (x2, y2) = (on_screen(lay.origin, lay.tile_px, p) for p in line)
    return round((x1 + x2) / 2), round((y1 + y2) / 2)


def brightness(app, xy: tuple[int, int]) -> int:
    return sum(tuple(app.screen.get_at(xy))[:3])


def elapsed_past(scene: GameScene, ms: float):
    return lambda: scene.turns.playback.elapsed >= ms


def test_a_beam_pixel_is_brighter_at_its_peak_than_after_its_fade(app):
    scene = start_game(app, small_session(Dice((1, 1))))
    fire(app, scene)
    xy = beam_middle(scene)
    run_until(app, elapsed_past(scene, BEAM_PEAK_MS - 40))
    peak = brightness(app, xy)
    run_until(app, elapsed_past(scene, LASER_MS - 20))
    assert scene.turns.playback.animating(), "still the beam, not yet the dice"
    faded = brightness(app, xy)
    assert peak > faded + 150, (peak, faded)


def test_the_beam_runs_along_the_sight_line_in_the_shooters_colour(app):
    """Alice's sniper fires: across the middle of the sight line between the two tiles, the
    beam's band is Alice's colour (lit for the dark board) around a white core."""
    scene = start_game(app, small_session(Dice((1, 1))))
    fire(app, scene)
    run_until(app, elapsed_past(scene, BEAM_REACH_MS + 10))
    x, y = beam_middle(scene)
    across = [tuple(app.screen.get_at((x + dx, y)))[:3] for dx in range(-12, 13)]
    colour = scene.palette().team("1").bright
    assert any(sum(abs(a - b) for a, b in zip(p, colour, strict=True)) < 40 for p in across)
    assert any(min(p) > 230 for p in across), "the white core"


def test_a_hit_flashes_on_the_target_and_its_laser_blinks_off(app):
    scene = start_game(app, small_session(Dice((6, 6))))
    fire(app, scene)
    target = centre(scene, TARGET)
    before = brightness(app, target)
    run_until(app, elapsed_past(scene, LASER_MS // 2))
    assert brightness(app, target) > before + 150, "the hit flashes"
    run_until(app, lambda: isinstance(scene.turns.playback.current, LaserChanged))  # no key
    seen = set()
    run_until(app, lambda: scene.turns.playback is None or (
        seen.add(scene.turns.playback.shown_lasers()[2]) or False))
    assert seen == {"charged", "deactivated"}, "the laser blinks before it stays off"
    assert scene.game.unit(2).laser == "deactivated"


def test_a_walk_slides_between_tiles_and_a_snap_shot_marks_its_watcher(app):
    """On SMALL_MAP the sniper's walk to (4, 2) is seen by Bob's grunt at (0, 4)."""
    scene = start_game(app, small_session())
    lay = scene.layout()
    a, b = (tile_rect(lay.origin, lay.tile_px, p) for p in ((6, 2), (5, 2)))
    between = (a.centerx, (a.centery + b.centery) // 2)
    still = app.screen.get_at(between)
    click(app, centre(scene, (6, 2)))
    click(app, centre(scene, (4, 2)))
    run_until(app, lambda: 0.4 < scene.turns.playback.walk()[2] < 0.6)
    assert app.screen.get_at(between) != still, "the unit is drawn halfway between the tiles"
    run_until(app, lambda: isinstance(scene.turns.playback.current, Shot))
    assert scene.turns.playback.current.snap
    frames(app)
    watcher = tile_rect(lay.origin, lay.tile_px, (0, 4))
    assert tuple(app.screen.get_at((watcher.left + 2, watcher.centery)))[:3] == SHOT_ORANGE


def test_a_replay_step_plays_its_events_and_a_step_back_is_instant(app, tmp_path):
    loaded, _ = saved_game(tmp_path, 60)
    scene = ReplayScene(loaded)
    app.push(scene)
    frames(app)
    shot_at = next(i for i in range(1, scene.player.last + 1)
                   if any(isinstance(e, Shot) for e in scene.player.replay.events[i]))
    scene.player.step(shot_at - 1 - scene.player.index)
    press(app, pygame.K_RIGHT)
    assert scene.player.index == shot_at and scene.player.playback is not None
    assert scene.player.playback.events == scene.player.replay.events[shot_at]
    assert scene.animating()
    run_until(app, lambda: isinstance(scene.player.playback.current, Shot))
    assert scene.player.playback.animating(), "the beam is drawn"
    run_until(app, lambda: scene.player.playback is None)
    press(app, pygame.K_LEFT)
    assert scene.player.index == shot_at - 1 and scene.player.playback is None


def test_playing_a_replay_waits_for_each_action_to_play(app, tmp_path):
    loaded, _ = saved_game(tmp_path)
    scene = ReplayScene(loaded)
    app.push(scene)
    press(app, pygame.K_SPACE)
    walks = next(i for i in range(1, scene.player.last + 1)
                 if any(isinstance(e, Moved) for e in scene.player.replay.events[i]))
    run_until(app, lambda: scene.player.index == walks)
    assert scene.player.playback is not None and not scene.player.playback.done
    frames(app)
    assert scene.player.index == walks, "the next action waits until this one has played"
