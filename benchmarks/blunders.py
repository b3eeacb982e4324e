"""Hard's blunders, counted move by move over the balance lab's own games against other bots.


Plays the games `laser-flag-balance MAP... --bots hard,OPPONENT --games N --seed S` plays (the
same seeds, sides swapped in odd games, Hard at `--budget`, the lab's `steps:150` by default;
with `--hard hard:weights=FILE`, Hard with those weights, the same games) and counts, for Hard's
side only:
- **left in sight**: the chances are Hard's units whose laser was off at some decision of
  Hard's turn and that could then stay or get (walking with its AP: it triggers no snap shots)
  out of every armed enemy's sight (a laser not off) or onto a base; the misses, those of them
  that ended the turn deactivated in an armed enemy's sight. Of the chances, "in danger" are
  those that stood in such sight then. (Counted by this script's own search of the unit's
  moves, not the bot's.)
- **off base and back**: a unit charging on a base that moved and ended the turn on a base.
- **no watch**: turns ended with no unit keeping a snap shot while an armed enemy could walk
  into view of one of Hard's units with one move.
- **poor shots into cover**: shots (not snap shots) at a target in cover with a hit chance
  below a half, of all shots.
- **open to fire**: units with a live laser ending the turn in an armed enemy's sight and in
  cover against none of those enemies, of all units ending a turn in such sight.
- **idle while ahead**: turns Hard ended without acting while 2 or more points ahead and with
  more armed units than the enemy.
- **base trap**: of the points Hard conceded (hits on its units, snap shots included: every hit
  scores), those scored on a unit standing on a base its team uses. A unit hit there starts
  charging at once (RULES §5), so it is live again by its next turn, where the charged enemy
  that hit it still sees it: a point farm. Those conceded in the enemy's turn are told apart by
  what the unit did in Hard's turn before: walked onto the base with its laser off (to
  recharge; of them, those whose tile an armed enemy saw as the turn ended, and those that
  could have walked instead onto a base tile no armed enemy saw), fired from it, or neither.
Run: .venv/bin/python benchmarks/blunders.py [GAMES_PER_MAP] [SEED] [OPPONENT,...] [steps:N]
     [MAP...] [--hard NAME]   (defaults: 4 games, seed 1, rusher,turtle,hunter,planner,
                steps:150, every bundled map, hard)
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path

from laser_flag.bots.match import DRAW, play_match
from laser_flag.bots.registry import WEIGHTED, bot_name
from laser_flag.engine import (
    CHARGING,
    DEACTIVATED,
    Action,
    Fire,
    Game,
    Move,
    Pos,
    Unit,
    load_map,
    parse_map,
)
from laser_flag.engine.events import Shot
from laser_flag.lab.executors import study_map
from laser_flag.lab.games import Plan, Task, steps_budget, tasks
from laser_flag.resources import readable_map
from laser_flag.tools.cli import argument_type, positive
from laser_flag.tools.lab_cli import budget_text

ROOT = Path(__file__).resolve().parents[1]
SUBJECT = "hard"
OPPONENTS = ("rusher", "turtle", "hunter", "planner")
POOR = 0.5  # a shot into cover below this chance is a poor one
TARGET = 0.01  # the most of its chances Hard may leave a deactivated unit in sight
BASE_TRAP_TARGET = 0.15  # the most of the points Hard concedes that may be scored on its bases


def armed_sees(game: Game, team: str, at: Pos) -> list[Unit]:
    """The enemies of `team` whose lasers are not off and that see `at`."""
    return [e for e in game.units
            if e.team != team and e.laser != DEACTIVATED and game.what_if.has_los(e.pos, at)]


def walkable(game: Game, unit: Unit) -> set[Pos]:
    """Every tile the unit's AP walks it to, a move an AP."""
    seen, frontier = {unit.pos}, [unit.pos]
    for _ in range(unit.ap):
        nxt = []
        for at in frontier:
            for to in game.what_if.reachable(replace(unit, pos=at)):
                if to not in seen:
                    seen.add(to)
                    nxt.append(to)
        frontier = nxt
    return seen - {unit.pos}


