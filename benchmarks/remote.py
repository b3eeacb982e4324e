"""Network play on loopback: the time from a guest's action to the host's screen showing it and
to the guest's getting its events back, and the bytes sent per turn; with and without fog.

Two hosts, each its own seat played by Easy: the windowed one (the real client with SDL's dummy
driver, the real main loop at its own pace, the game screen of a hosted game), and the host
without a window (`laser-flag host --headless`: headless_host.Match). The guest is a program
here speaking the protocol over TCP on 127.0.0.1, answering each `your_turn` at once with a
random legal action. "Host's screen" is measured from the guest's send to the end of the host's
frame that applied the action and started drawing it; "events back" from the guest's send to
its receiving the `events` of that action.

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
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402 (after the SDL environment)

from laser_flag.engine import load_map  # noqa: E402
from laser_flag.headless_host import Match  # noqa: E402
from laser_flag.remote import protocol  # noqa: E402
from laser_flag.ui.loop import FPS, IDLE_WAIT_MS, App  # noqa: E402
from laser_flag.ui.network.network_start import host_game, open_host  # noqa: E402
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
        self.sent_at: dict[int, float] = {}  # the ask it answers -> time sent
        self.waiting: float | None = None  # when the answer whose events are awaited left
        self.round_trips: list[float] = []  # ms from an answer's send to its events' arrival
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
            self.sent_at[message["ask"]] = self.waiting = time.perf_counter()
            self.send({"type": "action", "ask": message["ask"], "action": choice})
        elif kind == "events" and self.waiting is not None:
            self.round_trips.append((time.perf_counter() - self.waiting) * 1000)
            self.waiting = None
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


@dataclass
class Figures:
    """One game's (or several games') latencies in ms and bytes per turn each way."""

    shown: list[float] = field(default_factory=list)  # the guest's action on the host's screen
    back: list[float] = field(default_factory=list)  # its events back at the guest
    to_guest: float = 0.0
    to_host: float = 0.0

    def add(self, game: Figures, games: int) -> None:
        self.shown += game.shown
        self.back += game.back
        self.to_guest += game.to_guest / games
        self.to_host += game.to_host / games


def play_window(map_name: str, fog: bool | None, seed: int) -> Figures:
    """One whole game against the windowed host."""
    turns = host_game(load_map(MAPS / f"{map_name}.json"), fog, "1", "Easy", "127.0.0.1", 0,
                      seed)
    app = App((1280, 860))
    app.settings.speed_index = 3  # Instant: the measure is the network's and the loop's
    app.push(build(PlayNetwork(turns)))
    guest = Guest(turns.host.address, turns.host.code, protocol.map_digest(turns.game.map),
                  seed)
    guest.start()
    shown = []
    clock = pygame.time.Clock()
    while not turns.game.over:
        applied, ask = len(turns.game.history), turns.guest_seat.asks
        guests_turn = turns.game.active_team == turns.guest_team
        frame(app, clock)
        if guests_turn and len(turns.game.history) > applied and ask in guest.sent_at:
            shown.append((time.perf_counter() - guest.sent_at.pop(ask)) * 1000)
    game_turns = turns.game.turn
    turns.leave()
    guest.join(timeout=10)
    return Figures(shown, guest.round_trips, guest.received / game_turns,
                   guest.sent / game_turns)


def play_headless(map_name: str, fog: bool | None, seed: int) -> Figures:
    """One whole game against the host without a window (`laser-flag host --headless`)."""
    gm = load_map(MAPS / f"{map_name}.json")
    session, host = open_host(gm, fog, "1", "Easy", "127.0.0.1", 0, seed, None)
    match = Match(host, session, "1", seed=seed)
    guest = Guest(host.address, host.code, protocol.map_digest(gm), seed)
    guest.start()
    match.run(lambda line: None)
    guest.join(timeout=10)
    game_turns = match.session.game.turn
    return Figures([], guest.round_trips, guest.received / game_turns, guest.sent / game_turns)


def spread(latencies: list[float]) -> str:
    """median and p99 of a list of ms."""
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"median {statistics.median(ordered):.1f} ms, p99 {p99:.1f} ms"


def report(host: str, figures: Figures) -> None:
    print(f"  {host}: {len(figures.back)} guest actions")
    if figures.shown:
        print(f"    guest's action -> host's screen: {spread(figures.shown)}")
    print(f"    guest's action -> its events back: {spread(figures.back)}")
    print(f"    bytes per turn: host -> guest {figures.to_guest:.0f}, "
          f"guest -> host {figures.to_host:.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--map", default="blitz")
    parser.add_argument("--fog", action=argparse.BooleanOptionalAction, default=None)
    args = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    for fog in ((args.fog,) if args.fog is not None else (False, True)):
        print(f"{args.map}, fog {'on' if fog else 'off'}, {args.games} games a host:")
        for host, play in (("windowed host", play_window), ("host without a window",
                                                            play_headless)):
            figures = Figures()
            for game in range(args.games):
                figures.add(play(args.map, fog, seed=game + 1), args.games)
            report(host, figures)
    pygame.quit()


if __name__ == "__main__":
    main()
