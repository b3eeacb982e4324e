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
measures random play and copy+apply of both engines with this file's code, each side in an
interpreter of its own whose `laser_flag` is that checkout's. Both sides play the same games
(the same seeds and random picks: the legal actions' order is pinned), in N rounds (default
ROUNDS) of the same work: a round is one slice of the games on each side, back to back, the
side going first alternating, and each side's CPU time for its slice is that round's figure.
A neighbour on a shared machine slows a slice down for a second or two, so each round's share
(the other side's time over this side's, for the same work) is what a quiet machine would show
for that work, and the median of the rounds is the table's share; each side's speed over all
its rounds is printed beside it. The sides must reach the same game at each round's end: a
checkout that plays other games is refused.
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
from pathlib import Path

import laser_flag
from laser_flag.data_folder import DATA_DIR_ENV
from laser_flag.engine import EndTurn, Game, load_map
from laser_flag.engine.game_map import GameMap

ROOT = Path(__file__).resolve().parents[1]
MAPS = sorted((ROOT / "maps").glob("*.json"))
SECONDS = 1.5  # CPU time per run
REPEATS = 3
ROUNDS = 30  # --against's default


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


class RandomPlay:
    """legal_actions() + apply() of uniformly random actions, games restarted as they end."""

    def __init__(self, gm: GameMap) -> None:
        self.gm, self.rng, self.seed = gm, random.Random(1), 0
        self.game = Game(gm, seed=0)

    def run(self, steps: int) -> tuple[int, float]:
        """Play `steps` steps: (steps, the CPU seconds they took)."""
        rng, game = self.rng, self.game
        start = time.process_time()
        for _ in range(steps):
            if game.over:
                self.seed += 1
                game = self.game = Game(self.gm, seed=self.seed)
            game.apply(rng.choice(game.legal_actions()))
        return steps, time.process_time() - start

    def where(self) -> str:
        """Which game the play is at, and how far into it."""
        return f"game {self.seed} action {len(self.game.history)}"


class CopyApply(RandomPlay):
    """From each state of random games, Game.copy() + apply() of up to TRIES of its legal
    actions (what a search does at each node); only those are timed."""

    TRIES = 8

    def __init__(self, gm: GameMap) -> None:
        super().__init__(gm)
        self.rng = random.Random(2)

    def run(self, states: int) -> tuple[int, float]:
        """Copy and apply from `states` states: (the copy+applies, the CPU seconds they took)."""
        rng, done, spent = self.rng, 0, 0.0
        for _ in range(states):
            if self.game.over:
                self.seed += 1
                self.game = Game(self.gm, seed=self.seed)
            game = self.game
            actions = game.legal_actions()
            chosen = rng.sample(actions, min(self.TRIES, len(actions)))
            start = time.process_time()
            for action in chosen:
                game.copy().apply(action)
            spent += time.process_time() - start
            done += len(chosen)
            game.apply(rng.choice(actions))
        return done, spent


# Each measure, and the work of one --against round on each side (about a tenth of a second)
MEASURES: dict[str, tuple[type[RandomPlay], int]] = {
    "random": (RandomPlay, 3000), "copy": (CopyApply, 500)}


def per_second(measure: RandomPlay, chunk: int = 100) -> float:
    """A measure's work a CPU second, run for SECONDS."""
    work, spent = 0, 0.0
    while spent < SECONDS:
        done, seconds = measure.run(chunk)
        work, spent = work + done, spent + seconds
    return work / spent


def median_of_runs(metric: str, gm: GameMap) -> float:
    """The median of REPEATS runs of one measure on one map, each from its start."""
    return statistics.median(per_second(MEASURES[metric][0](gm)) for _ in range(REPEATS))


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


def serve(path: Path, metric: str) -> None:
    """An --against side: prints where its laser_flag is from, then for each line N read, runs
    N units of the measure's work and prints the work done, its CPU seconds and where the play
    is (under the other checkout's laser_flag, in a fresh interpreter)."""
    gm = load_map(path)
    Game(gm, seed=0)  # the map's tables and LOS answers, before any work is timed
    # and a clean slate for the garbage collector: how much making those allocated (a
    # checkout may build the LOS answers, another read them) would decide when it runs in play
    gc.collect()
    measure = MEASURES[metric][0](gm)
    print(laser_flag.__file__, flush=True)
    for line in sys.stdin:
        done, seconds = measure.run(int(line))
        print(done, seconds, measure.where(), flush=True)


