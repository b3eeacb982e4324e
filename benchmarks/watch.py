"""The spectator's watch screen (Play online, Spectate) against a real laser-flag-server process
on 127.0.0.1: the CPU the client's real main loop uses, and the frames it draws, while the
watched game waits for its players (idle), while two example guests (examples/tcp_guest.py,
random legal actions at once) play it out (busy), and once it is over (idle again).

The CPU is this process's (the main loop and the screen's connection thread); the server and
the players are processes of their own. SDL's dummy video driver.

Run: .venv/bin/python benchmarks/watch.py [--idle-seconds S] [--map NAME] [--seed N]
Target: idle under 2% of a core, as every screen.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402 (after the SDL environment)

from laser_flag.ui.loop import App, run  # noqa: E402
from laser_flag.ui.network.watch_scene import WatchScene  # noqa: E402
from laser_flag.ui.scene import Scene  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GUEST = ROOT / "examples" / "tcp_guest.py"
GAME_SECONDS = 300  # a game the guests have not played out by then stops the run
SETTLE_SECONDS = 0.5  # of the real loop before the first idle is measured


def start_server(seed: int) -> tuple[subprocess.Popen[str], tuple[str, int]]:
    """laser-flag-server on a free port of 127.0.0.1, and its address once it listens."""
    server = subprocess.Popen([sys.executable, "-m", "laser_flag.server.cli", "--port", "0",
                               "--seed", str(seed)], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    found = re.search(r"Serving on ([\d.]+):(\d+)", server.stdout.readline())
    if found is None:
        server.terminate()
        raise SystemExit("watch.py: the server did not start")
    return server, (found.group(1), int(found.group(2)))


def create(address: tuple[str, int], map_name: str) -> tuple[socket.socket, dict]:
    """A lobby connection that made a game without fog (its board shows every action); the
    server's `created` answer (the game's code, the creator seat's secret)."""
    sock = socket.create_connection(address, timeout=30)
    reader = sock.makefile("r", encoding="utf-8")
    reader.readline()  # the server's hello
    sock.sendall(json.dumps({"type": "create", "map": map_name, "fog": False}).encode() + b"\n")
    while (message := json.loads(reader.readline()))["type"] != "created":
        pass
    return sock, message


def counted(scene: Scene) -> Callable[[], int]:
    """The frames `scene` draws from now on, as a function that tells the count."""
    drawn = [0]
    real_draw = scene.draw

    def draw(surface: pygame.Surface) -> None:
        drawn[0] += 1
        real_draw(surface)

    scene.draw = draw  # type: ignore[method-assign]
    return lambda: drawn[0]


def loop_while(app: App, going: Callable[[], bool], seconds: float) -> tuple[float, float]:
    """The real loop (its own clock: it sleeps while idle) while `going()`, at most `seconds`:
    the wall seconds it ran and this process's CPU seconds meanwhile."""
    start, cpu = time.perf_counter(), time.process_time()
    end = start + seconds
    while going() and time.perf_counter() < end:
        run(app, 1)
    return time.perf_counter() - start, time.process_time() - cpu


def report(what: str, wall: float, cpu: float, frames: int) -> None:
    print(f"{what}: {cpu / wall:.1%} of a core over {wall:.1f} s, {frames} frames drawn "
          f"({frames / wall:.1f} a second)")


def measure(idle_seconds: float, map_name: str, seed: int) -> None:
    server, address = start_server(seed)
    guests: list[subprocess.Popen[bytes]] = []
    try:
        maker, made = create(address, map_name)
        pygame.display.init()
        pygame.font.init()
        app = App((1280, 860))
        scene = WatchScene(address, made["code"])
        app.push(scene)
        watched = scene.watched
        loop_while(app, lambda: not watched.room, 30)  # connected, told the game
        loop_while(app, lambda: True, SETTLE_SECONDS)  # the wakes of its last messages
        drawn = counted(scene)
        wall, cpu = loop_while(app, lambda: True, idle_seconds)
        report("idle, the game waiting for its players", wall, cpu, drawn())
        guests = [subprocess.Popen([sys.executable, str(GUEST), f"{address[0]}:{address[1]}",
                                    code, str(seed + i)], stdout=subprocess.DEVNULL)
                  for i, code in enumerate((made["secret"], made["code"]))]
        before = drawn()
        wall, cpu = loop_while(app, lambda: watched.replay is None, GAME_SECONDS)
        turns = watched.board.turn if watched.board is not None else 0
        report(f"busy, the game played out ({turns} turns)", wall, cpu, drawn() - before)
        before = drawn()
        wall, cpu = loop_while(app, lambda: True, idle_seconds)
        report("idle, the game over and its replay in", wall, cpu, drawn() - before)
        maker.close()
        scene.end()
        pygame.quit()
    finally:
        for process in [*guests, server]:
            process.terminate()
            process.wait(timeout=30)


def arguments(doc: str) -> argparse.Namespace:
    """The command line of a script measuring a network screen (this one, online.py), whose
    docstring is `doc`: the idle seconds, the map and the seed."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    parser.add_argument("--map", default="blitz", help="a bundled map's name (default blitz)")
    parser.add_argument("--seed", type=int, default=1,
                        help="the server's seed (watch.py: the guests' too)")
    return parser.parse_args()


def main() -> None:
    args = arguments(__doc__)
    measure(args.idle_seconds, args.map, args.seed)


if __name__ == "__main__":
    main()
