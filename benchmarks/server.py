"""laser-flag-server under load on loopback: CLIENTS simulated players (two a game, so GAMES games
at once) play through one server process, each answering its `your_turn` with a random legal
action after thinking about --think milliseconds: each answer's time is drawn (seeded) between
half and one and a half times it, as people do not answer in step; a fixed time would send
every game's action in the same few milliseconds, once a think, and measure that burst's queue
instead (--steady keeps it fixed, to see that). A person takes seconds; 0 floods the server,
and then the delay measures its queue: every game waits behind all the others. Measured: the
time from a player's sending an action to the other player's receiving that action's `events`
(p50, p95, p99, max), as the players' process sees it (so it includes that process's own wait
for the CPU), actions a second through the server, the server process's memory (resident now
and at most) and CPU time, and the players' process's CPU time (on a machine of two cores they
share them).

Bounded: every game ends by its map's turn limit, and the run stops after --seconds however far
it got (its figures are then of what was played). The players live in this process, on one
event loop; the server in its own.

Run: .venv/bin/python benchmarks/server.py [--clients 200] [--think 250] [--steady]
                                            [--map blitz] [--no-fog] [--seconds 120]
                                            [--seed 1] [--profile FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TICKS = os.sysconf("SC_CLK_TCK")


class Table:
    """One game's two players: who sent the last action, when, and the delays measured."""

    def __init__(self) -> None:
        self.sent_at: float | None = None
        self.sender: int | None = None
        self.over = False
        self.actions = 0


async def player(address: tuple[str, int], code: str, seat: int, table: Table,
                 rng: random.Random, delays: list[float], think: Think) -> None:
    """One seat: sit by `code`, answer every turn after `think` says, time the other's
    events."""
    reader, writer = await asyncio.open_connection(*address, limit=1 << 22)
    hello = {"type": "hello", "protocol": 2, "rules": 1, "version": "bench",
             "map_digest": None, "code": code, "name": f"p{seat}"}
    await reader.readline()  # the server's hello
    writer.write(json.dumps(hello).encode() + b"\n")
    while True:
        line = await reader.readline()
        if not line:
            break
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            writer.write(json.dumps(hello).encode() + b"\n")
        elif kind == "seat":
            hello["code"] = message["secret"]
        elif kind == "events":
            if table.sender is not None and table.sender != seat and table.sent_at is not None:
                delays.append(time.perf_counter() - table.sent_at)
                table.sent_at = None
            if message["view"]["winner"] is not None:
                table.over = True
                break
        elif kind == "your_turn":
            moves = [a for a in message["legal"] if a["action"] != "end_turn"]
            chosen = rng.choice(moves) if moves and rng.random() < 0.9 else {
                "action": "end_turn"}
            if think.seconds:
                await asyncio.sleep(think.draw(rng))
            table.sender, table.sent_at = seat, time.perf_counter()
            writer.write(json.dumps({"type": "action", "ask": message["ask"],
                                     "action": chosen}).encode() + b"\n")
            table.actions += 1
    writer.close()


@dataclass(frozen=True)
class Think:
    """How long a player takes to answer: `seconds` on average, drawn between half and one and a
    half times it unless `steady`."""

    seconds: float
    steady: bool = False

    def draw(self, rng: random.Random) -> float:
        return self.seconds if self.steady else self.seconds * rng.uniform(0.5, 1.5)


async def make_game(address: tuple[str, int], map_name: str, fog: bool) -> dict:
    reader, writer = await asyncio.open_connection(*address)
    await reader.readline()
    writer.write(json.dumps({"type": "create", "map": map_name, "fog": fog}).encode() + b"\n")
    made = json.loads(await reader.readline())
    writer.close()
    assert made["type"] == "created", made
    return made


async def load(address: tuple[str, int], games: int, map_name: str, fog: bool, seconds: float,
               seed: int, think: Think) -> tuple[list[float], int, int, float]:
    """Play `games` games at once; the delays, the actions sent, games over, seconds taken."""
    made = [await make_game(address, map_name, fog) for _ in range(games)]
    delays: list[float] = []
    tables = [Table() for _ in made]
    rng = random.Random(seed)
    started = time.perf_counter()
    tasks = [asyncio.create_task(player(address, code, seat, table,
                                        random.Random(rng.random()), delays, think))
             for game, table in zip(made, tables, strict=True)
             for seat, code in ((1, game["secret"]), (2, game["code"]))]
    await asyncio.wait(tasks, timeout=seconds)
    taken = time.perf_counter() - started
    for task in tasks:
        task.cancel()
    return delays, sum(t.actions for t in tables), sum(t.over for t in tables), taken


