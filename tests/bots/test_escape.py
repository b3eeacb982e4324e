"""Hard never leaves a unit whose laser is off in an armed enemy's sight when its AP could take
it out of that sight or onto a base: it walks it away first (through several moves if need be,
onto a base and on out of sight when it can), and plans no move that strands one there."""

from __future__ import annotations

from pathlib import Path

from laser_flag.bots.budget import LAB_STEPS, Budget
from laser_flag.bots.escape import escape, exposed, stranded
from laser_flag.bots.search import SearchBot
from laser_flag.engine import CHARGED, CHARGING, DEACTIVATED, EndTurn, Move, load_map
from tests.engine.conftest import make_map
from tests.engine.scenario import scenario

GRIDLOCK = Path(__file__).resolve().parents[2] / "maps" / "gridlock.json"

# The enemy at the top left sees the open ground; the column of walls hides the right-hand
# strip, which only a long walk reaches.
HIDE = ["2.....#.....",
        "......#.....",
        "......#.....",
        "......#.....",
        "......#.....",
        "1..........."]


def hard() -> SearchBot:
    return SearchBot(3, Budget.steps(30))


def walk_out(game, unit_id: int) -> list[Move]:
    """Hard's decisions for its team until it ends the turn."""
    bot, moves = hard(), []
    while not isinstance(action := bot.choose(game), EndTurn):
        assert isinstance(action, Move) and action.unit_id == unit_id
        game.apply(action)
        moves.append(action)
    return moves


def test_a_unit_whose_laser_is_off_ends_the_turn_out_of_sight_or_charging():
    arena = make_map(HIDE, [["1", "basic", 0, 2], ["2", "basic", 0, 0]])
    game = scenario(arena, units={0: {"laser": DEACTIVATED, "pos": (0, 3)}})
    assert exposed(game, game.unit(0), (0, 3))
    # not in one move
    assert all(exposed(game, game.unit(0), t) for t in game.what_if.reachable(game.unit(0)))
    walk_out(game, 0)
    unit = game.unit(0)
    assert unit.laser != DEACTIVATED or not exposed(game, unit, unit.pos)


def test_out_of_sight_beats_a_base_in_sight():
    """The base is a move away but in the enemy's sight, where each of its shots would score;
    behind the wall the unit is safe (and the nearer the base the better)."""
    arena = make_map(["2...#.",
                      "....#.",
                      "......",
                      "......",
                      "....1."], [["1", "basic", 4, 4], ["2", "basic", 0, 0]])
    game = scenario(arena, units={0: {"laser": DEACTIVATED, "pos": (2, 0)}})
    unit = game.unit(0)
    hiding = [t for t in game.what_if.reachable(game.unit(0)) if not exposed(game, unit, t)]
    assert (4, 4) in game.what_if.reachable(unit) and not hiding  # out of sight takes two moves
    move = escape(game, unit)
    assert move is not None and move.to != (4, 4)
    game.apply(move)
    then = escape(game, game.unit(0))
    assert then is not None and not exposed(game, unit, then.to)


def test_where_nothing_is_out_of_sight_it_goes_to_a_base():
    arena = make_map([".....", ".....", ".....", ".....", "1...2"],
                     [["1", "basic", 0, 0], ["2", "basic", 0, 4]])
    game = scenario(arena, units={0: {"laser": DEACTIVATED, "pos": (2, 1)}})
    assert escape(game, game.unit(0)) == Move(0, (4, 0))


def test_no_plan_spends_a_last_ap_stepping_into_sight():
    """The enemy hits 1 time in 36: the planner's prices make the step toward the base worth
    the risk, but a point given to every shot the enemy cares to fire is no small risk."""
    arena = make_map(HIDE, [["1", "basic", 3, 7], ["2", "basic", 0, 0]],
                     rules={"basic": {"to_hit": 12}})
    game = scenario(arena, units={0: {"laser": DEACTIVATED, "ap": 1}})
    unit, bot = game.unit(0), hard()
    proposed = [a for _, a in bot.planner.scored(game)]
    assert any(stranded(game, unit, a.to) for a in proposed)
    assert not any(isinstance(a, Move) and stranded(game, unit, a.to)
                   for a in bot._candidates(game))
    action = bot.choose(game)
    assert not (isinstance(action, Move) and exposed(game, unit, action.to))


def test_the_gridlock_position_where_hard_gave_four_points_away():
    """From a game Hard lost: its Plain (5), laser off, stood next to three armed enemies with
    3 AP, two moves from cover, while six other units had moves to weigh; Hard ended the turn
    and the enemy hit it four times. Now the Plain ends the turn out of their sight."""
    fields = {
        0: ((11, 4), CHARGED, 3), 1: ((10, 3), CHARGED, 3), 2: ((12, 2), CHARGING, 0),
        3: ((19, 1), CHARGING, 0), 4: ((11, 3), CHARGED, 3), 5: ((9, 10), DEACTIVATED, 3),
        6: ((11, 10), CHARGED, 3), 7: ((14, 0), CHARGED, 2), 8: ((3, 8), CHARGED, 0),
        9: ((4, 12), CHARGED, 1), 10: ((9, 9), CHARGED, 0), 11: ((7, 7), CHARGED, 0),
        12: ((3, 16), DEACTIVATED, 0), 13: ((11, 11), CHARGED, 0), 14: ((9, 13), CHARGED, 1),
        15: ((9, 12), CHARGED, 1)}
    units = {uid: {"pos": pos, "laser": laser, "ap": ap, "fired": uid in (8, 10, 11, 13),
                   "snap_shots": 1 if uid in (9, 14, 15) else 0}
             for uid, (pos, laser, ap) in fields.items()}
    game = scenario(load_map(GRIDLOCK), units=units, turn=5, scores={"1": 1, "2": 4})
    bot = SearchBot(3, Budget.steps(LAB_STEPS))  # the lab's Hard: it ended the turn at once
    while not isinstance(action := bot.choose(game), EndTurn):
        game.apply(action)
    plain = game.unit(5)
    assert plain.laser != DEACTIVATED or not exposed(game, plain, plain.pos)


def test_a_move_is_stranding_when_the_ap_left_cannot_get_out_of_sight():
    """In sight with 2 AP: a step away from the base leaves one move that reaches neither the
    base nor cover; a step toward it does not."""
    arena = make_map(HIDE, [["1", "basic", 2, 1], ["2", "basic", 0, 0]])
    game = scenario(arena, units={0: {"laser": DEACTIVATED, "ap": 2}})
    unit = game.unit(0)
    assert stranded(game, unit, (0, 1))
    assert not stranded(game, unit, (4, 1))  # the base at (5, 0) is a move away
    assert not stranded(game, game.unit(0), (3, 0))
    assert (3, 0) in game.what_if.reachable(game.unit(0))