def could_escape(game: Game, unit: Unit) -> bool:
    """Whether the unit's AP can walk it out of every armed enemy's sight or onto a base."""
    bases = set(game.map.usable_bases(unit.team))
    return any(to in bases or not armed_sees(game, unit.team, to)
               for to in walkable(game, unit))


def unseen_base_in_reach(game: Game, unit: Unit) -> bool:
    """Whether the unit's AP walks it onto a base tile of its team that no armed enemy sees."""
    return any(game.map.base_serves(to, unit.team) and not armed_sees(game, unit.team, to)
               for to in walkable(game, unit))


class Blunders:
    """Counts over the games played; the game under way is followed through play_match's hook
    (the game and each action before it is applied)."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.record: Counter[str] = Counter()
        self._game: Game | None = None  # the game under way
        self._units: dict[int, Unit] = {}  # its units as they stood before the last action
        self._arrived: dict[int, tuple[bool, bool]] = {}  # see `_turn_end`
        self._fired_last: set[int] = set()

    def play(self, path: Path, opponent: str, games: int, seed: int, budget: str,
             jobs: int = 1, subject: str = SUBJECT) -> None:
        """The lab's games of Hard (seated as `subject`) against `opponent` on one map, in
        `jobs` processes."""
        plan = Plan((load_map(path),), ((subject, opponent),), games, seed, budget=budget)
        self.add_all(play_all(tasks(plan), jobs))

    def add_all(self, studies: list[Blunders]) -> None:
        for other in studies:
            self.counts.update(other.counts)
            self.record.update(other.record)

    def play_task(self, task: Task) -> None:
        gm = _parsed(task.map_text, task.source)
        self._team = "1" if task.game_index % 2 == 0 else "2"  # Hard is the pairing's first
        self._turn_start()
        result = play_match(gm, task.bots, task.seed, task.max_rounds,
                            budget=steps_budget(task.budget), before_action=self._before,
                            on_events=self._after)
        self._game = None  # a study goes back to the parent process without its last game
        self.record["wins" if result.winner == self._team else
                    "draws" if result.winner == DRAW else "losses"] += 1

    def _turn_start(self) -> None:
        self._chances: set[int] = set()  # units that could have been out of sight this turn
        self._danger: set[int] = set()  # those of them that stood in sight
        self._charging_moved: set[int] = set()
        self._walked_on: dict[int, bool] = {}  # laser off onto a base: an unseen one in reach?
        self._fired: set[int] = set()
        self._acted = False

    def _before(self, game: Game, action: Action) -> None:
        self._game = game  # the game itself, which `_after` reads once the action is applied
        self._units = {u.id: u for u in game.units}
        if game.active_team != self._team:
            return
        for u in game.units:
            if u.team != self._team or u.laser != DEACTIVATED:
                continue
            if not armed_sees(game, u.team, u.pos):
                self._chances.add(u.id)
            elif u.ap and game.what_if.can_move(u) and could_escape(game, u):
                self._chances.add(u.id)
                self._danger.add(u.id)
        if isinstance(action, Fire):
            self._shot(game, action)
            self._fired.add(action.unit_id)
        elif isinstance(action, Move):
            unit = game.unit(action.unit_id)
            if unit.laser == CHARGING:
                self._charging_moved.add(action.unit_id)
            elif unit.laser == DEACTIVATED and game.map.base_serves(action.to, unit.team):
                self._walked_on[unit.id] = unseen_base_in_reach(game, unit)
        else:
            self._turn_end(game)
            self._turn_start()
            return
        self._acted = True

    def _after(self, events) -> None:
        """Count the points conceded and scored: a hit unit stays where it stood (RULES §6)."""
        for event in events:
            if not (isinstance(event, Shot) and event.hit):
                continue
            # A unit the action took off the board (disqualified: its team has no base, RULES
            # §5) is as it stood before the action: no base serves it, wherever it stood.
            shooter = self._game.unit(event.shooter) or self._units[event.shooter]
            if shooter.team == self._team:
                self.counts["scored"] += 1
                if self._game.map.base_serves(shooter.pos, shooter.team):
                    self.counts["scored from a base"] += 1
            target = self._game.unit(event.target) or self._units[event.target]
            if target.team != self._team:
                continue
            self.counts["conceded"] += 1
            if self._game.map.base_serves(target.pos, target.team):
                self.counts["conceded on a base"] += 1
                self._base_point(target)

    def _base_point(self, target: Unit) -> None:
        """Count how a point conceded on a base arose (the module's docstring)."""
        c = self.counts
        if self._game.active_team == self._team:
            c["base: in own turn"] += 1
        elif target.id in self._arrived:
            seen, unseen_in_reach = self._arrived[target.id]
            c["base: walked"] += 1
            c["base: walked, seen"] += seen
            c["base: walked, unseen in reach"] += unseen_in_reach
        elif target.id in self._fired_last:
            c["base: fired"] += 1
        else:
            c["base: stood"] += 1

    def base_trap(self) -> float:
        """The share of the points conceded that were scored on a base (0 when none was)."""
        conceded = self.counts["conceded"]
        return self.counts["conceded on a base"] / conceded if conceded else 0.0

    def _shot(self, game: Game, action: Fire) -> None:
        odds = game.what_if.to_hit(game.unit(action.unit_id), game.unit(action.target_id))
        self.counts["shots"] += 1
        if (float(odds.probability) < POOR
                and any(name == "target in cover" for name, _ in odds.modifiers)):
            self.counts["poor shots into cover"] += 1

    def _turn_end(self, game: Game) -> None:
        team = self._team
        ours = [u for u in game.units if u.team == team]
        # Units that walked onto a base with their lasers off and ended the turn there: whether
        # an armed enemy saw the tile then, and whether an unseen base tile was in reach.
        self._arrived = {u.id: (bool(armed_sees(game, team, u.pos)), self._walked_on[u.id])
                         for u in ours if u.id in self._walked_on
                         and game.map.base_serves(u.pos, team)}
        self._fired_last = set(self._fired)
        self.counts["turns"] += 1
        self.counts["left in sight: chances"] += len(self._chances)
        self.counts["left in sight: in danger"] += len(self._danger)
        self.counts["left in sight: misses"] += sum(
            1 for u in ours
            if u.id in self._chances and u.laser == DEACTIVATED and armed_sees(game, team, u.pos))
        bases = set(game.map.usable_bases(team))
        self.counts["off base and back"] += sum(
            1 for u in ours if u.id in self._charging_moved and u.pos in bases)
        watching = any(u.laser != DEACTIVATED and not u.fired and u.ap for u in ours)
        if not watching and self._could_walk_into_view(game, ours):
            self.counts["no watch"] += 1
        for u in ours:
            seers = armed_sees(game, team, u.pos) if u.laser != DEACTIVATED else []
            if seers:
                self.counts["in sight at turn end"] += 1
                if not any(any(n == "target in cover"
                               for n, _ in game.what_if.to_hit(e, u).modifiers) for e in seers):
                    self.counts["open to fire"] += 1
        lead = game.scores[team] - sum(s for t, s in game.scores.items() if t != team)
        armed = Counter(u.team == team for u in game.units if u.laser != DEACTIVATED)
        if not self._acted and lead >= 2 and armed[True] > armed[False]:
            self.counts["idle while ahead"] += 1

    @staticmethod
    def _could_walk_into_view(game: Game, ours: list[Unit]) -> bool:
        sees = game.map.visibility.sees
        for e in game.units:
            if e.team == ours[0].team or e.laser == DEACTIVATED:
                continue
            tiles = {e.pos, *game.what_if.reachable(e)}
            if any(sees(t, u.pos) for t in tiles for u in ours):
                return True
        return False

    def report(self) -> str:
        c, r = self.counts, self.record
        chances, misses = c["left in sight: chances"], c["left in sight: misses"]
        share = misses / chances if chances else 0.0
        decided = r["wins"] + r["losses"]
        lines = [
            f"  Hard: {r['wins']} wins, {r['losses']} losses, {r['draws']} draws"
            + (f" ({r['wins'] / decided:.1%} of decided games)" if decided else ""),
            f"  left in sight: {misses} of {chances} chances ({share:.1%}; target <= {TARGET:.0%}:"
            f" {'met' if share <= TARGET else 'NOT met'}); {c['left in sight: in danger']} of the"
            " chances in danger",
            f"  off base and back: {c['off base and back']} in {c['turns']} turns",
            f"  no watch: {c['no watch']} of {c['turns']} turns",
            f"  poor shots into cover: {c['poor shots into cover']} of {c['shots']} shots",
            f"  open to fire: {c['open to fire']} of {c['in sight at turn end']} units ending a"
            " turn in sight",
            f"  idle while ahead: {c['idle while ahead']} turns",
            f"  base trap: {c['conceded on a base']} of {c['conceded']} points conceded on a base"
            f" ({self.base_trap():.1%}; target <= {BASE_TRAP_TARGET:.0%}:"
            f" {'met' if self.base_trap() <= BASE_TRAP_TARGET else 'NOT met'})",
            f"  of those in the enemy's turn: {c['base: walked']} on a unit that had"
            f" walked there laser off ({c['base: walked, seen']}"
            " in an armed enemy's sight as Hard's turn ended,"
            f" {c['base: walked, unseen in reach']} with an unseen base"
            f" tile in reach), {c['base: fired']} on one that had fired from it,"
            f" {c['base: stood']} otherwise; {c['base: in own turn']} in Hard's turn",
            f"  scored from a base: {c['scored from a base']} of {c['scored']} points scored",
        ]
        return "\n".join(lines)


@cache
def _parsed(text: str, source: str):
    return parse_map(json.loads(text), source)


def study(task: Task) -> Blunders:
    """One game's counts (a worker process's job)."""
    one = Blunders()
    one.play_task(task)
    return one


def play_all(todo, jobs: int) -> list[Blunders]:
    """Each task's counts, in task order, from `jobs` processes (or this one)."""
    return study_map(study, todo, jobs)


def opponents(text: str) -> list[str]:
    """OPPONENT,...: the bots Hard plays, each one make_bot seats; ValueError names them."""
    return [bot_name(name) for name in text.split(",")]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=positive, default=4, metavar="GAMES_PER_MAP",
                        help="games per map and opponent (default 4)")
    parser.add_argument("seed", nargs="?", type=int, default=1, metavar="SEED",
                        help="the lab's seed (default 1)")
    parser.add_argument("opponents", nargs="?", type=argument_type(opponents),
                        default=list(OPPONENTS), metavar="OPPONENT,...",
                        help=f"Hard's opponents (default {','.join(OPPONENTS)})")
    parser.add_argument("budget", nargs="?", type=argument_type(budget_text),
                        default="steps:150", metavar="steps:N",
                        help="Hard's search budget (default steps:150, the lab's)")
    parser.add_argument("maps", nargs="*", type=argument_type(readable_map), metavar="MAP",
                        help="map files or maps' names (default: every bundled map)")
    parser.add_argument("--hard", type=argument_type(bot_name), default=SUBJECT, metavar="NAME",
                        help=f"the Hard counted, e.g. {WEIGHTED}FILE (default {SUBJECT})")
    args = parser.parse_args(argv)
    games, seed, budget = args.games, args.seed, args.budget
    maps = args.maps or sorted((ROOT / "maps").glob("*.json"))
    total = Blunders()
    for opponent in args.opponents:
        study = Blunders()
        for path in maps:
            study.play(path, opponent, games, seed, budget, subject=args.hard)
        print(f"{args.hard} vs {opponent}: {games} games a map on {len(maps)} maps, seed {seed},"
              f" {budget}")
        print(study.report(), flush=True)
        total.counts.update(study.counts)
        total.record.update(study.record)
    print(f"all: {sum(total.record.values())} games")
    print(total.report())


if __name__ == "__main__":
    main()