def server_figures(pid: int) -> tuple[int, int, float]:
    """The server's resident memory now and at most (KiB), and its CPU seconds so far."""
    status = Path(f"/proc/{pid}/status").read_text()
    rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
    hwm = int(re.search(r"VmHWM:\s+(\d+)", status).group(1))
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return rss, hwm, (int(fields[11]) + int(fields[12])) / TICKS


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(prog="server.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=200, help="players (two a game)")
    parser.add_argument("--think", type=float, default=250.0,
                        help="milliseconds a player takes to answer, on average (default 250)")
    parser.add_argument("--steady", action="store_true",
                        help="every answer takes exactly --think: the games answer in step")
    parser.add_argument("--map", default="blitz", help="a bundled map (default blitz)")
    parser.add_argument("--no-fog", action="store_true", help="play without fog")
    parser.add_argument("--seconds", type=float, default=120.0,
                        help="stop after this long however far the games got (default 120)")
    parser.add_argument("--seed", type=int, default=1, help="the server's dice and the moves")
    parser.add_argument("--profile", metavar="FILE",
                        help="run the server under cProfile, its figures written to FILE")
    args = parser.parse_args()
    if args.clients < 2 or args.clients % 2:
        parser.error("--clients: an even number, at least 2")
    games = args.clients // 2
    profiled = ["-m", "cProfile", "-o", args.profile] if args.profile else []
    server = subprocess.Popen(
        [sys.executable, *profiled, "-m", "laser_flag.server.cli", "--port", "0",
         "--seed", str(args.seed),
         "--per-address", str(args.clients + 50), "--games-per-address", str(games + 1),
         "--connections", str(args.clients + 50), "--games", str(games + 1)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline()
        found = re.search(r"Serving on ([\d.]+):(\d+)", first)
        if found is None:
            sys.exit(f"server.py: the server did not start: {first!r}")
        address = (found.group(1), int(found.group(2)))
        rss0, _, cpu0 = server_figures(server.pid)
        load_before = os.getloadavg()[0]
        mine = time.process_time()
        # The 200 players share this one process and heap, which 200 people's clients would
        # not: its collector's pauses would be counted as the server's delay.
        gc.disable()
        delays, actions, over, taken = asyncio.run(
            load(address, games, args.map, not args.no_fog, args.seconds, args.seed,
                 Think(args.think / 1000, args.steady)))
        mine = time.process_time() - mine
        rss, hwm, cpu = server_figures(server.pid)
        load_after = os.getloadavg()[0]
    finally:
        server.terminate()
        server.wait(timeout=30)
    fog = "no fog" if args.no_fog else "fog"
    think = args.think
    thinking = f"{think:g} ms" if args.steady else f"{think / 2:g}-{think * 1.5:g} ms"
    print(f"{args.clients} clients thinking {thinking}, {games} games on {args.map} "
          f"({fog}): {over} over in "
          f"{taken:.1f} s, {actions:,} actions ({actions / taken:,.0f} a second)")
    if delays:
        ms = [d * 1000 for d in delays]
        print(f"action to the other player's events: p50 {percentile(ms, 0.5):.1f} ms, "
              f"p95 {percentile(ms, 0.95):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
              f"max {max(ms):.1f} ms ({len(ms):,} measured)")
    print(f"server: memory {rss0 / 1024:.0f} MiB at the start, {rss / 1024:.0f} MiB at the end "
          f"({hwm / 1024:.0f} MiB at most); CPU {cpu - cpu0:.1f} s "
          f"({(cpu - cpu0) / taken:.0%} of one core, {(cpu - cpu0) / max(1, actions) * 1000:.2f} "
          f"ms an action); the players' process: CPU {mine:.1f} s")
    print(f"load average (1 min) {load_before:.1f} as the games began, {load_after:.1f} as they "
          f"stopped, on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
