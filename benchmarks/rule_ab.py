"""Hard with and without one of its rules, the same games.

A rule is a function Hard's `choose` (`bots/search.py`) asks whether to play another action
than the search's, None leaving the search's: `escape` (the walk of a unit whose laser is off
out of the enemy's sight, `bots/escape.py`). Plays the games `blunders.py GAMES SEED
OPPONENT,... steps:N MAP...` plays with today's Hard, counting (blunders.py's counts) and
noting each game in which the rule acted; only those games are played again with the rule
answering `choose` None (its other callers, such as `escape.stranded`, still ask the rule),
since a game in which it never acted is the same move for move without it (the bots are
seeded and the search's budget is in steps). Prints both arms' counts per map and opponent,
and how many games the rule acted in.
Run: .venv/bin/python benchmarks/rule_ab.py RULE GAMES_PER_MAP SEED OPPONENT,... [steps:N]
     MAP... [--each]
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

RULES = ("escape",)  # the functions of bots/escape.py that search.choose asks
RESULTS = {"wins": "won", "losses": "lost", "draws": "drawn"}


def play(task: Task, rule: str) -> tuple[blunders.Blunders, blunders.Blunders, bool]:
    """One game's counts with the rule and without it, and whether the rule acted in it."""
    original = getattr(search, rule)
    acted = []

    def counted(*args):
        answer = original(*args)
        acted.append(answer is not None)
        return answer

    setattr(search, rule, counted)
    try:
        with_rule = blunders.study(task)
        if not any(acted):
            return with_rule, copy.deepcopy(with_rule), False
        setattr(search, rule, lambda *args: None)
        return with_rule, blunders.study(task), True
    finally:
        setattr(search, rule, original)


def outcome(study: blunders.Blunders) -> str:
    """One game's result for Hard and the points it conceded, on a base of them."""
    result = next(k for k, v in study.record.items() if v)
    c = study.counts
    return f"{RESULTS[result]}, conceded {c['conceded']} ({c['conceded on a base']} on a base)"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rule", choices=RULES, metavar="RULE", help=f"one of {', '.join(RULES)}")
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
                with_rule, without, turned = play(task, args.rule)
                arms["with the rule"].add_all([with_rule])
                arms["without it"].add_all([without])
                acted += turned
                if args.each:
                    print(f"  game {task.game_index}: " + ("acted; " if turned else "")
                          + "; ".join(f"{name} {outcome(study)}" for name, study
                                      in (("with", with_rule), ("without", without))), flush=True)
            print(f"hard vs {opponent} on {Path(path).stem}: {args.games} games, seed"
                  f" {args.seed}, {args.budget}; {args.rule} acted in {acted}")
            for name, study in arms.items():
                print(f" {name}:\n{study.report()}", flush=True)


if __name__ == "__main__":
    main()
