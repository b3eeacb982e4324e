"""Hard with and without its recharge rule (`bots/escape.py`'s `recharge`), the same games.

Plays the games `blunders.py GAMES SEED OPPONENT,... steps:N MAP...` plays with today's Hard,
counting (blunders.py's counts) and noting each game in which the rule turned a move; only
those games are played again with the rule switched off, since a game in which it never acted
is the same move for move without it (the bots are seeded and the search's budget is in
steps). Prints both arms' counts per map and opponent, and how many games the rule acted in.
Run: .venv/bin/python benchmarks/recharge_ab.py GAMES_PER_MAP SEED OPPONENT,... [steps:N] MAP...
"""

from __future__ import annotations

import argparse
import copy
from pathlib import Path

import blunders

from laser_flag.bots import search
from laser_flag.engine import load_map
from laser_flag.lab.games import Plan, Task, tasks
from laser_flag.resources import readable_map
from laser_flag.tools.cli import argument_type, positive
from laser_flag.tools.lab_cli import budget_text

RULE = search.recharge
RESULTS = {"wins": "won", "losses": "lost", "draws": "drawn"}


def play(task: Task) -> tuple[blunders.Blunders, blunders.Blunders, bool]:
    """One game's counts with the rule and without it, and whether the rule acted in it."""
    turned = []

    def counted(*args):
        move = RULE(*args)
        turned.append(move is not None)
        return move

    search.recharge = counted
    try:
        with_rule = blunders.study(task)
        if not any(turned):
            return with_rule, copy.deepcopy(with_rule), False
        search.recharge = lambda *args: None
        return with_rule, blunders.study(task), True
    finally:
        search.recharge = RULE


def outcome(study: blunders.Blunders) -> str:
    """One game's result for Hard and the points it conceded, on a base of them."""
    result = next(k for k, v in study.record.items() if v)
    c = study.counts
    return f"{RESULTS[result]}, conceded {c['conceded']} ({c['conceded on a base']} on a base)"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=positive, metavar="GAMES_PER_MAP")
    parser.add_argument("seed", type=int, metavar="SEED")
    parser.add_argument("opponents", type=argument_type(blunders.opponents), metavar="OPPONENT,...")
    parser.add_argument("budget", nargs="?", type=argument_type(budget_text), default="steps:150",
                        metavar="steps:N")
    parser.add_argument("maps", nargs="+", type=argument_type(readable_map), metavar="MAP")
    parser.add_argument("--each", action="store_true", help="a line for each game as it ends")
    args = parser.parse_args(argv)
    for path in args.maps:
        for opponent in args.opponents:
            plan = Plan((load_map(Path(path)),), ((blunders.SUBJECT, opponent),), args.games,
                        args.seed, budget=args.budget)
            arms = {"with the rule": blunders.Blunders(), "without it": blunders.Blunders()}
            acted = 0
            for task in tasks(plan):
                with_rule, without, turned = play(task)
                arms["with the rule"].add_all([with_rule])
                arms["without it"].add_all([without])
                acted += turned
                if args.each:
                    print(f"  game {task.game_index}: " + ("acted; " if turned else "")
                          + "; ".join(f"{name} {outcome(study)}" for name, study
                                      in (("with", with_rule), ("without", without))), flush=True)
            print(f"hard vs {opponent} on {Path(path).stem}: {args.games} games, seed"
                  f" {args.seed}, {args.budget}; the rule acted in {acted}")
            for name, study in arms.items():
                print(f" {name}:\n{study.report()}", flush=True)


if __name__ == "__main__":
    main()
