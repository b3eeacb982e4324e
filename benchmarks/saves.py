"""Many saves and very long ones, as the client meets them.

1. The main menu's first frame over a data folder of 5,000 saves (the menu finds the game that
   Continue resumes): the first time (no index yet), then again (the index kept).
2. The Load screen's first frame over the same folder.
3. Continue of the longest legal save (200,000 actions, the most a save may hold): the time
   until the game screen shows, and the longest frame meanwhile, the click's included: while
   a frame runs the window answers no input (it is frozen to the player). Each is given as
   wall-clock time and as CPU time (the process's; a frame's, the main thread's alone): on a
   busy machine the wall clock says more about the other programs than about this one.

Every figure is wall-clock time through the real main loop with SDL's dummy video driver,
paced as the client paces it (60 frames a second at most, asleep until input or a timer while
nothing moves).
The longest save takes a few minutes to build; it is kept in the temporary folder between runs
(by seed and length), so a second run starts at once.

Run: .venv/bin/python benchmarks/saves.py [--saves N] [--actions N]   (figures only)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
from replay import SEED, long_game

from laser_flag import saves
from laser_flag.data_folder import DATA_DIR_ENV
from laser_flag.engine import Game, load_map
from laser_flag.engine.record import action_from_json, action_to_json
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.loop import FPS, IDLE_WAIT_MS, App
from laser_flag.ui.menu.menu_scene import MenuScene

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1280, 860)
KINDS = 25  # distinct games among the many saves; the rest are copies under other names


def many_saves(folder: Path, count: int) -> None:
    """`count` saves of short games on duel, one in KINDS of them finished (fewer than the
    finished games the client keeps: none is deleted while this measures)."""
    games = []
    for k in range(KINDS):
        game = Game(load_map(ROOT / "maps" / "duel.json"), seed=k)
        steps = 400 if k == 0 else 30 + k  # the first plays on to its end
        for _ in range(steps):
            if game.over:
                break
            game.apply(game.legal_actions()[k % len(game.legal_actions())])
        games.append(game)
    folder.mkdir(parents=True, exist_ok=True)
    firsts = [saves.write_save(folder / f"kind-{k:02}.json", g, {}) for k, g in enumerate(games)]
    contents = [path.read_bytes() for path in firsts]
    for i in range(count - KINDS):
        (folder / f"game-{i:05}.json").write_bytes(contents[i % KINDS])
    for i, path in enumerate(sorted(folder.glob("*.json"))):  # played one a minute
        stamp = 1_700_000_000 + 60 * i
        os.utime(path, (stamp, stamp))


def first_frame_ms(make_scene) -> tuple[float, float]:
    """Milliseconds from making the screen to its first frame drawn, through the loop; and
    until every save was known (read on a worker thread meanwhile, where the client does so)."""
    pygame.display.init()
    pygame.font.init()
    app = App(SIZE)
    start = time.perf_counter()
    app.push(MenuScene())
    if make_scene is not None:
        app.go(make_scene(app.top))
    app.frame(16)
    elapsed = (time.perf_counter() - start) * 1000
    reading = getattr(getattr(app, "saves", None), "reading", None)
    if reading is not None:
        reading.wait()
    known = (time.perf_counter() - start) * 1000
    pygame.display.quit()
    return elapsed, known


def say(what: str, times: tuple[float, float]) -> None:
    first, known = times
    later = f" (every save known after {known:,.0f} ms)" if known - first > 1 else ""
    print(f"  {what:<30} {first:8,.0f} ms{later}")


def open_load(menu: MenuScene):
    return menu.act("load")


def measure_many(count: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ[DATA_DIR_ENV] = folder
        say("menu, first frame, no saves:", first_frame_ms(None))
        many_saves(Path(folder) / "saves", count)
        print(f"{count:,} saves:")
        say("menu, first frame, first run:", first_frame_ms(None))
        say("menu, first frame, next run:", first_frame_ms(None))
        say("Load screen, first frame:", first_frame_ms(open_load))


def longest_save(folder: Path, actions: int) -> Path:
    """A save of `actions` legal actions, its action list cached between runs."""
    cache = Path(tempfile.gettempdir()) / f"laser-flag-bench-{SEED}-{actions}.json"
    if cache.is_file():
        recorded = [action_from_json(a) for a in json.loads(cache.read_text(encoding="utf-8"))]
        game = long_game(0)
        for action in recorded:
            game.apply(action)
    else:
        game = long_game(actions)
        cache.write_text(json.dumps([action_to_json(a) for a in game.history]), encoding="utf-8")
    return saves.write_save(folder / "saves" / "longest.json", game, {})


def measure_continue(actions: int) -> None:
    """Click Continue and run real frames until the game screen shows."""
    with tempfile.TemporaryDirectory() as folder:
        os.environ[DATA_DIR_ENV] = folder
        path = longest_save(Path(folder), actions)
        size = path.stat().st_size
        pygame.display.init()
        pygame.font.init()
        app = App(SIZE)
        menu = MenuScene()
        app.push(menu)
        app.frame(16)
        if app.saves.reading is not None:  # Continue offers a game once the saves are read
            app.saves.reading.wait()
        clock = pygame.time.Clock()
        start, start_cpu, click_cpu = time.perf_counter(), time.process_time(), time.thread_time()
        clicked = menu.act("continue")  # the click: whatever it does before the next frame counts
        if clicked is None:
            raise SystemExit("Continue offers no game to resume")
        app.go(clicked)
        worst, worst_cpu = time.perf_counter() - start, time.thread_time() - click_cpu
        while not isinstance(app.top, GameScene):
            if app.idle:
                app.wait_for_input(IDLE_WAIT_MS)  # as the loop does: asleep, awake to input
            began, began_cpu = time.perf_counter(), time.thread_time()
            app.frame(clock.tick(FPS))
            worst = max(worst, time.perf_counter() - began)
            worst_cpu = max(worst_cpu, time.thread_time() - began_cpu)
            if time.perf_counter() - start > 4 * 3600:
                raise SystemExit("the game did not open within four hours")
        total, total_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        pygame.display.quit()
        shutil.rmtree(Path(folder) / "saves", ignore_errors=True)
    print(f"Continue of a {actions:,}-action save ({size / 2**10:,.0f} KiB):")
    print(f"  until the game screen shows:   {total:8.1f} s wall clock, {total_cpu:.1f} s CPU")
    print(f"  longest frame (no input read): {worst * 1000:8.0f} ms wall clock, "
          f"{worst_cpu * 1000:.0f} ms CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=5_000)
    parser.add_argument("--actions", type=int, default=200_000)
    args = parser.parse_args()
    measure_many(args.saves)
    measure_continue(args.actions)


if __name__ == "__main__":
    main()
