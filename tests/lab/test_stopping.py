"""The stopping rule: looks at fixed game counts, a pairing stopped once its verdict is told,
the same games kept whatever order they end in, and error rates as docs/BALANCE_LOG.md states
them (a seeded simulation of the rule itself against benchmarks/stopping.py's exact figures)."""

from __future__ import annotations

import random
import runpy
from dataclasses import replace
from pathlib import Path

import pytest

from laser_flag.bots.match import MatchResult
from laser_flag.engine import load_map
from laser_flag.lab.games import GameRecord, Plan
from laser_flag.lab.hitmap import HitMap
from laser_flag.lab.stopping import CAP, DECIDED, FUTILE, Ledger, fair_chance, looks
from laser_flag.lab.verdict import FAIR, LEANS, UNDECIDED

ROOT = Path(__file__).resolve().parents[2]
DUEL = load_map(ROOT / "maps" / "duel.json")
EXACT = runpy.run_path(str(ROOT / "benchmarks" / "stopping.py"))["exact"]


def test_the_looks_come_at_fixed_counts_then_the_cap():
    assert looks(1000) == [16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1000]
    assert looks(16) == [16]
    assert looks(10) == [10]


def test_a_least_count_is_the_first_look():
    assert looks(600, least=200) == [200, 256, 384, 512, 600]
    assert looks(200, least=200) == [200]


RESULTS = {w: MatchResult(("a", "a"), w, "score", 3, (0, 0)) for w in ("1", "2")}
NO_HITS = HitMap()


def game(key: tuple[int, int, int], winner: str) -> GameRecord:
    return GameRecord(*key, RESULTS[winner], NO_HITS)


def play(plan: Plan, outcome, order: random.Random | None = None, ahead: int = 1) -> Ledger:
    """Feed a ledger the games it hands out, `outcome(m, p, i)` deciding each one's winner;
    `ahead` games are in play at once, ending in `order` (shuffled) or as handed out."""
    ledger = Ledger(plan)
    playing: list[tuple[int, int, int]] = []
    while not ledger.complete:
        playing += ledger.next_games(ahead - len(playing))
        assert playing, "the ledger handed out nothing, yet is not complete"
        index = order.randrange(len(playing)) if order else 0
        key = playing.pop(index)
        ledger.add(game(key, outcome(*key)))
    return ledger


def bernoulli(p: float, seed: int):
    """Each game's winner drawn once (the same whichever order it is asked for)."""
    draws: dict[tuple[int, int, int], str] = {}
    rng = random.Random(seed)

    def outcome(m: int, p_: int, i: int) -> str:
        key = (m, p_, i)
        if key not in draws:
            draws[key] = "1" if rng.random() < p else "2"
        return draws[key]
    return outcome


def two_pairings(games: int = 1000) -> Plan:
    return Plan((DUEL,), (("a", "a"), ("b", "b"), ("a", "b")), games, sequential=True)


def test_a_clear_lean_stops_the_whole_map_at_the_first_look():
    ledger = play(two_pairings(), lambda m, p, i: "1")  # team 1 wins everything
    assert ledger.limit == {(0, 0): 16, (0, 1): 16, (0, 2): 16}
    assert ledger.ended == [DECIDED] and ledger.verdict((0, 0)) == LEANS["1"]
    assert ledger.done == 48


def test_a_fair_pairing_stops_while_another_plays_on():
    """The first pairing alternates wins (fair at 96 games); the second is 60-40, which no
    look can tell from the band's edge: it and the mixed pairing play to the cap."""
    def outcome(m, p, i):
        if p == 0:
            return "12"[i % 2]
        return "1" if i % 5 < 3 else "2"

    ledger = play(two_pairings(400), outcome)
    assert ledger.limit == {(0, 0): 96, (0, 1): 400, (0, 2): 400}
    assert ledger.ended == [CAP] and ledger.verdict((0, 1)) == UNDECIDED


def test_a_fair_pairing_plays_the_least_count_before_it_stops():
    """Alternating wins are fair at 96 games, but a plan that asks for 200 plays them all."""
    plan = Plan((DUEL,), (("a", "a"),), 600, sequential=True, least=200)
    ledger = play(plan, lambda m, p, i: "12"[i % 2])
    assert ledger.limit == {(0, 0): 200} and ledger.verdict((0, 0)) == FAIR


