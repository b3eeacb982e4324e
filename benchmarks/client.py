"""Client frame times on the largest bundled map with every overlay shown, and click-to-highlight.

Run: .venv/bin/python benchmarks/client.py [--frames N]. Headless (SDL dummy driver).
Targets (issue 3): 60 fps with the 99th percentile under 8 ms; click to highlight within one frame.
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
from laser_flag.ui.loop import App
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
    """Milliseconds for one frame: input, update, drawing and flip."""
    start = time.perf_counter()
    app.frame(16)
    return (time.perf_counter() - start) * 1000


def show_overlays(app: App, scene: GameScene) -> None:
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
    args = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    path = largest_map()
    app = App((1280, 860))
    scene = GameScene(Session.start(load_map(path), seed=1))
    app.push(scene)
    app.frame(16)
    show_overlays(app, scene)
    frames = [timed_frame(app) for _ in range(args.frames)]
    post(pygame.KEYUP, key=pygame.K_h, mod=0, unicode="h", scancode=0)
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.frame(16)
    clicks = click_to_highlight(app, scene, 100)
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
    pygame.quit()


if __name__ == "__main__":
    main()
