"""Engine speed per bundled map, the figures a search bot lives on:

- cold load: load_map + the LOS answers in a fresh interpreter (a subprocess), the imports
  excluded: "first" with an empty data folder (the first game on a bundled map in a fresh
  install: its answers ship with the engine), "cached" with the answers in the data folder's
  sight cache (every later game on any map), "built" with neither (the first game on a map of
  the player's own of that size: the one-time sight tables and the answers are built);
- random play: legal_actions() + apply() of uniformly random actions, games restarted as they end;
- copy+apply: from states of random games, Game.copy() then apply() of one of the legal actions
  (what a search does at each node);
- and what a copy of a game costs as its history grows (the undo stack copies a game per action).

Random play and copy+apply count this process's CPU time, the median of REPEATS runs: the
machine is shared, and wall time would measure the neighbours too.

Run: nice -n 10 .venv/bin/python benchmarks/engine.py [MAP ...]   (figures only,
never asserted; names such as "gridlock" pick maps, all of them by default)
Each subprocess gets a data folder of its own, so the player's cache is neither used nor changed.

A/B against another checkout of the game (a clean one of an earlier commit, outside this one):
    nice -n 10 .venv/bin/python benchmarks/engine.py --against DIR [--rounds N] [MAP ...]
measures random play and copy+apply of both engines with this file's code, each run in a fresh
interpreter whose `laser_flag` is that checkout's; runs are interleaved, one round measuring
every map and figure once on each side (the side going first alternating), and two tables show
each side's median and best over the rounds (default 5) and this checkout's share of the other's:
on a loaded machine a neighbour only ever slows a run down, so the best is the steadier figure.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import laser_flag
from laser_flag.data_folder import DATA_DIR_ENV
from laser_flag.engine import EndTurn, Game, load_map
from laser_flag.engine.game_map import GameMap

ROOT = Path(__file__).resolve().parents[1]
MAPS = sorted((ROOT / "maps").glob("*.json"))
SECONDS = 1.5  # CPU time per run
REPEATS = 3
ROUNDS = 5  # --against's default


def cold_load_ms(path: Path, data_folder: str, shipped: bool = True) -> float:
    """One fresh interpreter's load_map(path).visibility, the imports before it not counted, with
    the app's store of LOS answers (the data folder's); without `shipped`, the answers that
    ship with the game are hidden from it."""
    hide = "" if shipped else f"shipped=Path({data_folder!r}) / 'none'"
    code = (
        "import time; from pathlib import Path; from laser_flag.engine import load_map, sight;"
        f"from laser_flag.sight_files import SightFiles; sight.install(SightFiles({hide}));"
        f"t = time.perf_counter(); load_map({str(path)!r}).visibility;"
        "print((time.perf_counter() - t) * 1000)"
    )
    env = {**os.environ, DATA_DIR_ENV: data_folder}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env)
    return float(out.stdout)


def cold_loads(path: Path, repeats: int = 3) -> tuple[float, float, float]:
    """Median ms (first: an empty data folder, cached: the answers in it, built: neither)."""
    first, cached, built = [], [], []
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as folder:
            first.append(cold_load_ms(path, folder))
            built.append(cold_load_ms(path, folder, shipped=False))  # writes the cache
            cached.append(cold_load_ms(path, folder, shipped=False))
    return statistics.median(first), statistics.median(cached), statistics.median(built)


def median_of_runs(measure: Callable[[GameMap], float], gm: GameMap) -> float:
    """The median of REPEATS runs of one measure on one map."""
    return statistics.median(measure(gm) for _ in range(REPEATS))


def steps_per_second(gm: GameMap) -> float:
    """legal_actions() + apply() of uniformly random actions, games restarted as they end."""
    rng = random.Random(1)
    steps, seed = 0, 0
    game = Game(gm, seed=seed)
    start = time.process_time()
    while time.process_time() - start < SECONDS:
        if game.over:
            seed += 1
            game = Game(gm, seed=seed)
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
    return steps / (time.process_time() - start)


def copy_apply_per_second(gm: GameMap, tries: int = 8) -> float:
    """Game.copy() + apply() of up to `tries` legal actions per state of random games."""
    rng = random.Random(2)
    done, seed = 0, 0
    game = Game(gm, seed=seed)
    spent = 0.0
    while spent < SECONDS:
        if game.over:
            seed += 1
            game = Game(gm, seed=seed)
        actions = game.legal_actions()
        chosen = rng.sample(actions, min(tries, len(actions)))
        start = time.process_time()
        for action in chosen:
            game.copy().apply(action)
        spent += time.process_time() - start
        done += len(chosen)
        game.apply(rng.choice(actions))
    return done / spent


def copy_us(gm: GameMap, actions: int, repeats: int = 300) -> tuple[int, float]:
    """(history length, median µs of Game.copy()) after up to `actions` end-of-turns."""
    game = Game(gm, seed=1)
    while len(game.history) < actions and not game.over:
        game.apply(EndTurn())
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        game.copy()
        times.append(time.perf_counter() - start)
    return len(game.history), statistics.median(times) * 1e6


METRICS = {"random": steps_per_second, "copy": copy_apply_per_second}


def one_run(path: Path, metric: str) -> None:
    """One run of one figure in this interpreter: prints where laser_flag came from, and it."""
    gm = load_map(path)
    Game(gm, seed=0)  # the map's tables and LOS answers, before the clock starts
    # and a clean slate for the garbage collector: how much making those allocated (a
    # checkout may build the LOS answers, another read them) would decide when it runs in play
    gc.collect()
    print(laser_flag.__file__, METRICS[metric](gm))


def run_in(checkout: Path, path: Path, metric: str) -> float:
    """one_run in a fresh interpreter whose laser_flag is `checkout`'s."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "PYTHONPATH": str(checkout), DATA_DIR_ENV: folder}
        out = subprocess.run([sys.executable, __file__, "--one", str(path), metric], env=env,
                             capture_output=True, text=True, check=True).stdout.split()
    if not Path(out[0]).resolve().is_relative_to(checkout.resolve()):
        raise SystemExit(f"{checkout}: measured {out[0]} instead")
    return float(out[1])


