"""Victory, RULES.md §7: score, elimination, checkmate, turn limit, draws, and the end itself."""

from __future__ import annotations

import pytest

from laser_flag.engine import EndTurn, Fire, Game, IllegalAction, Move
from laser_flag.engine.events import (
    Disqualified,
    GameOver,
    LaserChanged,
    Moved,
    Scored,
    Shot,
    TurnEnded,
)
from laser_flag.engine.units import DEACTIVATED
from tests.engine.conftest import HIT, MISS, Scripted, game_on, kinds, make_map, snapshot
from tests.engine.scenario import scenario

# Team 1's shooter at (4, 0), team 2's target at (0, 4), open floor; bases in the far corners.
CTF = ["2....", ".....", ".....", ".....", "....1"]
DUEL = [("1", "basic", 4, 0), ("2", "basic", 0, 4)]


# ----- score ---------------------------------------------------------------------------------


def test_reaching_the_score_limit_wins_and_nothing_after_it_resolves() -> None:
    # A second team-2 unit watches the shooter: without the win it would snap-shoot.
    units = DUEL + [("2", "basic", 2, 2)]
    game, dice = game_on(CTF, units, HIT, score_limit={"1": 1, "2": 5})
    events = game.apply(Fire(0, 1))
    assert events == [Shot(0, 1, HIT, 7, True, False), Scored("1", 1), GameOver("1", "score")]
    assert (game.winner, game.victory) == ("1", "score")
    assert game.unit(1).laser == "charged"  # the hit's deactivation never resolved
    assert game.unit(2).snap_shots == 2
    assert dice.left == 0


def test_score_limits_may_differ_per_team() -> None:
    # Team 1 needs 3 and scores 1; team 2 needs 1 and wins with a snap shot in the same action.
    units = DUEL + [("2", "basic", 2, 2)]
    game, _ = game_on(CTF, units, HIT, HIT, score_limit={"1": 3, "2": 1})
    events = game.apply(Fire(0, 1))
    assert events == [
        Shot(0, 1, HIT, 7, True, False), Scored("1", 1), LaserChanged(1, "deactivated"),
        Shot(2, 0, HIT, 8, True, True), Scored("2", 1), GameOver("2", "score"),
    ]
    assert game.scores == {"1": 1, "2": 1}
    assert game.unit(0).laser == "charged"


def test_below_the_limit_the_game_goes_on() -> None:
    game, _ = game_on(CTF, DUEL, HIT, score_limit={"1": 2, "2": 1})
    events = game.apply(Fire(0, 1))
    assert game.winner is None and not any(isinstance(e, GameOver) for e in events)


def test_score_is_tried_before_elimination() -> None:
    game, _ = game_on(["....."] * 5, DUEL, HIT, score_limit={"1": 1, "2": 1})
    events = game.apply(Fire(0, 1))
    assert kinds(events) == ["Shot", "Scored", "GameOver"]
    assert events[-1] == GameOver("1", "score")
    assert game.unit(1) is not None  # the disqualification never resolved


# ----- elimination ---------------------------------------------------------------------------


def test_disqualifying_the_last_unit_of_a_team_eliminates_it() -> None:
    game, _ = game_on(["....."] * 5, DUEL, HIT)
    events = game.apply(Fire(0, 1))
    assert events == [Shot(0, 1, HIT, 7, True, False), Scored("1", 1), Disqualified(1),
                      GameOver("1", "elimination")]
    assert (game.winner, game.victory) == ("1", "elimination")
    assert game.unit(1) is None


def test_the_active_team_can_be_eliminated_by_a_snap_shot() -> None:
    game, _ = game_on(["....."] * 5, DUEL, HIT)
    events = game.apply(Move(0, (3, 0)))
    assert kinds(events) == ["Moved", "Shot", "Scored", "Disqualified", "GameOver"]
    assert events[-1] == GameOver("2", "elimination")


