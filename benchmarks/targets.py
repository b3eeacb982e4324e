"""Every target of Hard's tactics, the maps' round limits and their fairness, with its figure.

Sections (give their names to run some; default all):
- zoo: Hard against each scripted style of the zoo on every bundled map (targets: >= 90% of
  decided games on every map, >= 95% against the rusher), and Hard's blunders over those games
  (benchmarks/blunders.py; target: a unit whose laser is off left in an armed enemy's sight in
  <= 1% of the chances to get it out, over >= 200 games).
- population: Hard against held-out draws of the population of styles (`style:N`, N odd:
  bots/style.py), `--draws K` of them from `--draw-from N` on, on every bundled map, sides
  swapped (targets: >= 85% of decided games overall and >= 75% on every map), and the base trap
  over those games (benchmarks/blunders.py: the share of the points Hard concedes that are
  scored on a unit standing on its own base; target <= 15%). `--tuning` plays the tuning half
  (N even) instead, for tuning on.
- draws: how strong the population is: the planner (Normal) against `--draws K` held-out
  draws (or `--tuning` ones) on every map, sides swapped, next to what it scored against the
  outside players the issue measured (no target: the draws are as strong as the outside cautious
  and sharp players when the planner's share against them is near theirs).
- planner: Hard against the planner (Normal) on every map, >= 400 games (target: >= 65% of
  decided games, the lower end of the 95% interval >= 60%).
- levels: Normal against Easy (target: the lower end of the 95% interval above 55%).
- mirrors: every standard mirror pairing on every map (`lab.STYLES`): team 1's rate with its
  interval (target: the interval overlaps 40-60% and the rate lies inside), the games ended
  undecided (target: <= 5% capped or drawn at the turn limit), and Hard-Hard's mean length
  (target: 8-25 rounds).
- badges: the badges' target for the population, on every bundled map: the mirrors of the zoo's
  styles and of `--draws K` held-out draws from `--draw-from N`, each fair as in mirrors and
  none with more than 5% of its games undecided, and whether each map's badge is stale.
Hard plays at the lab's budget (`steps:150`) in zoo, population, planner and levels, and at the
badges' `steps:40` in mirrors, as `make badges` measures.
Every lab run plays all its games (`--fixed`), so the counts are the games asked for.
Run: .venv/bin/python benchmarks/targets.py [SECTION...] [--games N] [--seed S] [--jobs J]
     [--mirrors STYLE,...] [--draws K] [--draw-from N]
     (--games: per map and pairing; defaults zoo 10, population 4, draws 4, planner 58,
     levels 58, mirrors 200, badges 200)
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import time
from pathlib import Path

import blunders

from laser_flag.bots import ZOO
from laser_flag.bots.style import draws
from laser_flag.engine import load_map
from laser_flag.lab import STYLES, badge
from laser_flag.lab.games import Plan, Task, tasks
from laser_flag.lab.pairings import is_mirror, label
from laser_flag.lab.stats import rate
from laser_flag.tools import balance
from laser_flag.tools.cli import positive

ROOT = Path(__file__).resolve().parents[1]
MAPS = sorted((ROOT / "maps").glob("*.json"))
DEFAULT_GAMES = {"zoo": 10, "population": 4, "draws": 4, "planner": 58, "levels": 58,
                 "mirrors": 200, "badges": 200}
LAB_BUDGET, BADGE_BUDGET = "steps:150", "steps:40"
ZOO_TARGET, RUSHER_TARGET, STRENGTH_FLOOR = 0.90, 0.95, 0.55
# Hard against the planner: at least this share of decided games, the interval's lower end at
# least this too.
PLANNER_TARGET = (0.65, 0.60)
POPULATION_TARGET, POPULATION_MAP_TARGET = 0.85, 0.75
FAIR, STALL, LENGTH = (0.40, 0.60), 0.05, (8, 25)
# The planner's share of decided games against the outside players (0.19.3's bots, 4 maps).
OUTSIDE = {"beginner": 0.79, "cautious": 0.55, "sharp": 0.56}


def _pct(r: dict) -> str:
    if r["win_rate"] is None:
        return "-"
    low, high = r["interval"]
    return f"{r['win_rate']:.1%} [{low:.1%}-{high:.1%}]"


def _met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def lab(*argv: str) -> dict:
    """The lab's JSON report for these arguments."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert balance.main([*argv, "--json"]) == 0
    return json.loads(out.getvalue())


