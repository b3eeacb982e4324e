"""Bots: only legal actions, never a change to the game they read, the same seed gives the same
game, and greedy does the obvious thing in small hand-made positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from laser_flag.bots import BOT_NAMES, make_bot
from laser_flag.bots.odds import Odds
from laser_flag.bots.planner import PLANNER_WEIGHTS
from laser_flag.bots.registry import SEARCHING, bot_name
from laser_flag.bots.situation import Situation
from laser_flag.engine import EndTurn, Fire, Game, Move, load_map
from laser_flag.engine.units import DEACTIVATED
from laser_flag.lab.pairings import parse_pairing
from tests.engine.conftest import HIT, Scripted, game_on, make_map, snapshot
from tests.engine.scenario import scenario
from tests.fast import map_cases

MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.json"))
# A searching bot spends its whole budget on every decision: its cases are slow (its fast
# checks are in test_search.py).
BOT_CASES = [pytest.param(n, marks=pytest.mark.slow) if n in SEARCHING else n for n in BOT_NAMES]


def full_snapshot(game: Game) -> dict:
    return {**snapshot(game), "history": list(game.history), "seed": game.seed}


def play(game: Game, bots: dict, decisions: int, check=None) -> list:
    """Let the bots play up to `decisions` actions; `check(game, action)` sees every one."""
    chosen = []
    while not game.over and len(chosen) < decisions:
        action = bots[game.active_team].choose(game)
        if check:
            check(game, action)
        game.apply(action)
        chosen.append(action)
    return chosen


def assert_legal(game: Game, action) -> None:
    assert action in game.legal_actions()


@pytest.mark.parametrize("path", map_cases(MAPS))
@pytest.mark.parametrize("pair", [("random", "greedy"), ("greedy", "random"),
                                  ("planner", "greedy")])
def test_bots_only_return_legal_actions(path, pair):
    gm = load_map(path)
    budget = 80 if "planner" in pair else 300
    decisions, seed = 0, 0
    while decisions < budget:  # whole games, new seeds, until the budget of decisions is spent
        bots = {"1": make_bot(pair[0], seed), "2": make_bot(pair[1], seed + 1)}
        decisions += len(play(Game(gm, seed=seed), bots, budget - decisions, assert_legal))
        seed += 1


@pytest.mark.parametrize("name", BOT_CASES)
def test_a_bot_never_changes_the_game_it_reads(name):
    game = Game(load_map(MAPS[0]), seed=11)
    bot, other = make_bot(name, 5), make_bot("random", 6)
    for _ in range(40):
        if game.over:
            break
        player = bot if game.active_team == "1" else other
        before = full_snapshot(game)
        action = player.choose(game)
        assert full_snapshot(game) == before
        game.apply(action)


@pytest.mark.parametrize("name", BOT_CASES)
def test_the_same_seed_gives_the_same_decisions(name):
    def record(seed: int) -> list:
        game = Game(load_map(MAPS[1]), seed=4)
        return play(game, {"1": make_bot(name, seed), "2": make_bot("random", 9)}, 80)

    assert record(21) == record(21)


def test_random_bots_with_different_seeds_differ():
    game = Game(load_map(MAPS[1]), seed=4)
    picks = {make_bot("random", s).choose(game) for s in range(8)}
    assert len(picks) > 1


def test_unknown_bot_names_the_known_ones():
    with pytest.raises(ValueError, match="random, greedy, planner"):
        make_bot("genius")


def test_bot_name_passes_what_make_bot_seats_and_refuses_the_rest():
    assert bot_name("hard") == "hard"
    assert bot_name("exec:python my_bot.py") == "exec:python my_bot.py"
    for name in ("genius", "exec:", "Hardest"):
        with pytest.raises(ValueError, match=f"unknown bot '{name}' .*random, greedy"):
            bot_name(name)


def test_the_game_s_level_names_seat_the_bots_that_play_them_in_the_lab_too():
    assert [bot_name(level) for level in ("Easy", "normal", "HARD")] == ["greedy", "planner",
                                                                        "hard"]
    assert type(make_bot("Normal", 1)) is type(make_bot("planner", 1))
    assert parse_pairing("easy,Normal") == ("greedy", "planner")


ARENA = [
    ".....",
    ".....",
    ".....",
    ".....",
    "1...2",
]


def test_greedy_takes_a_clear_shot_at_once():
    arena = make_map(ARENA, [["1", "basic", 0, 0], ["2", "basic", 0, 4]])
    game = scenario(arena, units={1: {"snap_shots": 0}})  # nobody on watch: fire now
    assert make_bot("greedy").choose(game) == Fire(0, 1)


def test_the_planner_steps_onto_its_base_before_firing():
    """A hit on its own base only costs a point (the laser charges at once), so go there first."""
    arena = make_map(ARENA, [["1", "basic", 0, 0], ["2", "basic", 0, 4]])
    game = scenario(arena, roll=Scripted(HIT), units={1: {"snap_shots": 0}})
    bot = make_bot("planner")
    assert play(game, {"1": bot}, 3) == [Move(0, (4, 0)), Fire(0, 1), EndTurn()]


@pytest.mark.parametrize("name", ["greedy", "planner"])
def test_a_deactivated_unit_heads_for_its_base(name):
    arena = make_map(ARENA, [["1", "basic", 1, 0], ["2", "basic", 0, 4]])
    game = scenario(arena, units={0: {"laser": DEACTIVATED}})
    action = make_bot(name).choose(game)
    assert action == Move(0, (4, 0))


def test_greedy_ends_the_turn_when_every_unit_is_spent():
    arena = make_map(ARENA, [["1", "basic", 2, 2], ["2", "basic", 0, 4]])
    game = scenario(arena, units={0: {"ap": 0}})
    assert make_bot("greedy").choose(game) == EndTurn()


def test_a_quiet_game_makes_the_planner_keener_to_hit():
    """Rounds without a point raise what a hit is worth; points scored calm it down again."""
    arena = make_map(ARENA, [["1", "basic", 0, 0], ["2", "basic", 0, 4]])

    def hit_worth(**fields) -> float:
        game = scenario(arena, **fields)
        return Situation(game, Odds(game), PLANNER_WEIGHTS).gain(game.unit(1))

    fresh = hit_worth()
    quiet = hit_worth(turn=39)  # round 20, nothing scored yet
    busy = hit_worth(turn=39, scores={"1": 2, "2": 1})
    assert quiet > busy > fresh
    assert quiet == pytest.approx(fresh * (1 + (20 / PLANNER_WEIGHTS.eager_rounds) ** 2) /
                                  (1 + (1 / PLANNER_WEIGHTS.eager_rounds) ** 2))


@pytest.mark.parametrize("name", ["greedy", "planner"])
def test_equal_gains_are_broken_by_the_bots_own_seed(name):
    """On a mirror-image board the mirror-image moves gain the same; a fixed tie order (lowest
    row first) would favour one side, so the bot's seed decides, the same way every time."""
    board = [".......", "..###..", ".......", ".......", "......."]
    game, _ = game_on(board, [["1", "basic", 4, 3], ["2", "basic", 0, 3]])  # on the mirror axis
    picks = {make_bot(name, seed).choose(game) for seed in range(12)}
    assert len(picks) > 1
    assert make_bot(name, 5).choose(game) == make_bot(name, 5).choose(game)