def test_a_team_with_units_left_is_not_eliminated() -> None:
    game, _ = game_on(["....."] * 5, DUEL + [("2", "basic", 0, 0)], HIT, MISS)
    game.apply(Fire(0, 1))
    assert game.winner is None


# ----- checkmate -----------------------------------------------------------------------------


def test_checkmate_no_laser_on_and_every_usable_base_occupied_by_the_enemy() -> None:
    # Team 2's only base (0, 0) is held by team 1's unit 2.
    game, _ = game_on(CTF, DUEL + [("1", "basic", 0, 0)], HIT)
    events = game.apply(Fire(0, 1))
    assert events == [Shot(0, 1, HIT, 7, True, False), Scored("1", 1),
                      LaserChanged(1, "deactivated"), GameOver("1", "checkmate")]


def test_no_checkmate_while_a_usable_base_is_free() -> None:
    game, _ = game_on(CTF, DUEL + [("1", "basic", 1, 0)], HIT)
    game.apply(Fire(0, 1))
    assert game.unit(1).laser == "deactivated" and game.winner is None


def test_a_universal_base_is_usable_too_and_occupying_it_by_a_move_checkmates() -> None:
    # Team 2's base_2 (0, 0) is held; the universal base (2, 0) is still free.
    art = ["2....", ".....", "u....", ".....", "....1"]
    game, _ = game_on(art, DUEL + [("1", "basic", 0, 0), ("1", "basic", 3, 1)], HIT)
    game.apply(Fire(0, 1))
    assert game.winner is None
    events = game.apply(Move(3, (2, 0)))
    assert events == [Moved(3, ((3, 1), (2, 0))), GameOver("1", "checkmate")]


def test_a_charging_laser_is_not_checkmated() -> None:
    # Team 2's unit 1 is hit on its own base (charging); then unit 2 is hit in the open.
    art = ["....2", ".....", ".....", ".....", "....1"]
    units = [("1", "sniper", 4, 0), ("2", "basic", 0, 4), ("2", "basic", 0, 0)]
    game, dice = game_on(art, units, HIT, MISS, HIT)
    game.apply(Fire(0, 1))
    assert game.unit(1).laser == "charging"
    game.apply(Fire(0, 2))
    assert game.unit(2).laser == "deactivated"
    assert game.winner is None and dice.left == 0


def test_the_active_team_can_be_checkmated_by_a_snap_shot() -> None:
    # Team 1's only base (4, 4) is held by team 2's unit 2; team 1's only unit is hit.
    game, _ = game_on(CTF, DUEL + [("2", "basic", 4, 4)], HIT)
    events = game.apply(Move(0, (3, 0)))
    assert events[-2:] == [LaserChanged(0, "deactivated"), GameOver("2", "checkmate")]


def test_a_last_unit_hit_on_its_own_base_is_charging_not_checkmated() -> None:
    game, _ = game_on(["....2", ".....", ".....", ".....", "....1"], DUEL, HIT)
    game.apply(Fire(0, 1))
    assert game.winner is None
    assert game.unit(1).laser == "charging"


def test_walking_the_last_deactivated_unit_onto_its_base_recharges_it() -> None:
    art = ["....2", ".....", ".....", ".....", "1...."]
    game, _ = game_on(art, [("1", "basic", 3, 2), ("2", "basic", 0, 2)], HIT, MISS)
    game.apply(Move(0, (3, 1)))  # hit by the snap shot, 2 AP left
    assert game.unit(0).laser == "deactivated" and game.winner is None
    game.apply(Move(0, (4, 0)))  # charging, so the watcher's last snap shot comes (a miss)
    assert game.winner is None
    assert game.unit(0).laser == "charging"


# ----- turn limit ----------------------------------------------------------------------------


def _turn_limit_game(limit: int, *rolls) -> Game:
    game, _ = game_on(CTF, DUEL, *rolls, turn_limit=limit)
    return game