def studied(opponents: list[str], games: int, seed: int,
            jobs: int) -> dict[tuple[str, str], blunders.Blunders]:
    """Hard's games against each opponent on every map, counted by (map, opponent)."""
    gms = tuple(load_map(p) for p in MAPS)
    plan = Plan(gms, tuple(("hard", o) for o in opponents), games, seed, budget=LAB_BUDGET)
    todo = list(tasks(plan))
    studies: dict[tuple[str, str], blunders.Blunders] = {}
    for task, one in zip(todo, blunders.play_all(todo, jobs), strict=True):
        key = (Path(gms[task.map_index].source).stem, _opponent(task))
        studies.setdefault(key, blunders.Blunders()).add_all([one])
    return studies


def _opponent(task: Task) -> str:
    return task.bots[1] if task.bots[0] == "hard" else task.bots[0]


def _summed(studies: list[blunders.Blunders]) -> blunders.Blunders:
    total = blunders.Blunders()
    total.add_all(studies)
    return total


def zoo(games: int, seed: int, jobs: int) -> None:
    print(f"zoo: Hard ({LAB_BUDGET}) against each style, {games} games a map and style,"
          f" seed {seed}")
    studies = studied(list(ZOO), games, seed, jobs)
    weakest = {style: 1.0 for style in ZOO}
    print(f"  {'map':10}" + "".join(f"{s:>26}" for s in ZOO))
    for path in MAPS:
        cells = []
        for style in ZOO:
            r = studies[path.stem, style].record
            won = rate(r["wins"], r["losses"])
            share = won["win_rate"] if won["win_rate"] is not None else 0.0
            weakest[style] = min(weakest[style], share)
            cells.append(f"{_pct(won):>26}")
        print(f"  {path.stem:10}" + "".join(cells))
    low = min(weakest.values())
    print(f"  target >= {ZOO_TARGET:.0%} on every map and style: {_met(low >= ZOO_TARGET)}"
          f" (weakest {low:.1%})")
    print(f"  target against the rusher >= {RUSHER_TARGET:.0%} on every map: "
          f"{_met(weakest['rusher'] >= RUSHER_TARGET)} (weakest {weakest['rusher']:.1%})")
    total = _summed(list(studies.values()))
    print(f"  blunders over all {sum(total.record.values())} games:")
    print(total.report())


def population(games: int, seed: int, jobs: int, count: int, first: int,
               tuning: bool = False) -> None:
    names = draws(count, held=not tuning, start=first)
    half = "tuning" if tuning else "held-out"
    print(f"population: Hard ({LAB_BUDGET}) against {count} {half} draws ({', '.join(names)}),"
          f" {games} games a map and draw, seed {seed}")
    studies = studied(names, games, seed, jobs)
    weakest = 1.0
    for path in MAPS:
        one = _summed([studies[path.stem, n] for n in names])
        won = _won(one)
        weakest = min(weakest, won["win_rate"] if won["win_rate"] is not None else 0.0)
        print(f"  {path.stem:10} {_record(one)} {_pct(won):22} base trap"
              f" {one.counts['conceded on a base']} of {one.counts['conceded']}, scored from a"
              f" base {one.counts['scored from a base']} of {one.counts['scored']}")
    total = _summed(list(studies.values()))
    overall = _won(total)["win_rate"] or 0.0
    print(f"  {'overall':10} {_record(total)} {_pct(_won(total))}")
    print(f"  target >= {POPULATION_TARGET:.0%} overall: {_met(overall >= POPULATION_TARGET)};"
          f" >= {POPULATION_MAP_TARGET:.0%} on every map: {_met(weakest >= POPULATION_MAP_TARGET)}"
          f" (weakest {weakest:.1%})")
    trap = total.base_trap()
    print(f"  base trap: {total.counts['conceded on a base']} of {total.counts['conceded']}"
          f" points conceded on a base ({trap:.1%}); target <= {blunders.BASE_TRAP_TARGET:.0%}:"
          f" {_met(trap <= blunders.BASE_TRAP_TARGET)}; scored from a base:"
          f" {total.counts['scored from a base']} of {total.counts['scored']}")
    for name in names:
        one = _summed([studies[p.stem, name] for p in MAPS])
        print(f"  {name:16} {_record(one)} {_pct(_won(one))}")