def against(other: Path, names: list[str], rounds: int) -> None:
    """The A/B table: each side's median over `rounds` interleaved rounds, and the ratio."""
    maps = [p for p in MAPS if not names or p.stem in names]
    sides = {"this": ROOT, "other": other}
    runs: dict[tuple[str, str, str], list[float]] = {}
    for r in range(rounds):
        for path in maps:
            for metric in METRICS:
                for side in sorted(sides, reverse=bool(r % 2)):
                    runs.setdefault((side, path.stem, metric), []).append(
                        run_in(sides[side], path, metric))
    for name, pick in (("median", statistics.median), ("best", max)):
        print(f"A/B: this checkout ({ROOT}) against {other}; CPU time, {SECONDS} s a run, the "
              f"{name} of {rounds} interleaved rounds")
        print(f"{'map':<11}" + "".join(f"{f'{m} other':>15}{f'{m} this':>14}{'share':>7}"
                                        for m in ("random", "copy")))
        for path in maps:
            row = f"{path.stem:<11}"
            for metric in METRICS:
                mine = pick(runs["this", path.stem, metric])
                theirs = pick(runs["other", path.stem, metric])
                row += f"{theirs:>15.0f}{mine:>14.0f}{mine / theirs:>7.0%}"
            print(row)


def table(names: list[str]) -> None:
    """This checkout's figures for the named bundled maps (all of them without a name)."""
    maps = [p for p in MAPS if not names or p.stem in names]
    largest = max(maps, key=lambda p: (lambda gm: gm.rows * gm.cols)(load_map(p)))
    copies = [copy_us(load_map(largest), n) for n in (10, 10_000)]
    print(f"Game.copy() on {largest.stem}: "
          + ", ".join(f"{us:.0f} µs after {n} actions" for n, us in copies))
    print("cold load = load_map + LOS answers in a fresh interpreter (median of 3), imports "
          "excluded;\n  first: empty data folder (a bundled map's answers ship with the engine);"
          " cached: read from the data folder;\n  built: neither (a new map of the player's);"
          f" random and copy+apply: CPU time, median of {REPEATS} runs of {SECONDS} s")
    print(f"{'map':<11}{'size':>7}{'first ms':>10}{'cached ms':>11}{'built ms':>10}"
          f"{'random steps/s':>16}{'copy+apply/s':>14}")
    for path in maps:
        gm = load_map(path)
        first, cached, built = cold_loads(path)
        steps = median_of_runs(steps_per_second, gm)
        copies = median_of_runs(copy_apply_per_second, gm)
        print(f"{path.stem:<11}{f'{gm.rows}x{gm.cols}':>7}{first:>10.1f}{cached:>11.1f}"
              f"{built:>10.1f}{steps:>16.0f}{copies:>14.0f}")


def bundled_name(name: str) -> str:
    """A bundled map's name, as MAP picks it; ValueError names them."""
    names = [p.stem for p in MAPS]
    if name not in names:
        raise ValueError(f"no bundled map {name!r} (one of {', '.join(names)})")
    return name


def parser() -> argparse.ArgumentParser:
    """The command line: [MAP ...], or --against DIR [--rounds N] [MAP ...]; --one is run_in's."""
    # Imported here, not with the engine: a --one run's laser_flag is another checkout's, which
    # may predate these helpers.
    from laser_flag.tools.cli import argument_type, positive

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("maps", nargs="*", type=argument_type(bundled_name), metavar="MAP",
                        help="bundled maps by name, e.g. gridlock (default: all of them)")
    parser.add_argument("--against", type=Path, metavar="DIR",
                        help="A/B: random play and copy+apply of this checkout against the "
                             "checkout of the game in DIR, runs interleaved")
    parser.add_argument("--rounds", type=positive, metavar="N",
                        help=f"with --against: the rounds interleaved (default {ROUNDS})")
    parser.add_argument("--one", nargs=2, metavar=("MAP_FILE", "METRIC"), help=argparse.SUPPRESS)
    return parser


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--one"] and len(argv) == 3 and argv[2] in METRICS:
        one_run(Path(argv[1]), argv[2])  # run_in's, under the other checkout's laser_flag
        return
    command = parser()
    args = command.parse_intermixed_args(argv)
    if args.one:
        command.error(f"--one MAP_FILE METRIC: the metric is one of {', '.join(METRICS)}")
    elif args.against:
        if not (args.against / "laser_flag").is_dir():
            command.error(f"--against {args.against}: not a checkout of the game (no laser_flag)")
        against(args.against, args.maps, args.rounds or ROUNDS)
    elif args.rounds:
        command.error("--rounds goes with --against")
    else:
        table(args.maps)


if __name__ == "__main__":
    main()
