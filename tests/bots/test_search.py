"""The Hard bot's search: only legal actions, the same seed and step budget give the same
decision, the budget is kept and spent, it answers now when told, and it never reads the dice."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from laser_flag.bots import make_bot
from laser_flag.bots.budget import Budget
from laser_flag.bots.planner import PlannerBot
from laser_flag.bots.search import HARD_WEIGHTS, WIN, SearchBot, TurnValue
from laser_flag.engine import CHARGING, DEACTIVATED, EndTurn, Fire, Game, Move, load_map
from tests.bots.test_bots import ARENA
from tests.engine.conftest import make_map
from tests.engine.scenario import scenario
from tests.fast import map_cases
from tests.waits import wait_until

MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.json"))
DUEL = next(p for p in MAPS if p.stem == "duel")


def positions(path: Path, count: int, seed: int) -> list[Game]:
    """`count` positions of random play on a map, each a few actions further, the dice seeded."""
    game, walker = Game(load_map(path), seed=seed), make_bot("random", seed)
    found = []
    while len(found) < count:
        if game.over:
            game = Game(game.map, seed=seed + len(found))
        game.apply(walker.choose(game))
        if len(game.history) % 3 == 0 and not game.over:
            found.append(game.copy())
    return found


@pytest.mark.parametrize("path", map_cases(MAPS))
def test_the_search_returns_only_legal_actions(path):
    bot = SearchBot(3, Budget.steps(60))
    for game in positions(path, 12, seed=5):
        assert bot.choose(game) in game.legal_actions()


def test_the_same_seed_and_step_budget_give_the_same_decisions():
    games = positions(DUEL, 8, seed=2)
    first = [SearchBot(7, Budget.steps(120)).choose(g) for g in games]
    again = [SearchBot(7, Budget.steps(120)).choose(g.copy()) for g in games]
    assert first == again
    assert len(set(first)) > 1  # the positions differ enough to tell a fixed answer apart


class Counted(Game):
    """A game that counts the chance results asked of it and of every game it leads to."""

    calls = 0

    def outcomes(self, action):
        Counted.calls += 1
        return super().outcomes(action)


def counted(game: Game) -> Game:
    copy = game.copy()
    copy.__class__ = Counted
    return copy


@pytest.mark.parametrize("steps", [1, 25, 200])
def test_the_search_keeps_to_its_step_budget_and_spends_it(steps):
    game = positions(DUEL, 3, seed=4)[-1]
    bot = SearchBot(1, Budget.steps(steps))
    Counted.calls = 0
    action = bot.choose(counted(game))
    assert action in game.legal_actions()
    assert bot.meter.used <= steps and Counted.calls <= steps  # a step: one simulated action
    assert bot.meter.used == steps or bot.complete  # it searches on while there is more to see
    assert 0.0 <= bot.progress() <= 1.0


def test_a_seconds_budget_is_for_the_whole_turn_and_each_decision_takes_half_what_is_left():
    stop = threading.Event()
    budget = Budget.seconds(2.0)
    assert budget.meter(0.0, stop).limit_seconds == 1.0
    assert budget.meter(1.5, stop).limit_seconds == 0.25
    assert budget.meter(3.0, stop).fraction() == 1.0  # the turn is spent: no search at all
    with pytest.raises(ValueError, match="at least 0"):
        Budget.steps(-1)


def a_position_it_searches() -> Game:
    """The first of a seeded walk's positions on Duel where the side to move's choice takes a
    search (not a lone option answered at once)."""
    for game in positions(DUEL, 12, seed=6):
        bot = SearchBot(2, Budget.steps(60))
        bot.choose(game.copy())
        if bot.meter is not None and bot.meter.used > 50:
            return game
    raise AssertionError("no position of the walk takes a search")


def test_told_to_answer_now_before_it_starts_it_gives_the_planners_choice():
    game = a_position_it_searches()
    bot = SearchBot(2, Budget.steps(10**9))
    bot.hurry.set()
    assert bot.choose(game) == PlannerBot(2, HARD_WEIGHTS).choose(game)
    assert bot.meter.used == 0


def test_told_to_answer_now_while_it_thinks_it_stops_with_its_best_so_far():
    game = a_position_it_searches()
    bot = SearchBot(2, Budget.steps(10**9))  # without the flag it would think for days
    answer = []
    worker = threading.Thread(target=lambda: answer.append(bot.choose(game)), daemon=True)
    worker.start()
    wait_until(lambda: bot.meter is not None and bot.meter.used > 50, "the search under way")
    bot.hurry.set()
    worker.join(timeout=30)
    assert not worker.is_alive() and answer[0] in game.legal_actions()


def test_the_decision_does_not_depend_on_the_games_future_dice():
    gm = load_map(DUEL)
    answers = set()
    for seed in (1, 2, 3):  # the same position, dice that would roll differently
        game = Game(gm, seed=seed)
        answers.add(SearchBot(4, Budget.steps(150)).choose(game))
    assert len(answers) == 1


def test_a_lone_option_is_answered_without_a_search():
    game = Game(load_map(DUEL), seed=1)
    for unit in [u for u in game.units if u.team == "1"]:
        # spend every unit's AP by stepping back and forth
        while game.what_if.can_move(game.unit(unit.id)):
            game.apply(next(a for a in game.legal_actions() if getattr(a, "unit_id", -1)
                            == unit.id and not isinstance(a, EndTurn)))
            if game.over or game.active_team != "1":
                pytest.skip("a snap shot ended the position")
    bot = SearchBot(1, Budget.steps(100))
    assert bot.choose(game) == EndTurn() and bot.meter is None


# A pocket closed by a diagonal of walls: its way out to the base at (4, 0) runs round by the
# top row (9 steps from (2, 0)), though a walk cutting the walls' corners would take 2.
POCKET = [
    ".......",
    "..#....",
    ".#.....",
    "#......",
    "1.....2",
]


def test_hard_walks_a_deactivated_unit_out_of_a_pocket_the_planner_sees_no_way_out_of():
    """The planner counts steps that cut wall corners, so every move out looks like a step
    away from the base; Hard counts steps as moves walk them and heads round by the top row."""
    arena = make_map(POCKET, [["1", "grunt", 2, 0], ["2", "basic", 0, 6]])
    game = scenario(arena, units={0: {"laser": DEACTIVATED, "ap": 1}, 1: {"laser": DEACTIVATED}})
    assert PlannerBot(1).choose(game) == EndTurn()
    bot = SearchBot(1, Budget.steps(150))
    assert bot.choose(game) == Move(0, (0, 3))
    situation = bot.turn_value.situation(game)
    assert situation.base_dist[(2, 0)] == 9 and situation.base_dist[(0, 3)] == 5


def test_hards_leaf_counts_the_snap_shots_its_units_will_hold_as_watching():
    """A unit ending the turn charged (or charging) with AP and without having fired keeps
    snap shots (RULES §6); one that fired, has no AP left or is deactivated keeps none."""
    arena = make_map(POCKET, [["1", "basic", 0, 0], ["1", "basic", 4, 1], ["1", "basic", 0, 6],
                              ["1", "basic", 2, 2], ["1", "basic", 3, 5], ["2", "basic", 4, 6]])
    game = scenario(arena, units={1: {"laser": CHARGING}, 2: {"fired": True},
                                  3: {"ap": 0}, 4: {"laser": DEACTIVATED}})
    ours = [u for u in game.units if u.team == "1"]
    visible_from = arena.visibility.visible_from
    assert TurnValue.covered(game, ours) == visible_from((0, 0)) | visible_from((4, 1))


def test_hards_leaf_credits_a_live_lasers_next_shot_whatever_ap_it_spent():
    """A unit that fired (and missed) still has its shot on offer next turn: the leaf credits it
    as it credits one that held fire; a deactivated laser has no shot to credit."""
    arena = make_map(ARENA, [["1", "basic", 0, 0], ["2", "basic", 0, 4]])
    game = scenario(arena)
    turn_value = TurnValue()
    sit = turn_value.situation(game)
    unit = game.unit(0)
    shot = sit.w.shot_ready * sit.best_shot(unit.unit_class, unit.pos)
    assert shot > 0
    fired = unit.changed(ap=0, fired=True)
    assert turn_value.turn_end_worth(sit, fired) == pytest.approx(
        sit.worth(fired, fired.pos, 0, fired.laser) + shot)
    assert turn_value.turn_end_worth(sit, unit) == pytest.approx(
        sit.worth(unit, unit.pos, unit.ap, unit.laser))
    dead = unit.changed(ap=0, laser=DEACTIVATED)
    assert turn_value.turn_end_worth(sit, dead) == pytest.approx(
        sit.worth(dead, dead.pos, 0, DEACTIVATED))


# Team 2 has no base: a hit takes its unit off the board. The wall hides the far enemy (2, 8).
OPEN_FIELD = [
    "1...#....",
    "....#....",
    "....#....",
    "....#....",
    "....#....",
]


def test_hards_leaf_prices_taking_an_enemy_off_the_board_as_a_gain_late_in_a_game():
    """Urgency (which grows with the round) prices steps to the nearest enemy in sight. With
    the enemies of each position, the hit that removes the only enemy in sight looked like a
    loss of sight; the leaf walks toward where the enemies stood at the decision's root, and
    prices a hit as keenly (`eager`) whatever the score has become in the line."""
    arena = make_map(OPEN_FIELD, [["1", "basic", 0, 0], ["2", "basic", 0, 3],
                                  ["2", "basic", 2, 8]])
    game = scenario(arena, turn=119, scores={"1": 5, "2": 5},  # round 60, team 1 to act
                    units={1: {"snap_shots": 0}, 2: {"snap_shots": 0}})
    (_, missed), (_, hit) = sorted(game.outcomes(Fire(0, 1)), key=lambda o: o[1].scores["1"])
    assert hit.unit(1) is None and missed.unit(1) is not None
    turn_value = TurnValue()
    turn_value.start(game)
    assert turn_value.value(hit, "1") > turn_value.value(missed, "1")
    assert turn_value.situation(hit).eager == turn_value.situation(missed).eager > 1
    alone = TurnValue()  # the hit valued as a root of its own: no enemy in sight, urgency's cost
    assert alone.value(hit, "1") < turn_value.value(hit, "1")


def test_the_enemys_next_hit_ends_the_game_at_its_score_limit_or_on_our_last_unit():
    arena = make_map(OPEN_FIELD, [["1", "basic", 0, 0], ["2", "basic", 0, 3],
                                  ["2", "basic", 2, 8]], score_limit={"1": 5, "2": 5})
    ours = [u for u in scenario(arena).units if u.team == "2"]
    assert TurnValue.one_hit_loses(scenario(arena, scores={"1": 4, "2": 0}), "2", ours)
    assert not TurnValue.one_hit_loses(scenario(arena, scores={"1": 3, "2": 4}), "2", ours)
    # Team 1 has a base: its last unit hit is deactivated, not removed; team 2's would be.
    assert not TurnValue.one_hit_loses(scenario(arena), "1", [scenario(arena).unit(0)])
    assert TurnValue.one_hit_loses(scenario(arena), "2", ours[:1])


def test_at_the_enemys_match_point_the_leaf_prices_its_reply_as_the_game_lost():
    """Each enemy fires once at the unit it is likeliest to hit; one hit of all of them ends
    the game, so the leaf is a loss (-WIN) with the chance that any of them hits."""
    arena = make_map(OPEN_FIELD, [["2", "basic", 0, 0], ["1", "basic", 0, 3], ["1", "basic", 1, 2],
                                  ["2", "basic", 4, 8]], score_limit={"1": 5, "2": 5})
    quiet = scenario(arena, active_team="2", turn=2, scores={"1": 3, "2": 3})
    last = scenario(arena, active_team="2", turn=2, scores={"1": 4, "2": 3})
    turn_value = TurnValue()
    sit = turn_value.situation(last)
    ours = [last.unit(0)]
    p = sit.any_hit(ours, TurnValue.covered(last, ours))
    odds = [sit.reply_hit(e, "basic", (0, 0)) for e in sit.shooters]
    assert len(odds) == 2 and p == pytest.approx(1 - (1 - odds[0]) * (1 - odds[1]))
    assert 0 < p < 1
    assert turn_value.value(last, "2") < -p * WIN + 10
    assert TurnValue().value(quiet, "2") > -10