def population_strength(games: int, seed: int, jobs: int, count: int, first: int,
                        tuning: bool = False) -> None:
    names = draws(count, held=not tuning, start=first)
    args = [a for n in names for a in ("--bots", f"planner,{n}")]
    doc = lab(*map(str, MAPS), *args, "--games", str(games), "--fixed", "--jobs", str(jobs),
              "--seed", str(seed))
    rec = doc["bots_overall"]["planner"]
    print(f"draws: the planner against {count} {'tuning' if tuning else 'held-out'} draws,"
          f" {games} games a map and draw, seed {seed}")
    print(f"  planner: {rec['wins']}-{rec['losses']}, {rec['draws']} draws, {_pct(rec)};"
          " against the outside players " + ", ".join(f"{k} {v:.0%}" for k, v in OUTSIDE.items()))
    shares = sorted((1 - doc["bots_overall"][n]["win_rate"], n) for n in names
                    if doc["bots_overall"][n]["win_rate"] is not None)
    if shares:
        print(f"  the planner's share against each draw: median {shares[len(shares) // 2][0]:.1%},"
              f" hardest {shares[0][1]} {shares[0][0]:.1%}, easiest {shares[-1][1]}"
              f" {shares[-1][0]:.1%}")


def _won(study: blunders.Blunders) -> dict:
    return rate(study.record["wins"], study.record["losses"])


def _record(study: blunders.Blunders) -> str:
    r = study.record
    return f"{r['wins']:4}-{r['losses']:<4} {r['draws']:3} draws"


def strength(section: str, pair: str, games: int, seed: int, jobs: int,
             target: tuple[float, float] = (0.0, STRENGTH_FLOOR)) -> None:
    """`pair`'s first bot's share of decided games on every map; the target is a share and a
    lower end of its interval, both to be reached."""
    doc = lab(*map(str, MAPS), "--bots", pair, "--games", str(games), "--fixed",
              "--jobs", str(jobs), "--seed", str(seed), "--budget", LAB_BUDGET)
    first = pair.split(",")[0]
    rec = doc["bots_overall"][first]
    low = rec["interval"][0]
    print(f"{section}: {pair}, {games} games a map ({games * len(MAPS)} in all), seed {seed},"
          f" Hard at {LAB_BUDGET}")
    share, floor = target
    wanted = f">= {share:.0%}, lower end >= {floor:.0%}" if share else f"lower end > {floor:.0%}"
    met = (rec["win_rate"] or 0.0) >= share and low >= floor if share else low > floor
    print(f"  {first}: {rec['wins']} wins, {rec['losses']} losses, {rec['draws']} draws,"
          f" {_pct(rec)}; target {wanted}: {_met(met)}")
    print("  " + ", ".join(f"{Path(m['map']).stem} {m['bots'][first]['win_rate']:.1%}"
                           for m in doc["maps"]))


def _mirror(m: dict) -> tuple[bool, bool]:
    """Print one mirror row of a lab report; say whether it is fair by the targets' wording (the
    interval overlaps 40-60% and the rate lies inside) and whether it stalls (more than 5% of
    its games capped or drawn at the round limit)."""
    r = {"win_rate": m["team1_win_rate"], "interval": m["team1_interval"]}
    fair = (r["win_rate"] is not None and FAIR[0] <= r["win_rate"] <= FAIR[1]
            and r["interval"][0] <= FAIR[1] and r["interval"][1] >= FAIR[0])
    undecided = (m["capped"] + m["limit_draws"]) / m["games"]
    print(f"  {Path(m['map']).stem:10} {label(m['pairing']):24} team 1 {_pct(r):22}"
          f" {'fair' if fair else 'NOT fair':8} {m['mean_rounds']:5.1f} rounds,"
          f" {m['capped']} capped, {m['limit_draws']} limit draws ({undecided:.1%})")
    return fair, undecided > STALL


