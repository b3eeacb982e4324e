"""Lines between units drawn through the real main loop follow sight, not the centres: in the
first lesson, the beam from (2, 5) to (5, 7) and the trainer's dashed line from (2, 10) to
(4, 5) pass beside the wall (3, 6) that the centre line crosses. Along the sight line the beam
is lit end to end; the wall's pixels stay as they were."""

from __future__ import annotations

import pygame

from laser_flag.board.draw import tile_rect
from laser_flag.board.sight_lines import line_between, on_screen
from laser_flag.engine.events import Shot
from laser_flag.play.playback import BEAM_PEAK_MS, BEAM_REACH_MS
from laser_flag.ui.game.overlays import TARGET_RED
from laser_flag.ui.learn.lesson_scene import LessonScene

from .conftest import centre, click, hover_tile, run_until
from .test_lesson_scene import do_step, open_chapter, open_chapters

WALL = (3, 6)
SHOOTER, TARGET = (2, 5), (5, 7)  # the lesson's step "aim and fire"
WATCHER, STEP_OUT = (2, 10), (4, 5)  # the trainer on its base; the last step into its sight


def chapter_one_at(app, tmp_path, step: int) -> LessonScene:
    """The first lesson played through the real loop up to step `step` (from 0)."""
    _, chapters = open_chapters(app, tmp_path)
    scene = open_chapter(app, chapters, 0)
    while scene.lesson.index < step:
        scene = do_step(app, scene)
    return scene


def wall_pixels(app, scene: LessonScene) -> bytes:
    lay = scene.layout()
    return pygame.image.tobytes(app.screen.subsurface(tile_rect(lay.origin, lay.tile_px, WALL)),
                                "RGB")


def along(scene: LessonScene, a, b, count: int) -> list[tuple[int, int]]:
    """Screen points along the drawn sight line from a to b, over its part from 15% to 55% of
    the way: clear of the units at its ends and of a shot's result over the target."""
    lay = scene.layout()
    line = line_between(scene.game.map, a, b)
    (x0, y0), (x1, y1) = (on_screen(lay.origin, lay.tile_px, p) for p in line)
    return [(round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t))
            for t in (0.15 + 0.4 * i / (count - 1) for i in range(count))]


def test_the_beam_goes_round_the_wall_and_leaves_its_pixels_alone(app, tmp_path):
    scene = chapter_one_at(app, tmp_path, 4)
    assert scene.game.unit(0).pos == SHOOTER and scene.game.unit(1).pos == TARGET
    click(app, centre(scene, SHOOTER))
    click(app, centre(scene, TARGET))  # aimed: the next click fires
    wall = wall_pixels(app, scene)
    points = along(scene, SHOOTER, TARGET, 20)
    dark = [sum(tuple(app.screen.get_at(p))[:3]) for p in points]
    click(app, centre(scene, TARGET))
    run_until(app, lambda: isinstance(scene.turns.playback.current, Shot)
              and BEAM_REACH_MS < scene.turns.playback.elapsed < BEAM_PEAK_MS)
    assert wall_pixels(app, scene) == wall, "the beam does not paint the wall"
    lit = [sum(tuple(app.screen.get_at(p))[:3]) for p in points]
    assert all(after > before + 150 for before, after in zip(dark, lit, strict=True)), \
        "the beam runs the whole sight line"


def test_the_watchers_line_goes_round_the_wall(app, tmp_path):
    scene = chapter_one_at(app, tmp_path, 10)
    assert scene.game.unit(1).pos == WATCHER and scene.game.unit(1).snap_shots > 0
    click(app, centre(scene, scene.game.unit(0).pos))
    wall = wall_pixels(app, scene)
    hover_tile(app, scene, STEP_OUT)
    preview = scene.selection.preview()
    assert preview is not None and [w.pos for w in preview.watchers] == [WATCHER]
    assert wall_pixels(app, scene) == wall, "the line does not paint the wall"
    dashes = [p for p in along(scene, WATCHER, STEP_OUT, 40)
              if tuple(app.screen.get_at(p))[:3] == TARGET_RED]
    assert len(dashes) >= 10, "the dashes lie on the sight line"