class Side:
    """One side of an A/B: a `serve` process whose laser_flag is `checkout`'s."""

    def __init__(self, checkout: Path, path: Path, metric: str, folder: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(checkout), DATA_DIR_ENV: folder}
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(path), metric], env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        source = self.process.stdout.readline().strip()  # type: ignore[union-attr]
        if not source or not Path(source).resolve().is_relative_to(checkout.resolve()):
            self.close()
            raise SystemExit(f"{checkout}: measured {source or 'nothing'} instead")

    def run(self, units: int) -> tuple[int, float, str]:
        """(the work done, its CPU seconds, where the play is) for `units` units of work."""
        self.process.stdin.write(f"{units}\n")  # type: ignore[union-attr]
        self.process.stdin.flush()  # type: ignore[union-attr]
        done, seconds, where = self.process.stdout.readline().split(" ", 2)  # type: ignore
        return int(done), float(seconds), where.strip()

    def close(self) -> None:
        self.process.stdin.close()  # type: ignore[union-attr]
        self.process.wait()


def rounds_of(other: Path, path: Path, metric: str, rounds: int
              ) -> tuple[list[float], dict[str, float]]:
    """Each round's share (the other side's seconds over this side's, for the same work) and
    each side's work a CPU second over the rounds; a first round on each side, not counted,
    starts the play."""
    units = MEASURES[metric][1]
    shares, work, seconds = [], {"this": 0, "other": 0}, {"this": 0.0, "other": 0.0}
    with tempfile.TemporaryDirectory() as mine, tempfile.TemporaryDirectory() as theirs:
        sides = {"this": Side(ROOT, path, metric, mine), "other": Side(other, path, metric, theirs)}
        try:
            for r in range(rounds + 1):
                ran = {name: sides[name].run(units) for name in sorted(sides, reverse=bool(r % 2))}
                if ran["this"][::2] != ran["other"][::2]:
                    raise SystemExit(f"{path.stem}: the sides played different games "
                                     f"({ran['this'][2]} against {ran['other'][2]})")
                if r:
                    shares.append(ran["other"][1] / ran["this"][1])
                    for name, (done, spent, _) in ran.items():
                        work[name] += done
                        seconds[name] += spent
        finally:
            for side in sides.values():
                side.close()
    return shares, {name: work[name] / seconds[name] for name in sides}


def against(other: Path, names: list[str], rounds: int) -> None:
    """The A/B table: per map and measure, each side's speed and this side's share."""
    maps = [p for p in MAPS if not names or p.stem in names]
    print(f"A/B: this checkout ({ROOT}) against {other}; CPU time of the same work on both "
          f"sides in {rounds} rounds a figure; share: this side's speed as a share of the "
          "other's, the median of the rounds' [their middle half]")
    print(f"{'map':<11}" + "".join(f"{f'{m} other':>14}{f'{m} this':>13}{'share':>17}"
                                    for m in MEASURES))
    for path in maps:
        row = f"{path.stem:<11}"
        for metric in MEASURES:
            shares, speed = rounds_of(other, path, metric, rounds)
            q1, mid, q3 = statistics.quantiles(shares, n=4)
            middle = f"{mid:.0%} [{q1:.0%}-{q3:.0%}]"
            row += f"{speed['other']:>14.0f}{speed['this']:>13.0f}{middle:>17}"
        print(row, flush=True)


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
        steps = median_of_runs("random", gm)
        copies = median_of_runs("copy", gm)
        print(f"{path.stem:<11}{f'{gm.rows}x{gm.cols}':>7}{first:>10.1f}{cached:>11.1f}"
              f"{built:>10.1f}{steps:>16.0f}{copies:>14.0f}")


def bundled_name(name: str) -> str:
    """A bundled map's name, as MAP picks it; ValueError names them."""
    names = [p.stem for p in MAPS]
    if name not in names:
        raise ValueError(f"no bundled map {name!r} (one of {', '.join(names)})")
    return name


def parser() -> argparse.ArgumentParser:
    """The command line: [MAP ...], or --against DIR [--rounds N] [MAP ...]; --serve is a
    Side's."""
    # Imported here, not with the engine: a --serve run's laser_flag is another checkout's, which
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
    parser.add_argument("--serve", nargs=2, metavar=("MAP_FILE", "METRIC"),
                        help=argparse.SUPPRESS)
    return parser


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--serve"] and len(argv) == 3 and argv[2] in MEASURES:
        serve(Path(argv[1]), argv[2])  # a Side's, under the other checkout's laser_flag
        return
    command = parser()
    args = command.parse_intermixed_args(argv)
    if args.serve:
        command.error(f"--serve MAP_FILE METRIC: the metric is one of {', '.join(MEASURES)}")
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