def mirrors(games: int, seed: int, jobs: int, styles: list[str] | None = None) -> None:
    pairs = [p for p in STYLES if is_mirror(p) and (not styles or p[0] in styles)]
    print(f"mirrors: {', '.join(map(label, pairs))}, {games} games a map and pairing,"
          f" seed {seed}, Hard at {BADGE_BUDGET}")
    args = [a for p in pairs for a in ("--bots", ",".join(p))]
    doc = lab(*map(str, MAPS), *args, "--games", str(games), "--fixed",
              "--jobs", str(jobs), "--seed", str(seed), "--budget", BADGE_BUDGET)
    fair_all = stall_all = True
    length_all: bool | None = None  # None: Hard-Hard not played
    for m in doc["maps"]:
        fair, stalls = _mirror(m)
        fair_all &= fair
        stall_all &= not stalls
        if m["pairing"] == ["hard", "hard"]:
            length_all = (length_all is not False
                          and LENGTH[0] <= m["mean_rounds"] <= LENGTH[1])
    print(f"  target every map fair in every mirror: {_met(fair_all)}")
    print(f"  target <= {STALL:.0%} of any mirror's games undecided: {_met(stall_all)}")
    print(f"  target Hard-Hard mean length {LENGTH[0]}-{LENGTH[1]} rounds on every map:"
          f" {'not measured' if length_all is None else _met(length_all)}")


def badges(games: int, seed: int, jobs: int, count: int, first: int) -> None:
    names = [*ZOO, *draws(count, held=True, start=first)]
    print(f"badges: the mirrors of {', '.join(names)}, {games} games a map and mirror,"
          f" seed {seed}")
    args = [a for n in names for a in ("--bots", f"{n},{n}")]
    doc = lab(*map(str, MAPS), *args, "--games", str(games), "--fixed", "--jobs", str(jobs),
              "--seed", str(seed))
    badge_table(doc["maps"])


def badge_table(rows: list[dict]) -> None:
    """Print the lab report's mirror rows map by map, each map's verdict on the badges' target
    and what its badge says today (a badge measured before the map or the bots changed is
    stale)."""
    met = []
    for path in MAPS:
        looks = [_mirror(m) for m in rows if Path(m["map"]).stem == path.stem]
        unfair = sum(not fair for fair, _ in looks)
        stalled = sum(stalls for _, stalls in looks)
        ok = bool(looks) and not unfair and not stalled
        met.append(ok)
        print(f"  {path.stem}: {_met(ok)} ({unfair} of {len(looks)} mirrors not fair,"
              f" {stalled} stall); badge {badge.status(load_map(path)).text}")
    print(f"  target every map fair in every mirror, none stalling: {_met(all(met))}"
          f" ({sum(met)} of {len(met)} maps)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sections", nargs="*", help=f"some of {', '.join(DEFAULT_GAMES)}")
    parser.add_argument("--games", type=int)
    parser.add_argument("--seed", type=int, default=3301)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--mirrors", type=lambda t: t.split(","), metavar="STYLE,...",
                        help="mirrors: only these styles' mirrors (default every standard style)")
    parser.add_argument("--draws", type=positive, default=8, metavar="K",
                        help="population, draws and badges: how many held-out draws (default 8)")
    parser.add_argument("--draw-from", type=int, default=1, metavar="N",
                        help="population, draws and badges: the first held-out draw N or after"
                             " (default 1)")
    parser.add_argument("--tuning", action="store_true",
                        help="population and draws: draws of the tuning half instead, to tune"
                             " on (every figure reported is the held-out half's)")
    args = parser.parse_args()
    if args.draw_from < 0:
        parser.error(f"--draw-from: a draw is style:N for N from 0, not {args.draw_from}")
    unknown = set(args.sections) - set(DEFAULT_GAMES)
    if unknown:
        parser.error(f"unknown sections {sorted(unknown)}: choose from {', '.join(DEFAULT_GAMES)}")
    for section in args.sections or DEFAULT_GAMES:
        start = time.perf_counter()
        games = args.games or DEFAULT_GAMES[section]
        if section == "zoo":
            zoo(games, args.seed, args.jobs)
        elif section == "population":
            population(games, args.seed, args.jobs, args.draws, args.draw_from, args.tuning)
        elif section == "draws":
            population_strength(games, args.seed, args.jobs, args.draws, args.draw_from,
                                args.tuning)
        elif section == "planner":
            strength(section, "hard,planner", games, args.seed, args.jobs, PLANNER_TARGET)
        elif section == "levels":
            strength(section, "planner,greedy", games, args.seed, args.jobs)
        elif section == "badges":
            badges(games, args.seed, args.jobs, args.draws, args.draw_from)
        else:
            mirrors(games, args.seed, args.jobs, args.mirrors)
        print(f"  ({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
