"""Client frame times on the largest bundled map with every overlay shown, during a move's
animation, click-to-highlight, and the CPU the real loop uses while idle on the game screen.

Run: .venv/bin/python benchmarks/client.py [--frames N] [--idle-seconds S]. Headless (SDL dummy
driver). Targets (issues 3, 12): 60 fps with the 99th percentile under 8 ms; click to highlight
within one frame; idle under 5% of a core.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from laser_flag.board.draw import tile_rect
from laser_flag.engine.mapfile import load_map
from laser_flag.ui.loop import App, run
from laser_flag.ui.scenes.game_scene import GameScene
from laser_flag.ui.session import Session

MAPS = Path(__file__).resolve().parents[1] / "maps"


def largest_map() -> Path:
    return max(sorted(MAPS.glob("*.json")), key=lambda p: load_map(p).rows * load_map(p).cols)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def post(kind: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def timed_frame(app: App) -> float:
    """Milliseconds for one frame: input, update, drawing and flip (it must draw)."""
    start = time.perf_counter()
    drawn = app.frame(16)
    elapsed = (time.perf_counter() - start) * 1000
    assert drawn, "an idle frame was timed: nothing was drawn"
    return elapsed


def hover_frame(app: App, xy: tuple[int, int]) -> float:
    """A frame after the mouse moved over the board: drawn, as every frame with input is."""
    post(pygame.MOUSEMOTION, pos=xy, rel=(0, 0), buttons=(0, 0, 0))
    return timed_frame(app)


def show_overlays(app: App, scene: GameScene) -> tuple[int, int]:
    """Select the unit with the most reach, hover its farthest tile, hold H (enemy watch)."""
    game = scene.game
    ours = [u for u in game.units if u.team == game.active_team]
    unit = max(ours, key=lambda u: len(game.reachable(u.id)))
    lay = scene.layout()
    post(pygame.MOUSEBUTTONDOWN, pos=tile_rect(lay.origin, lay.tile_px, unit.pos).center, button=1)
    far = max(
        game.reachable(unit.id), key=lambda p: abs(p[0] - unit.pos[0]) + abs(p[1] - unit.pos[1])
    )
    xy = tile_rect(lay.origin, lay.tile_px, far).center
    post(pygame.MOUSEMOTION, pos=xy, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)
    app.frame(16)
    return xy


def animation_frames(app: App, scene: GameScene) -> list[float]:
    """Frame times while the longest move of the team to play walks, frame by frame."""
    game, lay = scene.game, scene.layout()
    ours = [u for u in game.units if u.team == game.active_team]
    unit = max(ours, key=lambda u: len(game.reachable(u.id)))
    far = max(
        game.reachable(unit.id), key=lambda p: abs(p[0] - unit.pos[0]) + abs(p[1] - unit.pos[1])
    )
    for pos in (unit.pos, far):
        post(pygame.MOUSEBUTTONDOWN, pos=tile_rect(lay.origin, lay.tile_px, pos).center, button=1)
        app.frame(16)
    times = []
    while scene.turns.playback is not None:
        if scene.turns.playback.showing_dice():
            post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
        times.append(timed_frame(app))
    return times


def idle_cpu(app: App, seconds: float) -> tuple[float, int]:
    """The real loop, idle on the game screen for `seconds`: CPU share of a core, frames drawn."""
    draws = []
    scene = app.top
    real_draw = scene.draw
    scene.draw = lambda surface: (draws.append(1), real_draw(surface))
    end = time.perf_counter() + seconds
    start = time.process_time()
    while time.perf_counter() < end:
        run(app, 1)  # the real clock: sleeps until input, at most IDLE_WAIT_MS
    cpu = time.process_time() - start
    del scene.draw
    return cpu / seconds, len(draws)


def click_to_highlight(app: App, scene: GameScene, repeats: int) -> list[float]:
    """Time from a posted click on a unit to the end of the frame that shows its reach."""
    game, lay = scene.game, scene.layout()
    ours = [u for u in game.units if u.team == game.active_team]
    times = []
    for i in range(repeats):
        unit = ours[i % len(ours)]
        post(
            pygame.MOUSEBUTTONDOWN,
            pos=tile_rect(lay.origin, lay.tile_px, unit.pos).center,
            button=1,
        )
        times.append(timed_frame(app))
        assert scene.selection.unit == unit.id
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
        app.frame(16)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    args = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    path = largest_map()
    app = App((1280, 860))
    scene = GameScene(Session.start(load_map(path), seed=1))
    app.push(scene)
    app.frame(16)
    idle, idle_draws = idle_cpu(app, args.idle_seconds)
    xy = show_overlays(app, scene)
    frames = [hover_frame(app, xy) for _ in range(args.frames)]
    post(pygame.KEYUP, key=pygame.K_h, mod=0, unicode="h", scancode=0)
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.frame(16)
    clicks = click_to_highlight(app, scene, 100)
    walking = animation_frames(app, scene)
    gm = scene.game.map
    print(
        f"map {path.name} ({gm.rows}x{gm.cols}), window 1280x860, tile {scene.layout().tile_px}px"
    )
    print(
        f"frame with reach, path, risk tag, sight marks and watch coverage: "
        f"median {statistics.median(frames):.2f} ms, p99 {percentile(frames, 0.99):.2f} ms "
        f"over {len(frames)} frames"
    )
    print(
        f"click on a unit -> highlighted frame: median {statistics.median(clicks):.2f} ms, "
        f"max {max(clicks):.2f} ms (one frame; budget 16.7 ms)"
    )
    print(
        f"frame during a move's animation: median {statistics.median(walking):.2f} ms, "
        f"p99 {percentile(walking, 0.99):.2f} ms over {len(walking)} frames"
    )
    print(
        f"idle on the game screen, real loop: {idle:.1%} of a core over {args.idle_seconds:g} s, "
        f"{idle_draws} frames drawn (goal under 5%)"
    )
    pygame.quit()


if __name__ == "__main__":
    main()