def test_the_turn_limit_ends_the_game_when_team_2_ends_round_n() -> None:
    game = _turn_limit_game(2, HIT)
    game.apply(Fire(0, 1))
    assert game.apply(EndTurn()) == [TurnEnded("1", "2", 2, 1)]
    assert game.apply(EndTurn()) == [TurnEnded("2", "1", 3, 2)]
    assert game.apply(EndTurn()) == [TurnEnded("1", "2", 4, 2)]
    assert game.winner is None
    events = game.apply(EndTurn())
    assert events == [GameOver("1", "turn_limit")]
    assert (game.winner, game.victory) == ("1", "turn_limit")


def test_equal_scores_at_the_turn_limit_are_a_draw() -> None:
    game = _turn_limit_game(1)
    assert game.apply(EndTurn()) == [TurnEnded("1", "2", 2, 1)]
    assert game.apply(EndTurn()) == [GameOver("draw", "turn_limit")]
    assert (game.winner, game.victory) == ("draw", "turn_limit")


def test_at_the_turn_limit_steps_1_and_2_come_first_and_team_2_can_win() -> None:
    # Team 2 hits team 1's unit 0 on team 1's base: it is charging when team 2 ends round 1.
    units = [("1", "basic", 4, 4), ("2", "basic", 0, 4), ("1", "basic", 4, 0)]
    game, dice = game_on(CTF, units, HIT, MISS, turn_limit=1)
    game.apply(EndTurn())
    game.apply(Fire(1, 0))
    assert game.unit(0).laser == "charging" and game.scores == {"1": 0, "2": 1}
    events = game.apply(EndTurn())
    assert events == [LaserChanged(0, "charged"), GameOver("2", "turn_limit")]
    assert game.unit(1).snap_shots == 0  # step 2 ran: it fired, so it keeps none
    assert dice.left == 0


def test_no_turn_limit_means_play_goes_on() -> None:
    game, _ = game_on(CTF, DUEL)
    for _ in range(40):
        assert not any(isinstance(e, GameOver) for e in game.apply(EndTurn()))
    assert game.round == 21


# ----- both teams at once ---------------------------------------------------------------------


def test_one_event_meeting_a_condition_for_both_teams_is_a_draw() -> None:
    """Both teams checkmated by the same event.

    Legal play cannot build this position without one team losing first, so the scenario
    starts with every laser off; the team-1 move afterwards is the one event that is checked.
    Team 1's unit 0 holds team 2's only base and team 2's unit 1 holds team 1's.
    """
    art = ["2....", ".....", ".....", ".....", "....1"]
    gm = make_map(art, [("1", "basic", 0, 0), ("2", "basic", 4, 4), ("1", "basic", 2, 2)])
    off = {uid: {"laser": DEACTIVATED} for uid in range(3)}
    game = scenario(gm, seed=1, roll=Scripted(), units=off)
    events = game.apply(Move(2, (2, 3)))
    assert events == [Moved(2, ((2, 2), (2, 3))), GameOver("draw", "checkmate")]
    assert (game.winner, game.victory) == ("draw", "checkmate")


# ----- after the end -------------------------------------------------------------------------


def _finished() -> Game:
    game, _ = game_on(CTF, DUEL + [("1", "sniper", 3, 3)], HIT, score_limit={"1": 1, "2": 1})
    game.apply(Fire(0, 1))
    assert game.winner == "1"
    return game


def test_no_legal_actions_after_the_game_is_over() -> None:
    game = _finished()
    assert game.legal_actions() == []
    assert not game.what_if.can_move(game.unit(2)) and not game.what_if.can_fire(game.unit(2))


@pytest.mark.parametrize("action", [EndTurn(), Move(2, (3, 2)), Fire(2, 1)], ids=repr)
def test_apply_after_the_game_is_over_raises_and_changes_nothing(action) -> None:
    game = _finished()
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="over"):
        game.apply(action)
    assert snapshot(game) == before
