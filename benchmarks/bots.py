"""Whole-turn decision time of each bot on the largest map (gridlock: 21x21, 8 units a side).

A turn is timed from the first `choose` to the one returning EndTurn, as the client would run
it: each decision gets `game.copy()`. Games are bot against itself, seeded, several of them.
Hard runs with the client's budget (`budget.CLIENT_SECONDS` a turn) against Normal, which
decides its game's length; its turns are the ones timed (target: median <= 2 s, max <= 5 s).
Run: .venv/bin/python benchmarks/bots.py [MAP] [GAMES] [MAX_ROUNDS]   (never in tests)

`depth` mode: how far Hard's search gets at the lab's budget (`--budget steps:150`), against
the planner, per map: the share of its searches that complete (see every line to its end), the
deepest complete depth reached, steps spent and the time a search takes.
Run: .venv/bin/python benchmarks/bots.py depth STEPS GAMES MAX_ROUNDS MAP...
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from laser_flag.bots import Bot, bot_for_level, make_bot
from laser_flag.bots.budget import Budget
from laser_flag.bots.search import SearchBot
from laser_flag.engine import EndTurn, Game, load_map
from laser_flag.resources import readable_map
from laser_flag.tools.cli import argument_type, positive

ROOT = Path(__file__).resolve().parents[1]
MAX_ROUNDS = 200


def turn_times(path: Path, players: tuple[str, str], games: int, max_rounds: int = MAX_ROUNDS
               ) -> tuple[list[float], list[float]]:
    """Seconds per whole turn of the first player over `games` games (it plays team 1 in even
    games, team 2 in odd ones): every turn, and turns that acted."""
    gm = load_map(path)
    every: list[float] = []
    acted: list[float] = []
    for seed in range(games):
        game = Game(gm, seed=seed)
        timed = "1" if seed % 2 == 0 else "2"
        names = players if timed == "1" else players[::-1]
        bots = {"1": player(names[0], seed), "2": player(names[1], seed + 1000)}
        start, actions = time.perf_counter(), 0
        while not game.over and game.round <= max_rounds:
            if game.active_team != timed:
                game.apply(bots[game.active_team].choose(game.copy()))
                start = time.perf_counter()
                continue
            action = bots[game.active_team].choose(game.copy())
            actions += 1
            if isinstance(action, EndTurn):
                every.append(time.perf_counter() - start)
                if actions > 1:
                    acted.append(every[-1])
            game.apply(action)
            if isinstance(action, EndTurn):
                start, actions = time.perf_counter(), 0
    return every, acted


def _line(label: str, t: list[float]) -> str:
    t = sorted(t)
    p90 = t[int(0.9 * (len(t) - 1))]
    return (f"  {label:26} turns {len(t):4}  median {statistics.median(t) * 1000:7.1f} ms  "
            f"p90 {p90 * 1000:7.1f} ms  max {t[-1] * 1000:7.1f} ms")


def player(name: str, seed: int) -> Bot:
    """A bot by name, or by client level (capitalised: "Hard" thinks as it does in the client)."""
    return bot_for_level(name, seed) if name[0].isupper() else make_bot(name, seed)


@dataclass
class Depths:
    """What Hard's searches reached over some games."""

    searches: int = 0
    complete: int = 0
    steps: int = 0
    seconds: float = 0.0
    depth: Counter[int] = field(default_factory=Counter)  # deepest complete depth: searches

    def line(self, label: str) -> str:
        n = max(1, self.searches)
        depths = "  ".join(f"{d}: {c / n:4.0%}" for d, c in sorted(self.depth.items()))
        return (f"  {label:10} searches {self.searches:5}  complete {self.complete / n:4.0%}  "
                f"steps {self.steps / n:6.1f}  {self.seconds / n * 1000:6.1f} ms  depth {depths}")


def search_depths(path: Path, steps: int, games: int, max_rounds: int) -> Depths:
    """Hard at `steps` a decision against the planner, sides swapped game by game (seeded):
    each search's deepest complete depth (0: none) and whether it saw every line's end."""
    gm, found = load_map(path), Depths()
    for seed in range(games):
        game = Game(gm, seed=seed)
        hard = SearchBot(seed, Budget.steps(steps))
        bots = {"1": hard, "2": make_bot("planner", seed + 1000)}
        if seed % 2:
            bots = {"1": bots["2"], "2": hard}
        while not game.over and game.round <= max_rounds:
            bot = bots[game.active_team]
            start = time.perf_counter()
            action = bot.choose(game.copy())
            if bot is hard and hard.meter is not None:  # it searched: more than one option
                found.searches += 1
                found.complete += hard.complete
                found.steps += hard.meter.used
                found.seconds += time.perf_counter() - start
                found.depth[hard.depth] += 1
            game.apply(action)
    return found


def turn_parser() -> argparse.ArgumentParser:
    """The whole-turn times' command line: `bots.py [MAP] [GAMES] [MAX_ROUNDS]`."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.epilog = (f"{parser.prog} depth STEPS GAMES MAX_ROUNDS MAP...: how far Hard's "
                     f"search gets ({parser.prog} depth --help)")
    parser.add_argument("map", nargs="?", type=argument_type(readable_map),
                        default=ROOT / "maps" / "gridlock.json", metavar="MAP",
                        help="a map file or a map's name (default gridlock)")
    parser.add_argument("games", nargs="?", type=positive, default=4, metavar="GAMES",
                        help="games per bot (default 4)")
    parser.add_argument("max_rounds", nargs="?", type=positive, default=MAX_ROUNDS,
                        metavar="MAX_ROUNDS", help=f"the most rounds a game lasts "
                                                   f"(default {MAX_ROUNDS})")
    return parser


def depth_parser() -> argparse.ArgumentParser:
    """The search depths' command line: `bots.py depth STEPS GAMES MAX_ROUNDS MAP...`."""
    parser = argparse.ArgumentParser(
        prog=f"{Path(sys.argv[0]).name} depth",
        description="How far Hard's search gets at STEPS a decision, against the planner, per "
                    "map: the share of its searches that complete, the deepest complete depth "
                    "reached, steps spent and the time a search takes.")
    parser.add_argument("steps", type=positive, metavar="STEPS",
                        help="Hard's budget a decision, in steps (the lab's: 150)")
    parser.add_argument("games", type=positive, metavar="GAMES", help="games per map")
    parser.add_argument("max_rounds", type=positive, metavar="MAX_ROUNDS",
                        help="the most rounds a game lasts")
    parser.add_argument("maps", nargs="+", type=argument_type(readable_map), metavar="MAP",
                        help="map files or maps' names")
    return parser


def depth_main(argv: list[str]) -> None:
    args = depth_parser().parse_args(argv)
    steps, games, max_rounds = args.steps, args.games, args.max_rounds
    print(f"Hard at steps:{steps} against the planner, {games} games a map, "
          f"at most {max_rounds} rounds")
    for path in args.maps:
        print(search_depths(path, steps, games, max_rounds).line(path.stem))


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["depth"]:
        depth_main(argv[1:])
        return
    args = turn_parser().parse_args(argv)
    path, games, max_rounds = args.map, args.games, args.max_rounds
    print(f"{path.name}: whole-turn time, {games} games per bot, at most {max_rounds} rounds")
    for players in (("greedy", "greedy"), ("planner", "planner"), ("Hard", "Normal")):
        every, acted = turn_times(path, players, games, max_rounds)
        label = players[0] if players[0] == players[1] else f"{players[0]} vs {players[1]}"
        print(_line(f"{label}, every turn", every))
        print(_line(f"{label}, turns that acted", acted))


if __name__ == "__main__":
    main()
