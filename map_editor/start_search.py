"""Starting tiles that bring a map nearer fair for every style measured, found by measuring
(no Tk).

Team 2 begins holding its snap shots (RULES §6), and a style that walks in (the rusher, the
hunter) walks into them, so a mirror of such a style is the pairing a map's starting tiles most
often fail. This tries them for you: each step measures every one-tile move of a starting unit
(on both halves of a symmetric map, as the Balance panel's suggestions do) with each measured
style's mirror (`--mirrors`, the rusher's by default; the zoo's styles and draws of the
population's tuning half, `style:N` with N even) on the first seed, measures the few best
again on every seed, and keeps the best when, on every seed together, its worst mirror is
nearer 50% than the map's as it stands and no mirror of a zoo style whose rate lies in the
fair band (40-60%) on the map as it stands leaves it: a move that mends one style by breaking
another is no better, even when the style it breaks stays nearer 50% than the worst one. The
population's draws are not guarded so: they stand in for the held-out draws, which are judged by
how many are fair, and with a dozen of them near the band's edges no step would keep all.
With `--limits` each team's score limit one up or down is tried beside the moves.
With `--cover` one tile of floor turned into cover, or of cover into floor, on the team's
approach to the enemy (`approach.approach_tiles`: its shortest walks' first half, in the
enemy's sight) is tried as well: terrain there changes the first moves of a side that walks in
more than those of a side that stays in its cover. It stops when no move helps or after
`--steps` steps. Several seeds, because one seed's games flatter a layout as often as not.

Run: .venv/bin/python -m map_editor.start_search maps/bastion.json --team 2 --out /tmp/b.json
It prints each step; with --out the best map is written there (the input file is left alone).
Rusher games are cheap (about 0.1 s each), the turtle's and the hunter's a few times dearer;
check Hard against Hard with laser-flag-balance after.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from laser_flag.bots import ZOO
from laser_flag.bots.style import PREFIX, held_out, style_number
from laser_flag.engine.mapfile import MapError, load_map, parse_map, save_map
from laser_flag.i18n import _
from laser_flag.lab import Pairing
from laser_flag.lab.executors import local
from laser_flag.lab.games import Plan
from laser_flag.lab.report import rows
from laser_flag.lab.run import play_plan, workers
from laser_flag.lab.verdict import FAIR_BAND
from laser_flag.tools.cli import argument_type, positive

from .balance_run import pooled
from .document import MapDocument
from .suggestions import Tweak, cover_steps, score_limit_steps, start_moves

RUSHERS: tuple[Pairing, ...] = (("rusher", "rusher"),)
Rates = tuple[float | None, ...]  # team 1's rate in each measured mirror, None: none decided


@dataclass(frozen=True)
class Trial:
    """A candidate map (its JSON object), what changed to make it, and team 1's pooled rate in
    each measured mirror (`games` games each)."""

    label: str
    data: dict[str, Any]
    rates: Rates
    games: int

    @property
    def distance(self) -> float:
        """How far from fair: the worst mirror's |rate - 50%|; a mirror with no decided game
        is farthest."""
        return max((1.0 if r is None else abs(r - 0.5) for r in self.rates), default=1.0)

    def fair(self) -> frozenset[int]:
        """The mirrors (by index) whose rate lies in the fair band."""
        low, high = FAIR_BAND
        return frozenset(i for i, r in enumerate(self.rates) if r is not None and low <= r <= high)

    def keeps_fair(self, before: Trial, guarded: frozenset[int]) -> bool:
        """Whether every mirror of `guarded` (by index) fair in `before` is fair here too."""
        return before.fair() & guarded <= self.fair()

    def line(self) -> str:
        shown = " ".join("    -" if r is None else f"{r * 100:5.1f}%" for r in self.rates)
        return _("{shown} over {games} games each  {label}").format(
            shown=shown, games=self.games, label=self.label)


def measure(maps: Sequence[dict[str, Any]], games: int, seeds: Sequence[int], jobs: int = 1,
            pairings: Sequence[Pairing] = RUSHERS) -> list[tuple[Rates, int]]:
    """Team 1's win rate in each of `pairings` on each map over `games` games a seed and
    pairing, every seed pooled, with the number of games each pairing played."""
    parsed = tuple(parse_map(m, _("candidate {i}").format(i=i)) for i, m in enumerate(maps))
    per_cell: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for seed in seeds:
        plan = Plan(parsed, tuple(pairings), games, seed)
        played = play_plan(plan, local(workers(plan, jobs))).tallies
        for n, row in enumerate(rows(plan, played)):  # map by map, pairing by pairing
            per_cell.setdefault(divmod(n, len(pairings)), []).append(row)
    return [(tuple(pooled(per_cell[i, p])[0] for p in range(len(pairings))), games * len(seeds))
            for i in range(len(maps))]


def starts_in_sight(data: dict[str, Any]) -> bool:
    """Whether some unit starts in sight of an enemy: team 1 would have a free first shot."""
    gm = parse_map(data, "candidate")
    team_1 = [u.pos for u in gm.units if u.team == "1"]
    team_2 = [u.pos for u in gm.units if u.team == "2"]
    return any(gm.visibility.sees(a, b) for a in team_1 for b in team_2)


def candidates(data: dict[str, Any], team: str | None, limits: bool = False,
               cover: bool = False) -> list[Tweak]:
    """Every playable one-tile start move, each once (on a symmetric map a unit and its image
    give the same move), none putting a unit in sight of an enemy on a map where none starts in
    sight; with `team`, only moves of that team's units, alone: the side that moves first and
    the side that watches first are not each other's image, so a mirrored move can not mend
    what the order of play does to one side. With `limits`, each team's score limit one up and
    one down as well; with `cover`, each tile of `cover_steps` toggled."""
    seen, found = set(), []
    out_of_sight = not starts_in_sight(data)  # and so it stays; a map in sight already is free
    doc = MapDocument(data)
    for tweak in [*start_moves(doc, team), *(score_limit_steps(doc) if limits else []),
                  *(cover_steps(doc, team) if cover else [])]:
        key = json.dumps({k: sorted(v) if k == "units" else v for k, v in tweak.values.items()},
                         sort_keys=True)
        if key not in seen and not (out_of_sight and starts_in_sight(tweak.applied_to(data))):
            seen.add(key)
            found.append(tweak)
    return found


def step(current: Trial, team: str | None, games: int, seeds: Sequence[int], keep: int,
         jobs: int = 1, pairings: Sequence[Pairing] = RUSHERS,
         limits: bool = False, cover: bool = False) -> Trial | None:
    """The best one-step change from `current` (screened on the first seed, the `keep` best
    of those that keep `current`'s fair zoo mirrors fair measured on all), or None when none is
    nearer fair on all seeds than `current` and keeps its fair zoo mirrors fair there."""
    moves = candidates(current.data, team, limits, cover)
    if not moves:
        return None
    guarded = frozenset(i for i, (style, _) in enumerate(pairings) if style in ZOO)
    maps = [t.applied_to(current.data) for t in moves]
    screened = [Trial(t.label, m, rates, n) for t, m, (rates, n)
                in zip(moves, maps, measure(maps, games, seeds[:1], jobs, pairings),
                       strict=True)]
    kept = [t for t in screened if t.keeps_fair(current, guarded)]
    best = sorted(kept, key=lambda t: t.distance)[:keep]
    if not best:
        return None
    again = measure([t.data for t in best], games, seeds, jobs, pairings)
    finals = [Trial(t.label, t.data, rates, n) for t, (rates, n)
              in zip(best, again, strict=True)]
    winner = min((t for t in finals if t.keeps_fair(current, guarded)), key=lambda t: t.distance,
                 default=None)
    return winner if winner is not None and winner.distance < current.distance else None


def search(data: dict[str, Any], team: str | None, games: int, seeds: Sequence[int],
           keep: int, steps: int, jobs: int = 1, say=print,
           pairings: Sequence[Pairing] = RUSHERS, limits: bool = False,
           cover: bool = False) -> Trial:
    """Greedy steps from the map as it is; the best map found (the map itself if none helps)."""
    rates, n = measure([data], games, seeds, jobs, pairings)[0]
    current = Trial(_("as it is"), data, rates, n)
    say(_("mirrors: {join}").format(join=', '.join(p[0] for p in pairings)))
    say(_("start: {line}").format(line=current.line()))
    labels = []
    for number in range(1, steps + 1):
        better = step(current, team, games, seeds, keep, jobs, pairings, limits, cover)
        if better is None:
            say(_("step {number}: in every mirror, no one-tile move brings team 1 nearer "
                  "50%").format(number=number))
            break
        labels.append(better.label)
        current = Trial("; ".join(labels), better.data, better.rates, better.games)
        say(_("step {number}: {line}").format(number=number, line=better.line()))
    return current


def seeds_list(text: str) -> list[int]:
    """`3,5,11` as seeds; ValueError (argparse's one-line error) when it is not that."""
    parts = text.split(",")
    if not all(p.isdigit() and len(p) <= 9 for p in parts):
        raise ValueError(f"{text!r}: seeds are whole numbers, e.g. 3,5,11")
    return [int(p) for p in parts]


def mirrors(text: str) -> tuple[Pairing, ...]:
    """`rusher,style:1002` as those styles' mirror pairings: the zoo's styles and draws of the
    population's tuning half; ValueError naming an unknown style or a held-out draw, which a
    search must never see (the held-out half is what judges the maps it finds)."""
    names = text.split(",")
    numbers = [style_number(n) for n in names]
    if not text or any(n not in ZOO and k is None for n, k in zip(names, numbers, strict=True)):
        raise ValueError(f"{text!r}: styles are some of {','.join(ZOO)} or {PREFIX}N")
    held = [n for n, k in zip(names, numbers, strict=True) if k is not None and held_out(k)]
    if held:
        raise ValueError(f"{text!r}: {', '.join(held)} held out (N odd); search on draws "
                         f"with N even")
    return tuple((n, n) for n in dict.fromkeys(names))


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m map_editor.start_search",
                                description="Try starting tiles that make a map fairer in "
                                            "every measured style's mirror.")
    p.add_argument("map", help="the map file to start from (never modified)")
    p.add_argument("--team", choices=("1", "2"),
                   help="move only this team's units (a symmetric map's image units stay)")
    p.add_argument("--mirrors", type=argument_type(mirrors), default=RUSHERS,
                   metavar="STYLE,...", help=f"the styles whose mirrors measure each candidate, "
                                              f"some of {','.join(ZOO)} and tuning draws "
                                              f"{PREFIX}N, N even (default rusher)")
    p.add_argument("--limits", action="store_true",
                   help="try each team's score limit one up and one down as well")
    p.add_argument("--cover", action="store_true",
                   help="try turning one floor tile on the team's way to the enemy into cover, "
                        "or cover into floor, as well")
    p.add_argument("--games", type=positive, default=40,
                   help="games per seed, mirror and candidate (default 40)")
    p.add_argument("--seeds", type=argument_type(seeds_list), default=[3, 5, 11],
                   help="seeds, comma-separated; the first screens (default 3,5,11)")
    p.add_argument("--keep", type=positive, default=4,
                   help="candidates measured on every seed per step (default 4)")
    p.add_argument("--steps", type=positive, default=3,
                   help="most moves to make (default 3)")
    p.add_argument("--jobs", type=positive, default=1, help="worker processes")
    p.add_argument("--out", help="write the best map found here")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        data = load_map(args.map).to_json_dict()  # the bounded reader: never a pipe's wait
    except (OSError, ValueError, MapError) as e:
        print(f"{args.map}: {e}", file=sys.stderr)
        return 2
    best = search(data, args.team, args.games, args.seeds, args.keep, args.steps, args.jobs,
                  pairings=args.mirrors, limits=args.limits, cover=args.cover)
    if args.out:
        try:
            save_map(best.data, args.out)
        except OSError as e:
            print(f"{args.out}: {e.strerror or e}", file=sys.stderr)
            return 1
        print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
