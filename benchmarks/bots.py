"""Whole-turn decision time of each bot on the largest map (gridlock: 21x21, 8 units a side).

A turn is timed from the first `choose` to the one returning EndTurn, as the client would run
it: each decision gets `game.copy()`. Games are bot against itself, seeded, several of them.
Hard runs with the client's budget (`budget.CLIENT_SECONDS` a turn) against Normal, which
decides its game's length; its turns are the ones timed (issue 14: median <= 2 s, max <= 5 s).
Run: .venv/bin/python benchmarks/bots.py [MAP] [GAMES] [MAX_ROUNDS]   (never in tests)

`depth` mode: how far Hard's search gets at the lab's budget (`--budget steps:150`), against
the planner, per map: the share of its searches that complete (see every line to its end), the
deepest complete depth reached, steps spent and the time a search takes.
Run: .venv/bin/python benchmarks/bots.py depth [STEPS] [GAMES] [MAX_ROUNDS] MAP...
"""

from __future__ import annotations

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


def depth_main(args: list[str]) -> None:
    steps, games, max_rounds = int(args[0]), int(args[1]), int(args[2])
    print(f"Hard at steps:{steps} against the planner, {games} games a map, "
          f"at most {max_rounds} rounds")
    for path in map(Path, args[3:]):
        print(search_depths(path, steps, games, max_rounds).line(path.stem))


def main() -> None:
    if sys.argv[1:2] == ["depth"]:
        depth_main(sys.argv[2:])
        return
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "maps" / "gridlock.json"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    max_rounds = int(sys.argv[3]) if len(sys.argv) > 3 else MAX_ROUNDS
    print(f"{path.name}: whole-turn time, {games} games per bot, at most {max_rounds} rounds")
    for players in (("greedy", "greedy"), ("planner", "planner"), ("Hard", "Normal")):
        every, acted = turn_times(path, players, games, max_rounds)
        label = players[0] if players[0] == players[1] else f"{players[0]} vs {players[1]}"
        print(_line(f"{label}, every turn", every))
        print(_line(f"{label}, turns that acted", acted))


if __name__ == "__main__":
    main()