@pytest.mark.parametrize(("seed", "futile"), [(0, 0.0), (1, 0.0), (2, 0.0), (3, 0.0),
                                               (0, 0.05), (1, 0.05), (2, 0.2), (3, 0.2)])
def test_the_same_games_are_kept_whatever_order_they_end_in(seed, futile):
    """Games ending out of order, several at once, as on many workers: the same stopping
    points and the same kept games as one at a time, in order (giving up on a map too)."""
    plan = Plan((DUEL, DUEL), (("a", "a"), ("b", "b")), 400, sequential=True, futile=futile)
    outcome = bernoulli(0.55, seed)
    alone = play(plan, outcome)
    crowd = play(plan, outcome, random.Random(seed), ahead=7)
    assert crowd.limit == alone.limit and crowd.ended == alone.ended
    assert crowd.tallies() == alone.tallies()


def test_the_chance_of_ending_fair_reads_the_counts_so_far():
    """At 200 decided games and 400 to come: a mirror at 50% very likely ends fair, one at 40%
    (the band's edge) seldom, one at 35% all but never; with no game to come the chance is the
    verdict itself. Nearer 50% is likelier, and so is more games to come for one off fair;
    the generator gives up below 5%, at 78 of 200 (39%) and not at 79."""
    assert fair_chance(100, 200, 400) > 0.95
    assert 0.05 < fair_chance(80, 200, 400) < 0.15
    assert fair_chance(78, 200, 400) < 0.05 < fair_chance(79, 200, 400)  # 39.0% and 39.5%
    assert fair_chance(70, 200, 400) < 0.001
    assert fair_chance(100, 200, 0) == 1.0 and fair_chance(80, 200, 0) == 0.0
    chances = [fair_chance(w, 200, 400) for w in range(60, 101)]
    assert chances == sorted(chances)
    assert fair_chance(80, 200, 400) == pytest.approx(fair_chance(120, 200, 400))  # either team
    assert fair_chance(80, 200, 88) < fair_chance(80, 200, 400)


def test_a_mirror_that_can_no_longer_end_fair_stops_the_map_at_its_look():
    """One mirror alternates wins (fair at 200 games), the other goes 3 to 5 (37.5%): today it
    straddles the band's edge to the cap; a plan that gives up stops the map at the first look,
    the mixed pairing with it. It does not give up at a look where the chance is kept."""
    def outcome(m, p, i):
        return "12"[i % 2] if p == 0 else ("1" if i % 8 < 3 else "2")

    plan = Plan((DUEL,), (("a", "a"), ("b", "b"), ("a", "b")), 600, sequential=True, least=200)
    today = play(plan, outcome)
    assert today.limit == {(0, 0): 200, (0, 1): 600, (0, 2): 600} and today.ended == [CAP]
    given_up = play(replace(plan, futile=0.05), outcome)
    assert given_up.limit == {(0, 0): 200, (0, 1): 200, (0, 2): 200}
    assert given_up.ended == [FUTILE] and given_up.verdict((0, 1)) == UNDECIDED
    assert fair_chance(75, 200, 400) < 0.05
    kept = play(replace(plan, futile=fair_chance(75, 200, 400)), outcome)  # not below it
    assert kept.limit[(0, 1)] > 200


def test_a_fixed_plan_plays_every_game():
    plan = Plan((DUEL,), (("a", "a"),), 40)
    assert play(plan, lambda m, p, i: "1").done == 40


def test_time_up_keeps_the_games_handed_out_and_no_more():
    ledger = Ledger(two_pairings())
    handed = ledger.next_games(5)
    ledger.stop_handing_out()
    assert ledger.next_games(5) == []
    for key in handed:
        ledger.add(game(key, "1"))
    assert ledger.complete and ledger.done == 5 and ledger.ended == [None]


RUNS = 300  # simulated pairings per true rate: seconds each, errors within a few points


