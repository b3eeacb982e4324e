"""Opening a long save in the replay viewer: time and peak memory.

Builds a legal 20,000-action save by seeded random play (the commons map with its score limits
raised and no snap shots, so that the game lasts; a game that still ends is played again with
the next seed), then loads it and builds the replay scene's states, as
"Watch replay" does. Goal: under 2 s and under 300 MB.

Run: .venv/bin/python benchmarks/replay.py [ACTIONS]   (figures only; never asserted in tests)
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import tempfile
import time
import tracemalloc
from pathlib import Path

from laser_flag import saves
from laser_flag.engine import Game
from laser_flag.engine.actions import Action, EndTurn, Fire, Move
from laser_flag.engine.mapfile import parse_map
from laser_flag.engine.ruleset import CLASSES
from laser_flag.replay_index import ReplayIndex
from laser_flag.tools.cli import positive

ROOT = Path(__file__).resolve().parents[1]
SEED = 20_000
JUMPS = 50  # jumps backwards timed, spread over the game


def random_action(game: Game, rng: random.Random) -> Action:
    """A legal action of one unit picked at random (or EndTurn): legal_actions() asks every
    unit, which makes building a long game slow."""
    mine = [u.id for u in game.units if u.team == game.active_team]
    uid = rng.choice(mine)
    unit, what_if = game.unit(uid), game.what_if
    options: list[Action] = [EndTurn()]
    if what_if.can_move(unit):
        options += [Move(uid, to) for to in sorted(what_if.reachable(unit))]
    options += [Fire(uid, target) for target in what_if.targets(unit)]
    return rng.choice(options)


def long_game(actions: int) -> Game:
    """Seeded random legal play on the commons map until `actions` actions have been applied."""
    data = json.loads((ROOT / "maps" / "commons.json").read_text(encoding="utf-8"))
    data["score_limit"] = {"1": 100_000, "2": 100_000}
    data["turn_limit"] = None
    data["rules"] = {c: {"max_snap_shots": 0} for c in CLASSES}  # only aimed shots: fewer ends
    gm = parse_map(data, "commons (long)")
    seed = SEED
    while True:
        game, rng = Game(gm, seed=seed), random.Random(seed)
        while len(game.history) < actions and not game.over:
            game.apply(random_action(game, rng))
        if not game.over:
            return game
        seed += 1


def open_save(path: Path) -> ReplayIndex:
    """What "Watch replay" does before the first frame: read, check, replay into an index."""
    index = saves.load_save(path).replay
    assert index is not None
    return index


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("actions", nargs="?", type=positive, default=20_000, metavar="ACTIONS",
                        help=f"actions in the save (default 20,000; at least {JUMPS})")
    actions = parser.parse_args(argv).actions
    if actions < JUMPS:
        parser.error(f"ACTIONS must be at least {JUMPS}: the jumps backwards timed")
    with tempfile.TemporaryDirectory() as folder:
        path = saves.write_save(Path(folder) / "long.json", long_game(actions), {})
        size_kb = path.stat().st_size / 1024
        wall, cpu = time.perf_counter(), time.process_time()
        index = open_save(path)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        start = time.process_time()
        for i in range(index.last - 1, 0, -(index.last // JUMPS)):  # back, 99 past a key
            index.game_at(i)
        jump_ms = (time.process_time() - start) / JUMPS * 1000
        del index
        tracemalloc.start()
        open_save(path)
        peak_mb = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"save of {actions:,} actions, {size_kb:,.0f} KB")
    print(f"open (load + replay index): {wall:.2f} s wall clock, {cpu:.2f} s of CPU")
    print(f"peak Python memory while opening: {peak_mb:.0f} MB (tracemalloc)")
    print(f"peak process RSS: {rss_mb:.0f} MB (includes building the save)")
    print(f"one jump backwards: {jump_ms:.1f} ms on average")


if __name__ == "__main__":
    main()
