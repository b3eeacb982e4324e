"""Snap shots (overwatch), RULES.md §6: who shoots, when, in which order, and what it costs."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

from laser_flag.engine import EndTurn, Fire, Game, Move
from laser_flag.engine.events import LaserChanged, Moved, Scored
from laser_flag.engine.overwatch import eligible
from laser_flag.engine.units import Unit
from tests.engine.conftest import HIT, MISS, Scripted, always, game_on, kinds, make_map, shots

# Three team-2 watchers on the top row look down at team 1's unit A at (4, 2).
# Team 1 has a base at (4, 0), team 2 at (0, 4): a hit only deactivates.
WATCH = ["....2", ".....", ".....", ".....", "1...."]
THREE = [("1", "basic", 4, 2), ("2", "basic", 0, 0), ("2", "basic", 0, 1), ("2", "basic", 0, 2)]


def three_watchers(*rolls: tuple[int, int], seed: int = 7) -> tuple[Game, Scripted]:
    return game_on(WATCH, THREE, *rolls, seed=seed)


@pytest.mark.parametrize(("cls", "held"), [("basic", 2), ("scout", 2), ("sniper", 2), ("grunt", 3)])
def test_team_2_starts_on_watch_with_its_max_snap_shots(cls: str, held: int) -> None:
    gm = make_map(WATCH, [("1", cls, 4, 2), ("2", cls, 0, 2)])
    game = Game(gm, seed=1)
    assert game.unit(1).snap_shots == held
    assert game.unit(0).snap_shots == 0
    assert game.what_if.watch_coverage("2").keys() == {1}
    assert game.what_if.watch_coverage("1") == {}


def test_starting_snap_shots_follow_a_map_override() -> None:
    gm = make_map(WATCH, [("1", "grunt", 4, 2), ("2", "grunt", 0, 2)],
                  rules={"grunt": {"max_snap_shots": 1}})
    assert Game(gm, seed=1).unit(1).snap_shots == 1


# ----- eligibility ---------------------------------------------------------------------------


def test_every_watcher_that_sees_the_destination_shoots_once_with_its_penalty() -> None:
    game, dice = three_watchers(MISS, MISS, MISS)
    events = game.apply(Move(0, (3, 2)))
    assert isinstance(events[0], Moved)
    fired = shots(events)
    assert sorted(s.shooter for s in fired) == [1, 2, 3]
    assert all(s.target == 0 and s.snap and not s.hit for s in fired)
    assert all(s.needed == 7 + 1 for s in fired)  # Plain to-hit 7 + Plain snap penalty 1
    assert [game.unit(i).snap_shots for i in (1, 2, 3)] == [1, 1, 1]
    assert dice.left == 0


def test_each_snap_shot_is_spent_until_none_are_left() -> None:
    game, dice = three_watchers(*[MISS] * 6)
    game.apply(Move(0, (3, 2)))
    game.apply(Move(0, (4, 2)))
    assert [game.unit(i).snap_shots for i in (1, 2, 3)] == [0, 0, 0]
    assert shots(game.apply(Move(0, (3, 2)))) == []
    assert dice.left == 0
    assert game.what_if.watch_coverage("2") == {}


def test_a_grunt_watcher_uses_the_grunt_snap_penalty() -> None:
    game, _ = game_on(WATCH, [("1", "scout", 4, 2), ("2", "grunt", 0, 2)], MISS)
    shot = shots(game.apply(Move(0, (3, 2))))[0]
    assert shot.needed == 7 + 2
    assert shot.needed == game.what_if.to_hit(game.unit(1), game.unit(0), snap=True).needed


def test_only_the_destination_counts_not_the_tiles_walked_past() -> None:
    # W at (0, 1) sees the gap (3, 1) but not (4, 3) behind the wall row.
    art = [".....", ".....", ".....", "#.###", "1...."]
    game, dice = game_on(art, [("1", "basic", 2, 1), ("2", "basic", 0, 1)], MISS)
    assert game.what_if.has_los((0, 1), (3, 1)) and not game.what_if.has_los((0, 1), (4, 3))
    events = game.apply(Move(0, (4, 3)))
    assert (3, 1) in events[0].path
    assert shots(events) == []
    assert dice.left == 1


def test_a_watcher_without_line_of_sight_does_not_shoot() -> None:
    art = ["..#..", "..#..", "..#..", "..#..", "1.#.2"]
    game, dice = game_on(art, [("1", "basic", 4, 0), ("2", "basic", 0, 4), ("2", "basic", 0, 0)],
                         MISS)
    events = game.apply(Move(0, (3, 1)))
    assert [s.shooter for s in shots(events)] == [2]
    assert dice.left == 0


def _unit(uid: int, team: str, pos, laser: str = "charged", snap: int = 2) -> Unit:
    return Unit(uid, team, "basic", pos, 3, laser=laser, snap_shots=snap)


def test_eligibility_needs_a_snap_shot_a_charged_laser_line_of_sight_and_an_enemy() -> None:
    gm = make_map(["..#..", ".....", ".....", ".....", "....."], [("1", "basic", 4, 2),
                                                                  ("2", "basic", 0, 0)])
    tile = (4, 2)
    watchers = [
        _unit(1, "2", (0, 0)),                           # eligible
        _unit(2, "2", (0, 1), snap=0),                   # no snap shot left
        _unit(3, "2", (1, 0), laser="charging"),         # laser not charged
        _unit(4, "2", (1, 1), laser="deactivated"),      # laser not charged
        _unit(5, "1", (1, 2)),                           # a friend of the mover
        _unit(6, "2", (2, 4), snap=1),                   # eligible with its last snap shot
    ]
    assert [w.id for w in eligible(gm, watchers, "1", tile)] == [1, 6]
    # The wall at (0, 2) hides (0, 3) from an otherwise eligible watcher at (0, 1).
    assert not gm.visibility.sees((0, 1), (0, 3))
    assert eligible(gm, [_unit(2, "2", (0, 1))], "1", (0, 3)) == []
    assert len(eligible(gm, [_unit(2, "2", (0, 1))], "1", (1, 3))) == 1


def test_no_snap_shots_at_a_deactivated_mover() -> None:
    game, dice = three_watchers(HIT)
    game.apply(Move(0, (3, 2)))
    assert game.unit(0).laser == "deactivated"
    events = game.apply(Move(0, (2, 2)))
    assert kinds(events) == ["Moved"]
    assert dice.left == 0
    assert game.what_if.snap_risk(game.unit(0), (1, 2)).shooters == ()
    assert game.what_if.snap_risk(game.unit(0), (1, 2)).p_unhit == 1


def test_a_charging_mover_is_shot_at() -> None:
    # A is hit in the open, then walks onto its base and starts charging: the watchers shoot.
    units = THREE + [("1", "basic", 2, 4)]  # a spare charged unit keeps team 1 in the game
    game, dice = game_on(WATCH, units, HIT, MISS, MISS, MISS)
    game.apply(Move(0, (4, 1)))
    assert game.unit(0).laser == "deactivated"
    events = game.apply(Move(0, (4, 0)))
    assert events[1] == LaserChanged(0, "charging")
    fired = shots(events)
    assert len(fired) == 3 and all(s.target == 0 and s.snap for s in fired)
    assert dice.left == 0


def test_ending_the_turn_triggers_no_snap_shots() -> None:
    game, dice = three_watchers()
    assert shots(game.apply(EndTurn())) == []


# ----- after a shot --------------------------------------------------------------------------


def test_snap_shots_follow_a_shot_that_missed() -> None:
    gm = make_map(WATCH, [("1", "sniper", 4, 2), ("2", "basic", 0, 2)])
    game = Game(gm, seed=1, roll=Scripted(MISS, MISS))
    events = game.apply(Fire(0, 1))
    assert [(s.shooter, s.target, s.snap) for s in shots(events)] == [(0, 1, False), (1, 0, True)]


def test_snap_shots_come_after_the_shot_result_a_hit_target_cannot_answer() -> None:
    gm = make_map(WATCH, [("1", "sniper", 4, 2), ("2", "basic", 0, 2), ("2", "grunt", 0, 0)])
    game = Game(gm, seed=1, roll=Scripted(HIT, MISS))
    events = game.apply(Fire(0, 1))
    assert kinds(events) == ["Shot", "Scored", "LaserChanged", "Shot"]
    assert events[-1].shooter == 2 and events[-1].snap and events[-1].needed == 7 + 2
    assert game.unit(1).snap_shots == 0
    assert game.unit(2).snap_shots == 2


def test_team_1_watchers_snap_shoot_during_team_2s_turn() -> None:
    game, dice = game_on(WATCH, [("1", "basic", 4, 2), ("2", "basic", 0, 2)], MISS)
    game.apply(EndTurn())
    assert game.unit(0).snap_shots == 2 and game.unit(1).snap_shots == 0
    events = game.apply(Move(1, (1, 2)))
    assert [(s.shooter, s.target, s.snap) for s in shots(events)] == [(0, 1, True)]
    assert game.unit(0).snap_shots == 1


# ----- the order and the first hit -----------------------------------------------------------


def _order(seed: int) -> tuple[int, ...]:
    game, _ = three_watchers(MISS, MISS, MISS, seed=seed)
    return tuple(s.shooter for s in shots(game.apply(Move(0, (3, 2)))))


def test_the_order_comes_from_the_seed() -> None:
    assert _order(5) == _order(5)
    orders = {seed: _order(seed) for seed in range(60)}
    assert all(sorted(o) == [1, 2, 3] for o in orders.values())
    # Different seeds give different orders: every one of the six shows up.
    assert set(orders.values()) == set(permutations([1, 2, 3]))
    a, b = next((s, t) for s in orders for t in orders if orders[s] != orders[t])
    assert _order(a) != _order(b)


def test_the_order_is_drawn_from_the_game_generator() -> None:
    game, _ = three_watchers(MISS, MISS, MISS)
    before = game.rng.getstate()
    game.apply(Move(0, (3, 2)))
    assert game.rng.getstate() != before  # the scripted dice do not touch it: the order did


def test_the_sequence_stops_at_the_first_hit() -> None:
    game, dice = three_watchers(MISS, HIT)
    events = game.apply(Move(0, (3, 2)))
    fired = shots(events)
    assert [s.hit for s in fired] == [False, True]
    assert dice.left == 0
    silent = ({1, 2, 3} - {s.shooter for s in fired}).pop()
    assert game.unit(silent).snap_shots == 2
    assert events[-2:] == [Scored("2", 1), LaserChanged(0, "deactivated")]


def test_a_unit_hit_by_a_snap_shot_stays_and_may_keep_moving() -> None:
    game, dice = three_watchers(HIT)
    game.apply(Move(0, (3, 2)))
    mover = game.unit(0)
    assert mover.pos == (3, 2) and mover.ap == 2 and mover.laser == "deactivated"
    assert game.scores == {"1": 0, "2": 1}
    assert game.what_if.can_move(game.unit(0)) and (2, 2) in game.what_if.reachable(game.unit(0))
    assert not game.what_if.can_fire(game.unit(0))
    events = game.apply(Move(0, (2, 2)))
    assert kinds(events) == ["Moved"] and game.unit(0).ap == 1


# ----- snap_risk -----------------------------------------------------------------------------


def test_snap_risk_is_the_exact_product_of_the_miss_chances() -> None:
    # Mover A (team 1 Plain) considers the floor tile (2, 2) with cover to its north.
    #   (0, 2) Plain watcher due north: A in cover: 7 + 1 (cover) + 1 (snap) = 9 -> hits 10/36
    #   (4, 4) Grunt watcher south-east: 7 + 2 (snap) = 9 -> 10/36
    #   (2, 0) Sniper watcher due west, on cover: 6 - 1 + 1 = 6 -> 26/36
    #   (4, 0) Scout with no line of sight (wall at (3, 1)), and (0, 4) team 1's own unit.
    art = ["..2..", "..^..", "^....", ".#...", "1...."]
    units = [("1", "basic", 3, 3), ("2", "basic", 0, 2), ("2", "grunt", 4, 4),
             ("2", "sniper", 2, 0), ("2", "scout", 4, 0), ("1", "basic", 0, 4)]
    game = Game(make_map(art, units), seed=3, roll=always(MISS))
    assert not game.what_if.has_los((4, 0), (2, 2))
    risk = game.what_if.snap_risk(game.unit(0), (2, 2))
    assert set(risk.shooters) == {1, 2, 3}
    assert risk.p_unhit == Fraction(26, 36) * Fraction(26, 36) * Fraction(10, 36)
    # And those are exactly the units that shoot when A goes there.
    fired = shots(game.apply(Move(0, (2, 2))))
    assert {s.shooter for s in fired} == {1, 2, 3}
    assert {s.shooter: s.needed for s in fired} == {1: 9, 2: 9, 3: 6}


def test_snap_risk_with_no_watchers_is_certain_safety() -> None:
    art = ["..#..", "..#..", "..#..", "..#..", "1.#.2"]
    game = Game(make_map(art, [("1", "basic", 4, 0), ("2", "basic", 0, 4)]), seed=1)
    assert game.what_if.snap_risk(game.unit(0), (3, 0)).shooters == ()
    assert game.what_if.snap_risk(game.unit(0), (3, 0)).p_unhit == 1


def test_snap_risk_counts_watchers_where_a_deactivated_unit_would_start_charging() -> None:
    """On its own base a deactivated unit starts charging, so the watchers may shoot it."""
    units = THREE + [("1", "basic", 2, 4)]
    game, _ = game_on(WATCH, units, HIT, MISS, MISS, MISS)
    game.apply(Move(0, (4, 1)))
    assert game.unit(0).laser == "deactivated"
    risk = game.what_if.snap_risk(game.unit(0), (4, 0))
    fired = shots(game.copy().apply(Move(0, (4, 0))))
    assert set(risk.shooters) == {s.shooter for s in fired} == {1, 2, 3}
    assert risk.p_unhit == Fraction(21, 36) ** 3  # each Plain needs 8 at a unit on floor
    # off the base it stays deactivated
    assert game.what_if.snap_risk(game.unit(0), (3, 1)).shooters == ()
