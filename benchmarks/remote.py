"""Network play on loopback: the time from a guest's action to the host's screen showing it, and
the bytes sent per turn.

The host is the real client headless (SDL's dummy driver, the real main loop at its own pace,
the game screen of a hosted game, its own seat played by Easy); the guest is a program here
speaking the protocol over TCP on 127.0.0.1, answering each `your_turn` at once with a random
legal action. A latency is measured from the guest's send to the end of the host's frame that
applied the action and started drawing it.

Run: .venv/bin/python benchmarks/remote.py [--games N] [--map NAME] [--fog | --no-fog]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402 (after the SDL environment)

from laser_flag.engine import load_map  # noqa: E402
from laser_flag.remote import protocol  # noqa: E402
from laser_flag.ui.loop import FPS, IDLE_WAIT_MS, App  # noqa: E402
from laser_flag.ui.network_start import host_game  # noqa: E402
from laser_flag.ui.routes import PlayNetwork  # noqa: E402
from laser_flag.ui.screens import build  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"


class Guest(threading.Thread):
    """Answers every your_turn at once; keeps when each answer left and the bytes both ways."""

    def __init__(self, address: tuple[str, int], code: str, digest: str, seed: int) -> None:
        super().__init__(daemon=True)
        self.sock = socket.create_connection(address)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.code, self.digest, self.rng = code, digest, random.Random(seed)
        self.sent_at: dict[int, float] = {}  # the host's move count before it -> time sent
        self.received = self.sent = 0
        self.turns = 0
        self.done = threading.Event()

    def run(self) -> None:
        lines = protocol.Lines(protocol.GAME_LINE_BYTES)
        while not self.done.is_set():
            data = self.sock.recv(1 << 20)
            if not data:
                return
            self.received += len(data)
            for line in lines.feed(data):
                self.answer(json.loads(line))

    def answer(self, message: dict) -> None:
        kind = message["type"]
        if kind == "hello":
            self.send({**protocol.guest_hello(None, self.code, "bench"),
                       "map_digest": self.digest})
        elif kind == "your_turn":
            options = message["legal"]
            moves = [a for a in options if a["action"] != "end_turn"]
            choice = self.rng.choice(moves) if moves and self.rng.random() < 0.85 else options[-1]
            self.turns += choice["action"] == "end_turn"
            self.sent_at[message["ask"]] = time.perf_counter()
            self.send({"type": "action", "ask": message["ask"], "action": choice})
        elif kind == "bye":
            self.done.set()

    def send(self, message: dict) -> None:
        line = protocol.encode(message)
        self.sent += len(line)
        self.sock.sendall(line)


def frame(app: App, clock: pygame.time.Clock) -> None:
    """One frame of the client's main loop (loop.run): asleep until input or a wake while
    nothing moves, then paced at its frame rate."""
    waited = app.idle
    if waited:
        app.wait_for_input(IDLE_WAIT_MS)
    dt_ms = clock.tick(FPS)
    app.frame(min(dt_ms, 1000 // FPS) if waited else dt_ms)


def play(map_name: str, fog: bool | None, seed: int) -> tuple[list[float], dict[str, float]]:
    """One whole game; (latencies in ms, bytes per turn each way)."""
    turns = host_game(load_map(MAPS / f"{map_name}.json"), fog, "1", "Easy", "127.0.0.1", 0,
                      seed)
    app = App((1280, 860))
    app.settings.speed_index = 3  # Instant: the measure is the network's and the loop's
    app.push(build(PlayNetwork(turns)))
    guest = Guest(turns.host.address, turns.host.code, protocol.map_digest(turns.game.map),
                  seed)
    guest.start()
    latencies = []
    clock = pygame.time.Clock()
    while not turns.game.over:
        applied, ask = len(turns.game.history), turns.seat._asks
        guests_turn = turns.game.active_team == turns.guest_team
        frame(app, clock)
        if guests_turn and len(turns.game.history) > applied and ask in guest.sent_at:
            latencies.append((time.perf_counter() - guest.sent_at.pop(ask)) * 1000)
    game_turns = turns.game.turn
    turns.leave()
    guest.done.set()
    return latencies, {"host_to_guest": guest.received / game_turns,
                       "guest_to_host": guest.sent / game_turns}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--map", default="blitz")
    parser.add_argument("--fog", action=argparse.BooleanOptionalAction, default=None)
    args = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    for fog in ((args.fog,) if args.fog is not None else (False, True)):
        latencies, per_turn = [], {"host_to_guest": 0.0, "guest_to_host": 0.0}
        for game in range(args.games):
            times, sizes = play(args.map, fog, seed=game + 1)
            latencies += times
            for key, value in sizes.items():
                per_turn[key] += value / args.games
        latencies.sort()
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        print(f"{args.map}, fog {'on' if fog else 'off'}, {args.games} games, "
              f"{len(latencies)} guest actions:")
        print(f"  guest's action -> host's screen: median {statistics.median(latencies):.1f} ms, "
              f"p99 {p99:.1f} ms")
        print(f"  bytes per turn: host -> guest {per_turn['host_to_guest']:.0f}, "
              f"guest -> host {per_turn['guest_to_host']:.0f}")
    pygame.quit()


if __name__ == "__main__":
    main()
