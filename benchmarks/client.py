"""Client frame times on Crossfire with every overlay the board shows at once (reach, a
destination's path, shots and watchers, the firing positions against a pinned enemy, the
enemy's watch, a shot's result fading), during animations (a move's walk; a shot's beam, flash,
result and laser switching off), click-to-highlight, and the CPU the real loop uses while idle
on the game screen.

Run: .venv/bin/python benchmarks/client.py [--frames N] [--idle-seconds S] [--driver D] [--fog].
With no --driver it measures twice: SDL's dummy video driver, then a real window in a private
Xvfb. --fog plays the game with fog of war: the board drawn as the team to play knows it.
Targets: p99 under 8 ms (dummy) and under 16.7 ms (Xvfb, 60 fps); click to highlight within one
frame; idle under 2% of a core.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pygame

from laser_flag.board.draw import tile_rect
from laser_flag.engine.actions import Fire, Move
from laser_flag.engine.events import Shot
from laser_flag.engine.mapfile import load_map
from laser_flag.play.session import Session
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.loop import App, run

ROOT = Path(__file__).resolve().parents[1]
MAP = ROOT / "maps" / "crossfire.json"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def post(kind: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


Frame = tuple[float, float]  # milliseconds of one frame: wall clock, and this process's CPU


def timed_frame(app: App) -> Frame:
    """One frame's time (input, update, drawing and flip; it must draw), by the wall clock and
    in CPU time: on a machine busy with other work the wall clock also counts the waits for a
    core, the CPU time only this frame's own work."""
    start, cpu = time.perf_counter(), time.process_time()
    drawn = app.frame(16)
    elapsed = ((time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000)
    assert drawn, "an idle frame was timed: nothing was drawn"
    return elapsed


def hover_frame(app: App, xy: tuple[int, int]) -> Frame:
    """A frame after the mouse moved over the board: drawn, as every frame with input is."""
    post(pygame.MOUSEMOTION, pos=xy, rel=(0, 0), buttons=(0, 0, 0))
    return timed_frame(app)


def show_overlays(app: App, scene: GameScene) -> tuple[int, int]:
    """Select the unit with the most reach, pin the firing positions against an enemy (V), hover
    the destination with the most watchers (its path, shots, watchers and risk), hold H (the
    enemy's watch); a shot's result is left fading on the board. Under fog the firing
    positions show only against an enemy in sight, and Crossfire's teams start out of each
    other's: the frames then have every overlay but those."""
    game = scene.game
    ours = [u for u in game.units if u.team == game.active_team and game.what_if.can_move(u)]
    unit = max(ours, key=lambda u: len(game.what_if.reachable(u)))
    lay = scene.layout()
    post(pygame.MOUSEBUTTONDOWN, pos=tile_rect(lay.origin, lay.tile_px, unit.pos).center, button=1)
    post(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v", scancode=0)
    app.frame(16)
    risky = max(sorted(game.what_if.reachable(unit)),
                key=lambda p: len(game.what_if.snap_risk(unit, p).shooters))
    xy = tile_rect(lay.origin, lay.tile_px, risky).center
    post(pygame.MOUSEMOTION, pos=xy, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)
    app.frame(16)
    assert scene.selection.preview() is not None
    assert scene.selection.positions_against() or scene.game.fog
    return xy


def leave_results(scene: GameScene) -> None:
    """Results of three shots on the board, as a move under watchers leaves them."""
    game = scene.game
    enemies = [u for u in game.units if u.team != game.active_team][:3]
    for enemy in enemies:
        shot = Shot(enemy.id, enemy.id, (6, 6), 9, False, True, probability=Fraction(1, 3))
        scene.turns.notes.add(shot, enemy.pos)


def overlay_frames(app: App, scene: GameScene, xy: tuple[int, int], count: int) -> list[Frame]:
    """Frames with every overlay shown, the results kept fresh (they would fade in 2.6 s)."""
    times = []
    for _ in range(count):
        for note in scene.turns.notes.notes:
            note.age = 0.0
        times.append(hover_frame(app, xy))
    return times


def animation_frames(app: App, scene: GameScene) -> list[Frame]:
    """Frame times while the longest move of the team to play walks, frame by frame."""
    game, lay = scene.game, scene.layout()
    ours = [u for u in game.units if u.team == game.active_team and game.what_if.can_move(u)]
    unit = max(ours, key=lambda u: len(game.what_if.reachable(u)))
    far = max(game.what_if.reachable(unit),
              key=lambda p: abs(p[0] - unit.pos[0]) + abs(p[1] - unit.pos[1]))
    for pos in (unit.pos, far):
        post(pygame.MOUSEBUTTONDOWN, pos=tile_rect(lay.origin, lay.tile_px, pos).center, button=1)
        app.frame(16)
    return playback_frames(app, scene)


def playback_frames(app: App, scene: GameScene) -> list[Frame]:
    """The time of every frame until the events played out by themselves."""
    times = []
    while scene.turns.playback is not None:
        times.append(timed_frame(app))
    return times


def nearest_enemy(scene: GameScene, move: Move) -> int:
    """Steps from a move's destination to the closest enemy (a seeded walk into sight)."""
    game = scene.game
    enemies = [u.pos for u in game.units if u.team != game.active_team]
    return min(abs(move.to[0] - r) + abs(move.to[1] - c) for r, c in enemies)


def shot_frames(app: App, scene: GameScene) -> list[Frame]:
    """Frame times while a shot plays: beam, flash, its result, laser going off.

    Units first walk towards the enemy (legal moves, closest first, played at once) until one
    may fire; then it fires and every frame of its playback is timed."""
    rng = random.Random(3)
    while not any(isinstance(a, Fire) for a in scene.game.legal_actions()):
        moves = [a for a in scene.game.legal_actions() if isinstance(a, Move)]
        best = min(nearest_enemy(scene, m) for m in moves) if moves else None
        choice = [m for m in moves if nearest_enemy(scene, m) == best] or scene.game.legal_actions()
        scene.turns.act(rng.choice(choice))
        scene.turns.skip_playback()
    scene.turns.act(next(a for a in scene.game.legal_actions() if isinstance(a, Fire)))
    return playback_frames(app, scene)


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


def click_to_highlight(app: App, scene: GameScene, repeats: int) -> list[Frame]:
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


def measure(frame_count: int, idle_seconds: float, fog: bool) -> None:
    """Every figure, in this process, with the video driver SDL was given."""
    pygame.display.init()
    pygame.font.init()
    app = App((1280, 860))
    scene = GameScene(Session.start(load_map(MAP), seed=1, fog=fog))
    app.push(scene)
    app.frame(16)
    idle, idle_draws = idle_cpu(app, idle_seconds)
    xy = show_overlays(app, scene)
    leave_results(scene)
    frames = overlay_frames(app, scene, xy, frame_count)
    scene.turns.notes.clear()
    post(pygame.KEYUP, key=pygame.K_h, mod=0, unicode="h", scancode=0)
    for _ in range(2):  # the pinned view, then the unit
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.frame(16)
    clicks = click_to_highlight(app, scene, 100)
    walking = animation_frames(app, scene)
    shooting = shot_frames(app, scene)
    gm = scene.game.map
    print(f"video driver {pygame.display.get_driver()}: map {MAP.name} ({gm.rows}x{gm.cols}), "
          f"window 1280x860, tile {scene.layout().tile_px}px, fog {'on' if fog else 'off'}")
    report("frame with reach, a destination's path, shots, watchers and risk, firing positions, "
           "watch coverage and three results on the board", frames)
    walls = [wall for wall, _ in clicks]
    print(
        f"click on a unit -> highlighted frame: median {statistics.median(walls):.2f} ms, "
        f"max {max(walls):.2f} ms (one frame; budget 16.7 ms)"
    )
    report("frame during a move's animation", walking)
    report("frame during a shot (beam, flash, result, laser off)", shooting)
    report("every animation frame", walking + shooting)
    print(
        f"idle on the game screen, real loop: {idle:.1%} of a core over {idle_seconds:g} s, "
        f"{idle_draws} frames drawn (goal under 2%)"
    )
    pygame.quit()


def report(what: str, frames: list[Frame]) -> None:
    walls, cpus = [wall for wall, _ in frames], [cpu for _, cpu in frames]
    print(f"{what}: median {statistics.median(walls):.2f} ms, "
          f"p99 {percentile(walls, 0.99):.2f} ms over {len(frames)} frames "
          f"(CPU time: median {statistics.median(cpus):.2f} ms, p99 {percentile(cpus, 0.99):.2f})")


def measure_both(argv: list[str]) -> None:
    """This script again with the dummy driver, then with a real window in a private Xvfb."""
    sys.path.insert(0, str(ROOT))  # the tests' Xvfb helper: one way to start a server
    from tests.xserver import private_display

    command = [sys.executable, __file__, *argv]
    subprocess.run([*command, "--driver", "dummy"], check=True)
    with private_display() as display:
        env = dict(os.environ, DISPLAY=display)
        subprocess.run([*command, "--driver", "x11"], check=True, env=env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    parser.add_argument("--driver", choices=("dummy", "x11"),
                        help="measure with this SDL video driver only (x11: DISPLAY must be set)")
    parser.add_argument("--fog", action="store_true", help="play with fog of war")
    args = parser.parse_args()
    if args.driver is None:
        measure_both(sys.argv[1:])
    else:
        os.environ["SDL_VIDEODRIVER"] = args.driver  # read when the display starts
        measure(args.frames, args.idle_seconds, args.fog)


if __name__ == "__main__":
    main()
