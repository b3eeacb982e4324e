"""A loss study: how each bot's hits are won and taken, over the balance lab's own games.


Plays the games `laser-flag-balance MAP --bots BOT,OPPONENT --games N --seed S` plays (same
seeds, sides swapped in odd games, the lab's budget) and counts, for each bot: its points, its
shots and snap shots and their hits; the hits it took, by how the shooter got there (a snap
shot, a shooter that moved this turn, one that fired from where it stood) and where the target
stood (holding snap shots, in cover, in the open); its turns ended with a live unit in a
charged enemy's sight (in cover or not); and who fired first after each quiet spell of 3 rounds.
Run: .venv/bin/python benchmarks/hits.py MAP BOT OPPONENT [GAMES] [SEED]
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from laser_flag.bots.budget import LAB_STEPS
from laser_flag.bots.match import DRAW, play_match
from laser_flag.bots.registry import bot_name
from laser_flag.engine import CHARGED, DEACTIVATED, Action, EndTurn, Game, Move, Unit, load_map
from laser_flag.engine.events import Shot
from laser_flag.lab.games import Plan, tasks
from laser_flag.resources import readable_map
from laser_flag.tools.cli import argument_type, positive

QUIET_ROUNDS = 3  # rounds without a shot after which the next shot is a new first contact


class Study:
    """Counts per bot name over the games played; the game being played is followed through
    play_match's hooks (its units and action before each action, its events after)."""

    def __init__(self) -> None:
        self.counts: dict[str, Counter[str]] = {}
        self.wins: Counter[str] = Counter()

    def play(self, path: Path, bots: tuple[str, str], games: int, seed: int) -> None:
        gm = load_map(path)
        for task in tasks(Plan((gm,), (bots,), games, seed)):  # the lab's own games
            self._sides = dict(zip("12", task.bots, strict=True))
            self._moved: set[int] = set()
            self._last_shot = -QUIET_ROUNDS
            result = play_match(gm, task.bots, task.seed, task.max_rounds,
                                on_events=self._after, before_action=self._before)
            self.wins[self._sides.get(result.winner, DRAW)] += 1
            for team, score in zip("12", result.scores, strict=True):
                self.counts.setdefault(self._sides[team], Counter())["points scored"] += score

    def _before(self, game: Game, action: Action) -> None:
        self._game, self._action, self._team = game, action, game.active_team
        self._units = {u.id: u for u in game.units}

    def _after(self, events: Sequence[object]) -> None:
        game, action, sides = self._game, self._action, self._sides
        for event in events:
            if isinstance(event, Shot):
                shooter = sides[self._units[event.shooter].team]
                if game.round - self._last_shot >= QUIET_ROUNDS:
                    self._count(shooter, "fired first after a quiet spell")
                self._last_shot = game.round
                self._shot(event, shooter, self._units[event.target], sides,
                           event.shooter in self._moved)
        if isinstance(action, Move):
            self._moved.add(action.unit_id)
        elif isinstance(action, EndTurn):
            self._moved.clear()
            if not game.over:
                self._exposed(game, self._team, sides[self._team])

    def _shot(self, shot: Shot, shooter: str, target: Unit, sides: dict[str, str],
              walked: bool) -> None:
        kind = "snap shots" if shot.snap else "shots"
        self._count(shooter, kind)
        if not shot.hit:
            return
        self._count(shooter, f"{kind} hit")
        how = "snap shot" if shot.snap else "shooter that moved" if walked else "standing shooter"
        where = ("holding snap shots" if target.snap_shots
                 else "in cover" if any(name == "target in cover" for name, _ in shot.modifiers)
                 else "in the open")
        victim = sides[target.team]
        self._count(victim, f"hits taken from a {how}")
        self._count(victim, f"hits taken {where}")

    def _exposed(self, game: Game, team: str, name: str) -> None:
        """The team that just ended its turn: its live units a charged enemy sees."""
        for unit in game.units:
            if unit.team != team or unit.laser == DEACTIVATED:
                continue
            seers = [e for e in game.units if e.team != team and e.laser == CHARGED
                     and game.what_if.has_los(e.pos, unit.pos)]
            if seers:
                covered = all(any(n == "target in cover" for n, _ in game.what_if.to_hit(e, unit)
                                  .modifiers) for e in seers)
                self._count(name, "turn ends in enemy sight, " + ("in cover" if covered
                                                                  else "not in cover"))

    def _count(self, name: str, what: str) -> None:
        self.counts.setdefault(name, Counter())[what] += 1

    def report(self) -> str:
        names = sorted(self.counts)
        keys = sorted(set().union(*self.counts.values()))
        lines = [f"  {'':44}" + "".join(f"{n:>10}" for n in names)]
        lines += [f"  {k:44}" + "".join(f"{self.counts[n][k]:>10}" for n in names) for k in keys]
        return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("map", type=argument_type(readable_map), metavar="MAP",
                        help="a map file or a map's name")
    parser.add_argument("bot", type=argument_type(bot_name), metavar="BOT",
                        help="the first bot, team 1 in even games")
    parser.add_argument("opponent", type=argument_type(bot_name), metavar="OPPONENT",
                        help="the second bot")
    parser.add_argument("games", nargs="?", type=positive, default=10, metavar="GAMES",
                        help="games played (default 10)")
    parser.add_argument("seed", nargs="?", type=int, default=1, metavar="SEED",
                        help="the lab's seed (default 1)")
    args = parser.parse_args(argv)
    path, bot, opponent, games, seed = args.map, args.bot, args.opponent, args.games, args.seed
    study = Study()
    study.play(path, (bot, opponent), games, seed)
    print(f"{path.name}: {bot} vs {opponent}, {games} games, seed {seed}, steps:{LAB_STEPS}; "
          f"wins {dict(study.wins)}")
    print(study.report())


if __name__ == "__main__":
    main()
