"""Texel's method (Österlund, 2014) for Hard's valuation: positions of fast games labelled with
their results, and the weights of Hard's leaf value (`bots/features.py`) fitted to them.

`data` plays GAMES games, game i on map i mod M (every bundled map unless --maps): Hard at
--budget against, by turns, a tuning draw of the population (style:2000, style:2002, ... never
a held-out one) and the zoo (rusher, turtle, hunter), each on both sides of every map. Fog is
off, so the whole board is the active team's view. At the start of every turn it records the
active team's position: its terms (`features.LINEAR`) and fixed part as Hard's leaf values it
(the turn's first position as the search's root), and the game's result for that team (1 a
win, 0.5 a draw or the round cap, 0 a loss). A game's seeds come from --seed and its index
only, so a seed gives the same file whatever --jobs; the file is written atomically.

`fit` splits the games in two by a hash of their index (every position of a game in one half),
fits on the training half sigmoid(K * value) to the results by least squares (Levenberg-
Marquardt): first K alone at today's weights (Hard's, `search.HARD_WEIGHTS`), then, K held
(with both free K shrinks as the weights grow), every weight. It reports the mean squared error
on both halves before and after (and on all of --fresh, a data set of other seeds), per map
too, and the weights fitted on all maps and on each map alone. A weight whose term is 0 in
every training position keeps today's value ("not met"); a weight --hold names keeps today's
price in points, its ratio to `point` ("held": it moves with `point`, its term counted in
`point`'s). --out writes the weights fitted on all maps in points (each over the fitted
`point`, K times it the scale), the file `hard:weights=FILE` plays (bots/weights_file.py): the
search's fixed parts (`WIN`, `BAND`, `MARGIN`) are in points, so a set keeps that scale.

Run: .venv/bin/python benchmarks/texel.py data --games N --seed S --out FILE [--budget steps:N]
         [--jobs J] [--max-rounds R] [--fit] [--maps MAP ...]   (--fit: then fit it too)
     .venv/bin/python benchmarks/texel.py fit FILE [--fresh OTHER_FILE] [--hold NAME,...]
         [--out WEIGHTS.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass, replace
from pathlib import Path

try:
    import numpy as np
except ImportError:
    sys.exit("texel.py: error: numpy is in the [rl] extra: pip install 'laser-flag[rl]'")

from laser_flag.bots.features import LINEAR, Features, leaf_features
from laser_flag.bots.match import DRAW, derive_seed, play_match
from laser_flag.bots.registry import ZOO
from laser_flag.bots.search import HARD_WEIGHTS, TurnValue
from laser_flag.bots.style import PREFIX
from laser_flag.bots.weights_file import weights_text
from laser_flag.engine import Game, load_map
from laser_flag.engine.atomic_file import write_atomic
from laser_flag.lab.executors import study_map
from laser_flag.lab.games import steps_budget
from laser_flag.resources import bundled_maps, readable_map
from laser_flag.tools.cli import argument_type, positive

FORMAT = "laser-flag texel data 1"
FIRST_DRAW = 2000  # the tuning draws Hard meets: style:2000, style:2002, ...
TODAY = np.array([getattr(HARD_WEIGHTS, name) for name in LINEAR])


def opponent(block: int) -> str:
    """Hard's opponent in the `block`th round of maps (each opponent takes two, one a side):
    a tuning draw, then one of the zoo, and so on."""
    k = block // 2
    return f"{PREFIX}{FIRST_DRAW + 2 * (k // 2)}" if k % 2 == 0 else ZOO[(k // 2) % len(ZOO)]


@dataclass(frozen=True)
class GameTask:
    """Game `index` of a data set: its map, its bots (team 1's first), seed and limits."""

    index: int
    map_path: str
    bots: tuple[str, str]
    seed: int
    budget: str
    max_rounds: int


def game_tasks(maps: list[Path], games: int, seed: int, budget: str,
               max_rounds: int) -> list[GameTask]:
    """The data set's games: game i on map i mod M, Hard on team 2 in every other round."""
    todo = []
    for i in range(games):
        block = i // len(maps)
        bots = ("hard", opponent(block))
        todo.append(GameTask(i, str(maps[i % len(maps)]), bots if block % 2 == 0 else bots[::-1],
                             derive_seed(seed, i), budget, max_rounds))
    return todo


def play_game(task: GameTask) -> list[list]:
    """One game's rows: [game, map, team, bot, round, result, fixed, terms...] for each turn's
    first position, in order (a worker process's job)."""
    gm = load_map(task.map_path)
    turns: dict[int, tuple[str, int, Features]] = {}  # by turn: team, round, features

    def record(game: Game, _action: object) -> None:
        if game.turn not in turns:
            turn_value = TurnValue()
            turn_value.start(game)
            team = game.active_team
            turns[game.turn] = (team, game.round, leaf_features(turn_value, game, team))

    result = play_match(gm, task.bots, task.seed, task.max_rounds, fog=False,
                        budget=steps_budget(task.budget), before_action=record)
    rows = []
    for team, round_, features in turns.values():
        won = 0.5 if result.winner == DRAW else float(result.winner == team)
        rows.append([task.index, Path(task.map_path).stem, team, task.bots[int(team) - 1],
                     round_, won, features.fixed, *features.terms])
    return rows


def collect(todo: list[GameTask], jobs: int) -> list[list]:
    """Every game's rows, in game order, from `jobs` processes (or this one)."""
    return [row for rows in study_map(play_game, todo, jobs) for row in rows]


def write_data(out: Path, header: dict, rows: list[list]) -> None:
    text = json.dumps({**header, "rows": rows}, separators=(",", ":"))
    write_atomic(out, lambda f: f.write(text.encode()))


@dataclass
class Data:
    """A data set's positions as arrays: terms (n x LINEAR), fixed parts, results, games, maps."""

    terms: np.ndarray
    fixed: np.ndarray
    results: np.ndarray
    games: np.ndarray
    maps: np.ndarray

    def part(self, keep: np.ndarray) -> Data:
        return Data(*(a[keep] for a in asdict(self).values()))


def read_data(path: Path) -> Data:
    """A file `data` wrote; ValueError naming the file when it is not one."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc.get("format") != FORMAT or doc.get("linear") != list(LINEAR):
            raise ValueError("not a data set of this version's terms")
        rows = doc["rows"]
        if not rows:
            raise ValueError("no positions")
        terms = np.array([row[7:] for row in rows], dtype=float)
        return Data(terms, np.array([row[6] for row in rows], dtype=float),
                    np.array([row[5] for row in rows], dtype=float),
                    np.array([row[0] for row in rows]), np.array([row[1] for row in rows]))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError) as err:
        raise ValueError(f"{path}: {err}") from None


def training(games: np.ndarray) -> np.ndarray:
    """Whether each position's game is in the training half (by a hash of the game's index)."""
    return np.array([derive_seed("texel split", int(g)) % 2 == 0 for g in games])


def sigmoid(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * x))


def error(data: Data, k: float, weights: np.ndarray) -> float:
    """Mean squared error of sigmoid(k * value) against the results."""
    return float(np.mean((sigmoid(k * (data.fixed + data.terms @ weights)) - data.results) ** 2))


def fit(data: Data, params: np.ndarray, free: list[int],
        rounds: int = 200) -> np.ndarray:
    """`params` ([K, weights...]) with the `free` ones set to minimise `error`
    (Levenberg-Marquardt from `params`)."""
    params = params.astype(float)
    now, damping = error(data, params[0], params[1:]), 1e-3
    for _ in range(rounds):
        k, w = params[0], params[1:]
        z = data.fixed + data.terms @ w
        s = sigmoid(k * z)
        slope = s * (1.0 - s)
        by_param = np.column_stack([slope * z, (slope * k)[:, None] * data.terms])
        jac = by_param[:, free]
        grad, hess = jac.T @ (s - data.results), jac.T @ jac
        while damping < 1e12:
            trial = params.copy()
            trial[free] += np.linalg.solve(hess + damping * np.diag(np.diag(hess) + 1e-12), -grad)
            after = error(data, trial[0], trial[1:])
            if after < now:
                break
            damping *= 4
        else:
            break
        params, gained, now, damping = trial, now - after, after, damping / 3
        if gained < 1e-12 * now:
            break
    return params


def fit_all(data: Data, held: tuple[str, ...] = ()) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """Texel's order: K fitted at today's weights, then held while every weight whose term
    the data meets is fitted (K sets the scale: with both free, K shrinks as the weights grow),
    but the `held` ones, which keep today's ratio to `point`.
    ([K, today's weights], [K, fitted weights], the weights fitted)."""
    today = fit(data, np.array([1.0, *TODAY]), [0])
    point = LINEAR.index("point")
    tied = [LINEAR.index(name) for name in held]
    ratio = TODAY[tied] / TODAY[point]
    terms = data.terms.copy()  # a held term counted in `point`'s at its ratio, itself nothing
    terms[:, point] += terms[:, tied] @ ratio
    terms[:, tied] = 0.0
    met = [i for i in range(len(LINEAR)) if np.any(terms[:, i])]
    fitted = fit(replace(data, terms=terms), today, [i + 1 for i in met])
    fitted[[i + 1 for i in tied]] = ratio * fitted[point + 1]
    return today, fitted, met


def mse(data: Data, params: np.ndarray) -> float:
    return error(data, params[0], params[1:])


def report(data: Data, fresh: Data | None = None,
           held: tuple[str, ...] = ()) -> tuple[str, np.ndarray]:
    """The fit's report, and [K, weights...] it fitted on all maps; with
    `fresh`, another data set's (games of other seeds), the error on every position of it too;
    `held`: the weights that keep today's ratio to `point`."""
    train = training(data.games)
    learn, test = data.part(train), data.part(~train)
    today, fitted, met = fit_all(learn, held)
    guess = float(np.mean((test.results - learn.results.mean()) ** 2))
    lines = [f"{len(data.results)} positions of {len(set(data.games))} games: training "
             f"{len(learn.results)} ({len(set(learn.games))} games), held out "
             f"{len(test.results)} ({len(set(test.games))} games); K {today[0]:.4f}",
             f"mean squared error      today   fitted  (a constant guess: held out {guess:.5f})",
             f"  training             {mse(learn, today):.5f}  {mse(learn, fitted):.5f}",
             f"  held out             {mse(test, today):.5f}  {mse(test, fitted):.5f}"]
    if fresh is not None:
        lines.append(f"  fresh games          {mse(fresh, today):.5f}  {mse(fresh, fitted):.5f}"
                     f"  ({len(fresh.results)} positions of {len(set(fresh.games))} games)")
    per_map = {}
    for name in sorted(set(data.maps)):
        here, there = learn.part(learn.maps == name), test.part(test.maps == name)
        per_map[name] = fit_all(here, held) if len(here.results) else None
        if len(there.results):
            alone = f"  {mse(there, per_map[name][1]):.5f}" if per_map[name] else ""
            lines.append(f"  held out {name:<11} {mse(there, today):.5f}  {mse(there, fitted):.5f}"
                         f"{alone} (fitted on the map alone), {len(there.results)} positions")
    names = [n for n in per_map if per_map[n]]
    lines.append(f"{'weight':<14} {'met':>6}   today   fitted  "
                 + "  ".join(f"{n:>9}" for n in names))
    for i, name in enumerate(LINEAR):
        fit_here = ("(held)" if name in held else f"{fitted[i + 1]:7.4f}" if i in met
                    else "(not met)")
        alone = "  ".join(f"{per_map[n][1][i + 1]:9.4f}" if i in per_map[n][2] else f"{'-':>9}"
                          for n in names)
        lines.append(f"{name:<14} {int(np.count_nonzero(learn.terms[:, i])):>6}  "
                     f"{TODAY[i]:6.4f}  {fit_here:>7}  {alone}")
    lines.append(f"{'K':<14} {'':>6}  {today[0]:6.4f}  {fitted[0]:7.4f}  "
                 + "  ".join(f"{per_map[n][1][0]:9.4f}" for n in names))
    if fitted[1 + LINEAR.index("point")] > 0:
        lines.append("in points: " + ", ".join(f"{n} {v:.4f}" for n, v in in_points(fitted).items())
                     + f"; K {fitted[0] * fitted[1 + LINEAR.index('point')]:.4f}")
    return "\n".join(lines), fitted


def in_points(params: np.ndarray) -> dict[str, float]:
    """The weights of [K, weights...] over `point`'s (the scale Hard's fixed parts are in);
    ValueError when `point` is not above 0 (no price in points)."""
    point = params[1 + LINEAR.index("point")]
    if point <= 0:
        raise ValueError(f"the fitted point is {point:.4f}: no weights in points")
    return {name: round(float(w / point), 6) for name, w in zip(LINEAR, params[1:], strict=True)}


def data_command(args: argparse.Namespace) -> None:
    maps = args.maps or sorted(bundled_maps().glob("*.json"))
    todo = game_tasks(maps, args.games, args.seed, args.budget, args.max_rounds)
    rows = collect(todo, args.jobs)
    header = {"format": FORMAT, "seed": args.seed, "games": args.games, "budget": args.budget,
              "max_rounds": args.max_rounds, "maps": [p.stem for p in maps],
              "linear": list(LINEAR)}
    write_data(args.out, header, rows)
    print(f"{args.out}: {len(rows)} positions of {args.games} games")
    if args.fit:
        print(report(read_data(args.out))[0])


def fit_command(args: argparse.Namespace) -> None:
    text, fitted = report(read_data(args.file), args.fresh and read_data(args.fresh), args.hold)
    print(text)
    if args.out:
        body = weights_text(in_points(fitted))
        write_atomic(args.out, lambda f: f.write(body.encode()))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    data = commands.add_parser("data", help="play games and record their positions")
    data.add_argument("--games", type=positive, required=True, help="games to play")
    data.add_argument("--seed", type=int, required=True, help="the data set's seed")
    data.add_argument("--out", type=Path, required=True, help="the data file to write")
    data.add_argument("--budget", type=argument_type(budget_text), default="steps:20",
                      help="Hard's search budget (default steps:20)")
    data.add_argument("--jobs", type=positive, default=1, help="processes (default 1)")
    data.add_argument("--max-rounds", type=positive, default=200,
                      help="a game still on after this many rounds is a draw (default 200)")
    data.add_argument("--fit", action="store_true", help="then fit it, as `fit FILE` does")
    data.add_argument("--maps", nargs="+", type=argument_type(readable_map), metavar="MAP",
                      help="map files or maps' names (default: every bundled map)")
    fitting = commands.add_parser("fit", help="fit the weights to a data file's results")
    fitting.add_argument("file", type=Path, help="a file `data` wrote")
    fitting.add_argument("--fresh", type=Path, metavar="OTHER_FILE",
                         help="a data set of other seeds: the error on all of it too")
    fitting.add_argument("--hold", type=argument_type(held_names), default=(), metavar="NAME,...",
                         help="weights kept at today's price in points (their ratio to point)")
    fitting.add_argument("--out", type=Path,
                         help="write the weights fitted on all maps here, in points")
    args = parser.parse_args(argv)
    try:
        (data_command if args.command == "data" else fit_command)(args)
    except ValueError as err:
        sys.exit(f"texel.py: error: {err}")


def held_names(text: str) -> tuple[str, ...]:
    """--hold's NAME,...: weights of `LINEAR`; ValueError names them."""
    names = tuple(n.strip() for n in text.split(","))
    for name in names:
        if name not in LINEAR:
            raise ValueError(f"{name!r} is not a fitted weight (one of {', '.join(LINEAR)})")
    return names


def budget_text(text: str) -> str:
    steps_budget(text)  # ValueError when malformed
    return text


if __name__ == "__main__":
    main()
