"""Hard's table of the turn's positions: a search with it values every option as the same search
without it, for fewer steps; what one decision learnt serves the next only on the same scale;
the table keeps to its bound; the same seed and step budget still give the same decisions."""

from __future__ import annotations

import pytest

from laser_flag.bots import make_bot
from laser_flag.bots.budget import Budget
from laser_flag.bots.search import SearchBot
from laser_flag.bots.transpositions import Node, Table, position_key
from laser_flag.engine import EndTurn, Fire, Game, Move
from tests.bots.test_bots import ARENA
from tests.engine.conftest import make_map
from tests.engine.scenario import scenario

# Walls to hide behind, two units a side: small enough for a search to see every line's end.
YARD = [
    ".......",
    "..#....",
    ".......",
    "...#...",
    ".......",
    "....#..",
    "1.....2",
]
UNITS = [["1", "basic", 0, 0], ["1", "grunt", 1, 1], ["2", "basic", 6, 6], ["2", "sniper", 5, 5]]


def yard_positions(count: int, seed: int) -> list[Game]:
    """`count` positions of random play in the yard, two actions apart, the dice seeded."""
    gm = make_map(YARD, UNITS)
    game, walker = Game(gm, seed=seed), make_bot("random", seed)
    found = []
    while len(found) < count:
        if game.over:
            game = Game(gm, seed=seed + len(found))
        game.apply(walker.choose(game))
        if len(game.history) % 2 == 0 and not game.over:
            found.append(game.copy())
    return found


def searched(game: Game, table: Table, steps: int = 10**6) -> SearchBot:
    bot = SearchBot(1, Budget.steps(steps))
    bot.table = table
    bot.choose(game.copy())
    return bot


def test_a_search_with_the_table_values_every_option_as_without_it_for_fewer_steps():
    compared = saved = 0
    for game in yard_positions(12, seed=3):
        plain = searched(game, Table(limit=0))  # keeps nothing: every position paid for again
        kept = searched(game, Table())
        if plain.meter is None:  # one option only: nothing searched either way
            continue
        assert plain.complete and kept.complete
        assert kept.values == plain.values  # exactly: the same sums of the same values
        assert kept.depth == plain.depth
        assert kept.meter.used <= plain.meter.used
        compared += 1
        saved += kept.meter.used < plain.meter.used
    assert compared >= 8 and saved >= compared // 2


def test_with_the_table_the_budget_reaches_deeper():
    deeper = 0
    for game in yard_positions(8, seed=3):
        plain, kept = searched(game, Table(limit=0), 60), searched(game, Table(), 60)
        assert kept.depth >= plain.depth
        deeper += kept.depth > plain.depth
    assert deeper >= 3


def test_a_position_is_known_by_everything_that_decides_its_future():
    gm = make_map(YARD, UNITS)
    game = Game(gm, seed=1)
    first = game.outcomes(Move(0, (1, 0)))[0][1]
    by_another_way = game.outcomes(Move(0, (0, 1)))[0][1].outcomes(Move(0, (1, 0)))
    assert position_key(first) != position_key(by_another_way[0][1])  # AP spent differ
    apart = [g for _, g in game.outcomes(Move(1, (2, 1)))]
    later = [g for _, g in apart[0].outcomes(Move(0, (1, 0)))]
    other_order = [g for _, g in first.outcomes(Move(1, (2, 1)))]
    assert position_key(later[0]) == position_key(other_order[0])  # A then B is B then A
    ended = game.copy()
    ended.apply(EndTurn())
    assert position_key(ended) != position_key(game)


def test_a_value_is_reused_for_its_own_depth_or_deeper_only_where_no_line_was_cut():
    node = Node(Game(make_map(YARD, UNITS), seed=1))
    node.learn(2, 0.5, cut=True)
    assert node.known(2) == 0.5 and node.known(3) is None and node.was_cut(2)
    node.learn(3, 0.7, cut=False)
    assert node.known(3) == node.known(6) == 0.7 and node.known(1) is None


def test_the_table_keeps_to_its_bound_and_the_search_to_its_answers():
    for game in yard_positions(6, seed=5):
        small = Table(limit=5)
        bot = searched(game, small)
        assert len(small) <= 5
        assert bot.values == searched(game, Table(limit=0)).values


def test_the_next_decision_of_the_turn_keeps_what_the_last_one_learnt_on_the_same_scale():
    arena = make_map(YARD, UNITS)
    game = scenario(arena, units={2: {"snap_shots": 0}, 3: {"snap_shots": 0}})
    bot = SearchBot(1, Budget.steps(10**6))
    first = bot.choose(game.copy())
    assert isinstance(first, Move)  # out of sight: no shot on offer, no snap shot to fear
    learnt = len(bot.table)
    game.apply(first)
    fresh = SearchBot(1, Budget.steps(10**6))
    fresh.choose(game.copy())
    bot.choose(game.copy())
    assert len(bot.table) >= learnt  # kept: the scale (enemies, score, turn) is the same
    assert bot.meter.used < fresh.meter.used and bot.values == fresh.values


def test_a_hit_or_a_new_turn_changes_the_scale_and_the_table_starts_empty():
    table = Table()
    game = Game(make_map(YARD, UNITS), seed=1)
    assert not table.open(game)
    table.node(game.copy())
    assert table.open(game) and len(table) == 1
    moved = game.copy()
    moved.apply(Move(0, (1, 0)))
    assert table.open(moved)  # our own move: the same scale
    ended = moved.copy()
    ended.apply(EndTurn())
    assert not table.open(ended) and len(table) == 0
    arena = make_map(ARENA, [["1", "basic", 0, 0], ["2", "basic", 0, 4]])
    shot = scenario(arena, units={1: {"snap_shots": 0}})
    table.open(shot)
    hit = next(g for _, g in shot.outcomes(Fire(0, 1)) if g.scores["1"] == 1)
    assert not table.open(hit)  # the score moved: every value is priced otherwise


@pytest.mark.parametrize("steps", [40, 150])
def test_whole_games_with_the_same_seed_and_step_budget_are_the_same(steps):
    gm = make_map(YARD, UNITS)

    def history(seed: int) -> list:
        game = Game(gm, seed=seed)
        bots = {"1": SearchBot(seed, Budget.steps(steps)), "2": make_bot("planner", seed)}
        while not game.over and game.round <= 12:
            game.apply(bots[game.active_team].choose(game))
        return list(game.history)

    assert history(4) == history(4)