@pytest.mark.slow
@pytest.mark.parametrize("p", [0.5, 0.45, 0.4, 0.35])
def test_the_error_rates_match_the_exact_figures(p):
    """Seeded pairings played through the real Ledger are called fair, leaning or undecided
    as often as benchmarks/stopping.py computes (and docs/BALANCE_LOG.md states), within four
    standard errors; the mean games likewise."""
    plan = Plan((DUEL,), (("a", "a"),), 1000, sequential=True)
    told = {FAIR: 0, "lean": 0, UNDECIDED: 0}
    games = 0
    for seed in range(RUNS):
        ledger = play(plan, bernoulli(p, seed))
        word = ledger.verdict((0, 0))
        told["lean" if word in LEANS.values() else word] += 1
        games += ledger.done
    expected = EXACT(p, 1000)
    for word, count in told.items():
        share, q = count / RUNS, expected[word]
        error = 4 * max(q * (1 - q), 1 / RUNS) ** 0.5 / RUNS**0.5
        assert abs(share - q) <= error, (word, share, q)
    assert abs(games / RUNS - expected["games"]) <= 0.1 * expected["games"]


def test_the_balance_log_quotes_the_exact_figures(capsys, monkeypatch):
    monkeypatch.setattr("sys.argv", ["stopping.py"])  # not pytest's own arguments
    runpy.run_path(str(ROOT / "benchmarks" / "stopping.py"), run_name="__main__")
    log = (ROOT / "docs" / "BALANCE_LOG.md").read_text(encoding="utf-8")
    for line in capsys.readouterr().out.splitlines()[1:]:
        assert line in log, line


@pytest.mark.parametrize("sequential", [True, False])
def test_the_games_held_one_by_one_stay_few_however_many_are_played(sequential):
    """However many games a run plays, the ledger holds a tally a pairing and, one by one, only
    games that ended ahead of one still in play or of a look: a few times the games in play,
    never a number that grows with the run (here 12,000 games on four workers)."""
    plan = Plan((DUEL, DUEL), (("a", "a"), ("a", "b")), 3000, sequential=sequential)
    ledger, order, ahead, workers = Ledger(plan), random.Random(5), 8, 4
    playing: list[tuple[int, int, int]] = []
    most = 0
    while not ledger.complete:
        playing += ledger.next_games(ahead - len(playing))
        key = playing.pop(order.randrange(min(workers, len(playing))))  # one of those playing
        ledger.add(game(key, "12"[order.randrange(2)]))
        most = max(most, sum(len(games) for games in ledger.held.values()))
    assert most <= 2 * ahead
    assert ledger.done == sum(t.games for t in ledger.tallies().values()) == ledger.total


def confirmations(p: tuple[float, ...], futile: float, runs: int) -> tuple[int, float]:
    """Maps of three mirrors truly at rates `p`, confirmed from 200 to 600 games a mirror as
    the generator does: how many are called fair, and the mean games a map."""
    plan = Plan((DUEL,), (("a", "a"), ("b", "b"), ("c", "c")), 600, sequential=True,
                least=200, futile=futile)
    fair = games = 0
    for seed in range(runs):
        draws = [bernoulli(rate, seed * 3 + index) for index, rate in enumerate(p)]
        ledger = play(plan, lambda m, k, i, draws=draws: draws[k](m, k, i))
        fair += all(ledger.verdict((0, k)) == FAIR for k in range(3))
        games += ledger.done
    return fair, games / runs


CONFIRMATIONS = 400


@pytest.mark.slow
def test_giving_up_keeps_fair_maps_and_stops_failing_ones_sooner():
    """The generator's confirmation (Effort.confirm_futile, 0.05). Each seed's games are the
    same in both arms and giving up only ends a map sooner, so a fair map it loses is one the
    rule gave up on: of 400 maps truly at 50% in all three mirrors, at most 2% (none here;
    giving up below a 20% chance loses 21, below 10% 5). A map with one mirror at 40% or 38%,
    undecided to the cap most of the time, stops on a good deal fewer games (docs/
    BALANCE_LOG.md, "a confirmation gives up")."""
    fair_today, _ = confirmations((0.5, 0.5, 0.5), 0.0, CONFIRMATIONS)
    fair_now, _ = confirmations((0.5, 0.5, 0.5), 0.05, CONFIRMATIONS)
    assert fair_today - fair_now <= 0.02 * CONFIRMATIONS
    for edge in (0.40, 0.38):
        _, games_today = confirmations((0.5, 0.5, edge), 0.0, 100)
        _, games_now = confirmations((0.5, 0.5, edge), 0.05, 100)
        assert games_now < 0.8 * games_today, (edge, games_now, games_today)
