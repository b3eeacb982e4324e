"""Game: start, firing (RULES.md §3), hits (§5), recharging and end of turn (§6), seeds (§8)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from laser_flag.engine import EndTurn, Fire, Game, IllegalAction, MapError, Move, load_map
from laser_flag.engine.events import Disqualified, LaserChanged, Moved, Scored, Shot, TurnEnded
from laser_flag.engine.game_map import possessive
from tests.engine.conftest import (
    HIT,
    MISS,
    Scripted,
    always,
    game_on,
    kinds,
    make_map,
    shots,
    snapshot,
)

OPEN = [".....", ".....", ".....", ".....", "....."]
# Capture the Flag: each team has a base, away from the duelling units.
CTF = ["2....", ".....", ".....", ".....", "....1"]


def duel(shooter: str = "basic", target: str = "basic", roll=None, art=CTF) -> Game:
    """Team 1's `shooter` at (4, 0) sees team 2's `target` at (0, 4) across open floor."""
    gm = make_map(art, [("1", shooter, 4, 0), ("2", target, 0, 4)])
    return Game(gm, seed=3, roll=roll or always(MISS))


# ----- start of the game ---------------------------------------------------------------------


def test_start_state() -> None:
    gm = make_map(["..^..", ".....", ".....", ".....", "....."],
                  [("1", "basic", 4, 0), ("1", "scout", 4, 4), ("2", "grunt", 0, 2),
                   ("2", "sniper", 0, 0)])
    game = Game(gm, seed=11)
    assert (game.active_team, game.turn, game.round) == ("1", 1, 1)
    assert game.scores == {"1": 0, "2": 0}
    assert (game.winner, game.victory) == (None, None)
    assert game.seed == 11
    assert [u.id for u in game.units] == [0, 1, 2, 3]
    assert all(u.ap == 3 and u.laser == "charged" and not u.fired for u in game.units)
    assert [u.pos for u in game.units] == [(4, 0), (4, 4), (0, 2), (0, 0)]
    assert [u.elevated for u in game.units] == [False, False, True, False]
    assert game.unit(2).unit_class == "grunt" and game.unit(2).team == "2"
    assert game.unit(99) is None


@pytest.mark.parametrize("missing", ["1", "2"])
def test_game_refuses_a_map_where_a_team_has_no_units(missing: str) -> None:
    present = "2" if missing == "1" else "1"
    gm = make_map(OPEN, [(present, "basic", 0, 0), (present, "grunt", 4, 4)])
    with pytest.raises(MapError, match=f"team {missing}"):
        Game(gm, seed=1)


def test_a_game_without_a_seed_chooses_one_and_keeps_it() -> None:
    game = Game(make_map(OPEN, [("1", "basic", 4, 0), ("2", "basic", 0, 4)]))
    assert isinstance(game.seed, int)


# ----- firing costs (RULES.md §2 table, §3 Fire) ---------------------------------------------


@pytest.mark.parametrize("cls", ["basic", "scout", "grunt"])
def test_firing_spends_all_remaining_ap(cls: str) -> None:
    game = duel(cls)
    game.apply(Fire(0, 1))
    shooter = game.unit(0)
    assert shooter.ap == 0 and shooter.fired
    assert not game.what_if.can_fire(game.unit(0)) and not game.what_if.can_move(game.unit(0))
    with pytest.raises(IllegalAction):
        game.apply(Fire(0, 1))  # a Plain (Scout, Grunt) cannot fire twice
    with pytest.raises(IllegalAction):
        game.apply(Move(0, (3, 0)))


@pytest.mark.parametrize("cls", ["basic", "scout", "grunt"])
def test_firing_after_a_move_also_spends_all_remaining_ap(cls: str) -> None:
    game = duel(cls)
    game.apply(Move(0, (3, 0)))
    assert game.unit(0).ap == 2
    game.apply(Fire(0, 1))
    assert game.unit(0).ap == 0


def test_sniper_fires_for_one_ap_and_again_while_it_has_ap() -> None:
    game = duel("sniper")
    for ap_left in (2, 1, 0):
        game.apply(Fire(0, 1))
        assert game.unit(0).ap == ap_left
    with pytest.raises(IllegalAction):
        game.apply(Fire(0, 1))


def test_sniper_cannot_move_after_firing_this_turn() -> None:
    game = duel("sniper")
    game.apply(Fire(0, 1))
    assert game.unit(0).ap == 2
    assert game.what_if.can_fire(game.unit(0))
    assert not game.what_if.can_move(game.unit(0))
    mine = [a for a in game.legal_actions() if getattr(a, "unit_id", None) == 0]
    assert mine == [Fire(0, 1)]
    with pytest.raises(IllegalAction, match="cannot move after firing"):
        game.apply(Move(0, (3, 0)))


def test_sniper_may_move_then_fire() -> None:
    game = duel("sniper")
    game.apply(Move(0, (3, 0)))
    game.apply(Fire(0, 1))
    assert game.unit(0).ap == 1 and game.unit(0).pos == (3, 0)


def test_sniper_moves_again_next_turn_after_firing() -> None:
    game = duel("sniper")
    game.apply(Fire(0, 1))
    game.apply(EndTurn())
    game.apply(EndTurn())
    assert game.unit(0).ap == 3 and not game.unit(0).fired
    assert game.what_if.can_move(game.unit(0))
    game.apply(Move(0, (3, 0)))


# ----- who may fire at whom ------------------------------------------------------------------


def test_fire_needs_at_least_one_ap() -> None:
    game = duel("sniper")
    for _ in range(3):
        game.apply(Fire(0, 1))
    assert game.unit(0).laser == "charged" and game.unit(0).ap == 0
    with pytest.raises(IllegalAction, match="action points"):
        game.apply(Fire(0, 1))


def _sniper_hit_by_a_snap_shot(on_base: bool) -> Game:
    """Team 1's Sniper fires (and misses), team 2's target snap-shoots back and hits it.

    A second, hidden team-1 unit keeps team 1 out of checkmate.
    """
    art = ["....1", ".....", ".....", ".....", ("1" if on_base else ".") + "...."]
    game, _ = game_on(art, [("1", "sniper", 4, 0), ("2", "basic", 0, 0), ("1", "basic", 0, 3)],
                      MISS, HIT)
    game.apply(Fire(0, 1))
    assert game.unit(0).ap == 2
    return game


def test_a_charging_laser_cannot_fire() -> None:
    game = _sniper_hit_by_a_snap_shot(on_base=True)
    assert game.unit(0).laser == "charging"
    assert not game.what_if.can_fire(game.unit(0)) and game.what_if.targets(game.unit(0)) == []
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="charging"):
        game.apply(Fire(0, 1))
    assert snapshot(game) == before


def test_a_deactivated_laser_cannot_fire() -> None:
    game = _sniper_hit_by_a_snap_shot(on_base=False)
    assert game.unit(0).laser == "deactivated"
    assert not game.what_if.can_fire(game.unit(0))
    with pytest.raises(IllegalAction, match="deactivated"):
        game.apply(Fire(0, 1))


def test_fire_only_at_an_enemy_in_line_of_sight() -> None:
    # Team 2's unit 2 hides behind the wall column; unit 3 is a friend of the shooter.
    art = ["...#.", "...#.", "...#.", "...#.", "...#."]
    gm = make_map(art, [("1", "basic", 4, 0), ("2", "basic", 0, 0), ("2", "basic", 2, 4),
                        ("1", "basic", 0, 2)])
    game = Game(gm, seed=1, roll=always(MISS))
    assert not game.what_if.has_los((4, 0), (2, 4))
    assert game.what_if.visible_enemies(game.unit(0)) == [1]
    assert game.what_if.targets(game.unit(0)) == [1]
    with pytest.raises(IllegalAction, match="line of sight"):
        game.apply(Fire(0, 2))
    with pytest.raises(IllegalAction, match="enemy"):
        game.apply(Fire(0, 3))
    with pytest.raises(IllegalAction, match="enemy"):
        game.apply(Fire(0, 42))
    assert {a for a in game.legal_actions() if isinstance(a, Fire)} == {Fire(0, 1), Fire(3, 1)}


def test_an_already_deactivated_enemy_may_be_fired_at_and_hit_again() -> None:
    gm = make_map(CTF, [("1", "basic", 4, 0), ("1", "basic", 3, 4), ("2", "basic", 0, 4),
                        ("2", "basic", 1, 0)])
    game = Game(gm, seed=1, roll=Scripted(HIT, MISS, HIT, MISS))  # misses: snap shots
    game.apply(Fire(0, 2))
    assert game.unit(2).laser == "deactivated"
    assert 2 in game.what_if.targets(game.unit(1))
    events = game.apply(Fire(1, 2))
    assert events[0] == Shot(1, 2, HIT, 7, True, False)
    assert game.scores["1"] == 2


def test_units_of_the_other_team_cannot_act() -> None:
    game = duel()
    with pytest.raises(IllegalAction, match="turn"):
        game.apply(Fire(1, 0))
    with pytest.raises(IllegalAction, match="turn"):
        game.apply(Move(1, (0, 3)))


def test_units_never_block_line_of_sight() -> None:
    gm = make_map(CTF, [("1", "basic", 4, 0), ("2", "basic", 4, 4), ("1", "grunt", 4, 1),
                        ("2", "grunt", 4, 2), ("1", "scout", 4, 3)])
    game = Game(gm, seed=1, roll=Scripted(HIT, MISS))  # then team 2's Grunt snap-shoots
    assert 1 in game.what_if.targets(game.unit(0))
    assert game.apply(Fire(0, 1))[0] == Shot(0, 1, HIT, 7, True, False)


def test_each_move_costs_one_ap_and_none_is_possible_at_zero() -> None:
    gm = make_map(["...#."] * 5, [("1", "scout", 4, 0), ("2", "basic", 0, 4)])
    game = Game(gm, seed=1, roll=Scripted())
    for ap_left, to in zip((2, 1, 0), [(3, 0), (2, 0), (1, 0)], strict=True):
        game.apply(Move(0, to))
        assert game.unit(0).ap == ap_left
    assert not game.what_if.can_move(game.unit(0))
    with pytest.raises(IllegalAction, match="action points"):
        game.apply(Move(0, (0, 0)))


# ----- an illegal action changes nothing ---------------------------------------------------


ILLEGAL = [
    Fire(1, 0),            # other team's unit
    Move(1, (0, 3)),       # other team's unit
    Fire(0, 0),            # at itself
    Fire(0, 2),            # at a friend
    Fire(0, 3),            # behind the wall
    Fire(7, 1),            # no such unit
    Move(0, (0, 0)),       # too far
    Move(0, (4, 0)),       # its own tile
    Move(0, (2, 3)),       # onto a wall
    Move(0, (3, 0)),       # onto a friend
    Move(0, (9, 9)),       # outside the grid
    "not an action",
]


@pytest.mark.parametrize("action", ILLEGAL, ids=repr)
def test_an_illegal_action_raises_and_changes_nothing(action) -> None:
    art = [".....", ".....", "...#.", "...#.", "...#."]
    gm = make_map(art, [("1", "basic", 4, 0), ("2", "basic", 0, 0), ("1", "basic", 3, 0),
                        ("2", "basic", 4, 4)])
    dice = Scripted(MISS, MISS, MISS)
    game = Game(gm, seed=5, roll=dice)
    game.apply(Move(0, (4, 1)))  # some history first: a snap shot was rolled
    game.apply(Move(0, (4, 0)))
    used = dice.used
    before = snapshot(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert err.value.reason
    assert snapshot(game) == before
    assert dice.used == used


def test_illegal_fire_after_a_sniper_fired_changes_nothing() -> None:
    game = duel("sniper")
    game.apply(Fire(0, 1))
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply(Move(0, (3, 1)))
    assert snapshot(game) == before


# ----- a hit (RULES.md §5) -------------------------------------------------------------------


def test_a_hit_scores_deactivates_and_takes_the_snap_shots() -> None:
    game = duel(roll=Scripted(HIT))
    assert game.unit(1).snap_shots == 2
    events = game.apply(Fire(0, 1))
    assert events == [
        Shot(0, 1, HIT, 7, True, False),
        Scored("1", 1),
        LaserChanged(1, "deactivated"),
    ]
    assert game.scores == {"1": 1, "2": 0}
    assert game.stats["1"] == {"shots": 1, "hits": 1}
    target = game.unit(1)
    assert target.laser == "deactivated" and target.snap_shots == 0
    assert target.pos == (0, 4)


def test_a_miss_changes_no_score_or_laser() -> None:
    game = duel(roll=Scripted((5, 1), MISS))  # 6 < 7, then the target's snap shot back
    events = game.apply(Fire(0, 1))
    assert events[0] == Shot(0, 1, (5, 1), 7, False, False)
    assert game.scores == {"1": 0, "2": 0}
    assert game.unit(1).laser == "charged"
    assert game.stats["1"] == {"shots": 1, "hits": 0}


def test_exactly_the_needed_total_hits() -> None:
    game = duel(roll=Scripted((4, 3)))
    assert game.apply(Fire(0, 1))[0].hit


@pytest.mark.parametrize("base", ["2", "u"])
def test_a_hit_on_a_usable_base_starts_charging_at_once(base: str) -> None:
    art = ["...." + base, ".....", ".....", ".....", "....#"]
    gm = make_map(art, [("1", "basic", 4, 0), ("2", "basic", 0, 4), ("2", "basic", 4, 4 - 1)])
    game = Game(gm, seed=1, roll=Scripted(HIT, MISS))
    events = game.apply(Fire(0, 1))
    assert game.unit(1).laser == "charging"
    assert [e for e in events if isinstance(e, LaserChanged)][-1] == LaserChanged(1, "charging")
    assert game.winner is None


def test_a_hit_on_the_enemy_base_only_deactivates() -> None:
    gm = make_map(["....1", ".....", ".....", ".....", "....2"],
                  [("1", "basic", 4, 0), ("2", "basic", 0, 4)])
    game = Game(gm, seed=1, roll=Scripted(HIT))
    game.apply(Fire(0, 1))
    assert game.unit(1).laser == "deactivated"


@pytest.mark.parametrize("art", [OPEN, ["....1", ".....", ".....", ".....", "....1"]],
                         ids=["elimination", "assault_on_the_enemy_base"])
def test_a_hit_without_a_usable_base_disqualifies(art: list[str]) -> None:
    gm = make_map(art, [("1", "basic", 4, 0), ("2", "basic", 0, 4), ("2", "grunt", 0, 0)])
    game = Game(gm, seed=1, roll=Scripted(HIT, MISS))
    events = game.apply(Fire(0, 1))
    assert kinds(events)[:3] == ["Shot", "Scored", "Disqualified"]
    assert Disqualified(1) in events
    assert game.unit(1) is None
    assert [u.id for u in game.units] == [0, 2]
    assert game.scores["1"] == 1
    assert all(not isinstance(e, LaserChanged) for e in events)
    assert 1 not in game.what_if.visible_enemies(game.unit(0))
    with pytest.raises(IllegalAction):
        game.apply(Fire(0, 1))


def test_in_assault_the_team_with_a_base_is_only_deactivated() -> None:
    gm = make_map(["....1", ".....", ".....", ".....", "....1"],
                  [("2", "basic", 4, 0), ("1", "basic", 0, 0), ("1", "basic", 2, 4)])
    game = Game(gm, seed=1, roll=Scripted(HIT, MISS))
    game.apply(EndTurn())
    game.apply(Fire(0, 1))
    assert game.unit(1).laser == "deactivated"


# ----- recharging (RULES.md §6) --------------------------------------------------------------

# Team 2's watcher W at (0, 0) sees the gap (3, 1). Team 1's unit A walks into the gap and is
# hit by W's snap shot, then walks on along the bottom row: base_1, base_u, base_2, floor.
# Team 1's unit B stays out of the way, so team 1 always has a charged laser.
CORRIDOR = [".....", ".....", ".....", "#.###", ".1u2."]


def _deactivated_in_the_gap(*more_dice: tuple[int, int]) -> tuple[Game, Scripted]:
    game, dice = game_on(CORRIDOR, [("1", "basic", 2, 1), ("2", "basic", 0, 0),
                                    ("1", "basic", 0, 4)], HIT, *more_dice)
    game.apply(Move(0, (3, 1)))
    assert game.unit(0).laser == "deactivated" and game.unit(0).ap == 2
    return game, dice


@pytest.mark.parametrize("dest", [(4, 1), (4, 2)], ids=["own_base", "universal_base"])
def test_ending_a_move_on_a_usable_base_starts_charging(dest) -> None:
    game, _ = _deactivated_in_the_gap(MISS)
    events = game.apply(Move(0, dest))
    assert isinstance(events[0], Moved) and events[0].path[-1] == dest
    assert events[1] == LaserChanged(0, "charging")
    assert game.unit(0).laser == "charging"


@pytest.mark.parametrize("dest", [(4, 3), (4, 4)], ids=["enemy_base", "floor_past_bases"])
def test_passing_over_bases_or_ending_on_the_enemy_base_does_not_recharge(dest) -> None:
    game, _ = _deactivated_in_the_gap()
    events = game.apply(Move(0, dest))
    assert (4, 1) in events[0].path  # it walked over its own base
    assert kinds(events) == ["Moved"]
    assert game.unit(0).laser == "deactivated"


def test_a_charged_unit_on_a_base_does_not_change() -> None:
    game, _ = game_on(CORRIDOR, [("1", "basic", 3, 1), ("2", "basic", 0, 0)], MISS)
    events = game.apply(Move(0, (4, 1)))
    assert not any(isinstance(e, LaserChanged) for e in events)
    assert game.unit(0).laser == "charged"


# ----- end of turn (RULES.md §6) -------------------------------------------------------------

# Team 2 sits behind a full wall column: nothing here triggers snap shots.
WALLED = ["...#.", "...#.", "...#.", "...#.", "...#."]


def test_end_of_turn_keeps_snap_shots_min_of_ap_and_class_max() -> None:
    units = [("1", "basic", 0, 0), ("1", "grunt", 1, 0), ("1", "grunt", 2, 0),
             ("1", "basic", 3, 0), ("1", "scout", 4, 0), ("2", "basic", 0, 4)]
    game = Game(make_map(WALLED, units), seed=1, roll=Scripted())
    game.apply(Move(2, (2, 1)))                               # grunt: 2 AP left
    game.apply(Move(3, (3, 1)))
    game.apply(Move(3, (3, 2)))                               # basic: 1 AP left
    for to in [(4, 1), (4, 2), (4, 1)]:
        game.apply(Move(4, to))                               # scout: 0 AP left
    events = game.apply(EndTurn())
    assert events == [TurnEnded("1", "2", 2, 1)]
    assert [game.unit(i).snap_shots for i in range(5)] == [2, 3, 2, 1, 0]
    assert [game.unit(i).ap for i in range(5)] == [3, 3, 2, 1, 0]  # AP only refills on its turn


def test_a_unit_that_fired_keeps_no_snap_shots() -> None:
    game = duel("sniper")
    game.apply(Fire(0, 1))
    assert game.unit(0).ap == 2
    game.apply(EndTurn())
    assert game.unit(0).snap_shots == 0


def test_a_deactivated_unit_keeps_no_snap_shots() -> None:
    game, _ = _deactivated_in_the_gap()
    game.apply(EndTurn())
    assert game.unit(0).ap == 2 and game.unit(0).snap_shots == 0
    assert game.unit(2).snap_shots == 2


def test_charging_becomes_charged_before_snap_shots_are_counted() -> None:
    game, _ = _deactivated_in_the_gap(MISS)
    game.apply(Move(0, (4, 1)))
    assert game.unit(0).laser == "charging" and game.unit(0).ap == 1
    events = game.apply(EndTurn())
    assert events == [LaserChanged(0, "charged"), TurnEnded("1", "2", 2, 1)]
    assert game.unit(0).laser == "charged"
    assert game.unit(0).snap_shots == 1


def test_every_charging_laser_on_the_board_charges_including_the_other_team() -> None:
    art = ["...#2", ".....", ".....", ".....", "....."]
    gm = make_map(art, [("1", "sniper", 4, 0), ("2", "basic", 0, 4), ("2", "basic", 1, 4)])
    game = Game(gm, seed=1, roll=Scripted(HIT, MISS))
    game.apply(Fire(0, 1))
    assert game.unit(1).laser == "charging"
    events = game.apply(EndTurn())
    assert events == [LaserChanged(1, "charged"), TurnEnded("1", "2", 2, 1)]
    assert game.unit(1).laser == "charged"


def test_the_new_team_gets_3_ap_loses_snap_shots_and_fired_marks() -> None:
    game = duel("sniper", "sniper")
    assert game.unit(1).snap_shots == 2
    game.apply(Move(0, (4, 1)))            # the target snap-shoots once (a miss)
    assert game.unit(1).snap_shots == 1
    game.apply(EndTurn())                  # team 1's sniper keeps 2 snap shots (2 AP)
    assert game.active_team == "2" and (game.turn, game.round) == (2, 1)
    assert game.unit(1).ap == 3 and game.unit(1).snap_shots == 0
    assert game.unit(0).snap_shots == 2
    game.apply(Fire(1, 0))                 # team 2 fires, team 1's sniper snap-shoots back
    assert game.unit(1).fired and game.unit(0).snap_shots == 1
    events = game.apply(EndTurn())
    assert events == [TurnEnded("2", "1", 3, 2)]
    assert (game.active_team, game.turn, game.round) == ("1", 3, 2)
    assert game.unit(0).ap == 3 and game.unit(0).snap_shots == 0 and not game.unit(0).fired
    assert game.unit(1).snap_shots == 0
    game.apply(EndTurn())
    assert not game.unit(1).fired and game.unit(1).ap == 3


# ----- legal actions -------------------------------------------------------------------------


def test_legal_actions_are_exactly_the_ones_apply_accepts() -> None:
    art = ["..^..", ".#...", ".....", "...#.", "1...2"]
    gm = make_map(art, [("1", "sniper", 4, 1), ("1", "scout", 3, 0), ("2", "basic", 0, 4),
                        ("2", "grunt", 1, 2)])
    game = Game(gm, seed=2, roll=always(MISS))
    legal = game.legal_actions()
    assert legal[-1] == EndTurn() and legal.count(EndTurn()) == 1
    assert legal == game.legal_actions()  # deterministic
    moves = {(a.unit_id, a.to) for a in legal if isinstance(a, Move)}
    fires = {(a.unit_id, a.target_id) for a in legal if isinstance(a, Fire)}
    assert moves == {(u, to) for u in (0, 1) for to in game.what_if.reachable(game.unit(u))}
    assert fires == {(u, t) for u in (0, 1) for t in game.what_if.targets(game.unit(u))}
    for action in legal:
        game.copy().apply(action)
    for r in range(5):
        for c in range(5):
            for uid in (0, 1):
                if (uid, (r, c)) not in moves:
                    with pytest.raises(IllegalAction):
                        game.copy().apply(Move(uid, (r, c)))


# ----- seeds and replays (RULES.md §8) -------------------------------------------------------

REPLAY_ART = ["..^...", ".#..2.", "...^..", "u..#..", "..1..^", "......"]
REPLAY_UNITS = [("1", "basic", 5, 0), ("1", "sniper", 4, 1), ("1", "grunt", 5, 3),
                ("2", "scout", 0, 5), ("2", "grunt", 0, 0), ("2", "basic", 1, 3)]


def _play(game: Game, choices: random.Random, steps: int) -> list[tuple]:
    record = []
    for _ in range(steps):
        legal = game.legal_actions()
        if not legal:
            break
        action = choices.choice(legal)
        record.append((action, tuple(game.apply(action))))
    return record


def test_same_seed_and_same_actions_give_the_same_events() -> None:
    gm = make_map(REPLAY_ART, REPLAY_UNITS, score_limit={"1": 6, "2": 6})
    first = Game(gm, seed=1234)
    record = _play(first, random.Random(1), 300)
    fired = [s for _, events in record for s in shots(events)]
    assert fired and all(list(s.dice) == sorted(s.dice, reverse=True) for s in fired)
    assert any(s.dice[0] > s.dice[1] for s in fired)  # dice shown highest first
    again = Game(gm, seed=first.seed)
    for action, events in record:
        assert tuple(again.apply(action)) == events
    assert snapshot(again) == snapshot(first)


def test_another_seed_rolls_other_dice() -> None:
    gm = make_map(REPLAY_ART, REPLAY_UNITS, score_limit={"1": 6, "2": 6})
    record = _play(Game(gm, seed=1234), random.Random(1), 300)
    other = Game(gm, seed=4321)
    dice_a, dice_b = [], []
    for action, events in record:
        if not other.legal_actions() or action not in other.legal_actions():
            break
        dice_a += [s.dice for s in shots(events)]
        dice_b += [s.dice for s in shots(other.apply(action))]
    assert dice_a and dice_a != dice_b


def test_a_copy_continues_exactly_like_the_original() -> None:
    gm = make_map(REPLAY_ART, REPLAY_UNITS, score_limit={"1": 6, "2": 6})
    game = Game(gm, seed=99)
    _play(game, random.Random(2), 40)
    clone = game.copy()
    assert snapshot(clone) == snapshot(game)
    a = _play(game, random.Random(3), 200)
    b = _play(clone, random.Random(3), 200)
    assert a == b
    assert any(shots(events) for _, events in a)


def test_the_dice_of_copies_stay_apart_whichever_rolls_first() -> None:
    """Copies share the generator until one rolls: rolling in a copy of a copy, then in the
    copy, then in the original gives each the dice it would have rolled alone."""
    gm = make_map(REPLAY_ART, REPLAY_UNITS, score_limit={"1": 6, "2": 6})
    game = Game(gm, seed=99)
    _play(game, random.Random(2), 40)
    alone = Game(gm, seed=99)
    _play(alone, random.Random(2), 40)
    expected = _play(alone, random.Random(3), 200)
    clone = game.copy()
    grandchild = clone.copy()
    assert _play(grandchild, random.Random(3), 200) == expected
    assert _play(clone, random.Random(3), 200) == expected
    assert _play(game, random.Random(3), 200) == expected
    assert any(shots(events) for _, events in expected)


def test_a_copy_is_independent() -> None:
    game = duel()
    clone = game.copy()
    clone.apply(Move(0, (3, 0)))
    assert game.unit(0).pos == (4, 0) and game.unit(0).ap == 3
    assert clone.unit(0).pos == (3, 0)


def test_messages_name_a_plural_team_with_a_bare_apostrophe():
    game = Game(load_map(Path(__file__).resolve().parents[2] / "maps" / "bastion.json"), seed=1)
    garrison = next(u for u in game.units if u.team == "2")
    with pytest.raises(IllegalAction, match="It is Raiders' turn."):
        game.apply(Move(garrison.id, garrison.pos))
    assert possessive(game.map.teams[garrison.team].name) == "Garrison's"
    assert possessive(game.map.teams[game.unit(0).team].name) == "Raiders'"
