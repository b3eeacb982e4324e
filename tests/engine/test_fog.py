"""Fog of war, RULES.md §9: what a team sees, remembers and is told, and moving in the fog."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from laser_flag.engine import EndTurn, Fire, Game, MapError, Move, load_map, other_team
from laser_flag.engine.events import Disqualified, LaserChanged, Moved, TurnEnded
from laser_flag.engine.fog import walk
from laser_flag.engine.game_map import map_to_dict
from laser_flag.engine.record import state_digest, state_of
from tests.engine.conftest import HIT, MISS, game_on, kinds, make_map, shots
from tests.engine.scenario import scenario
from tests.engine.test_playouts import MAPS

# A corridor along row 4 with an alley up column 2: the alley's top is seen only from the
# three corridor tiles under its mouth, (4, 1) to (4, 3).
ALLEY = ["##.####", "##.####", "##.####", "##.####", "1.....2"]

# Row 0 turns down column 5 into a room: the room is hidden from row 0 west of column 4.
CORNER = ["1......", "#####.#", "#####..", "#####..", ".....#2"]


def fog_game(art, units, *rolls, **keys) -> Game:
    game, _ = game_on(art, units, *rolls, **keys)
    return Game.from_state(game.map, game.state(), seed=7, roll=game._roll, fog=True)


def in_sight(game: Game, team: str) -> set[int]:
    return {u.id for u in game.observe(team).units if u.team != team}


# ----- the switch ----------------------------------------------------------------------------


def test_fog_comes_from_the_map_unless_the_game_says_otherwise() -> None:
    foggy = make_map(ALLEY, [("1", "scout", 4, 0), ("2", "basic", 0, 2)], fog_of_war=True)
    clear = make_map(ALLEY, [("1", "scout", 4, 0), ("2", "basic", 0, 2)])
    assert Game(foggy, seed=1).fog and not Game(clear, seed=1).fog
    assert Game(clear, seed=1, fog=True).fog and not Game(foggy, seed=1, fog=False).fog
    assert Game(foggy, seed=1).copy().fog


def test_the_map_key_must_be_true_or_false() -> None:
    with pytest.raises(MapError, match=r"^<test map>: fog_of_war: must be true or false, not 1$"):
        make_map(ALLEY, [("1", "scout", 4, 0), ("2", "basic", 0, 2)], fog_of_war=1)
    gm = make_map(ALLEY, [("1", "scout", 4, 0), ("2", "basic", 0, 2)], fog_of_war=True)
    assert map_to_dict(gm)["fog_of_war"] is True and gm.to_json_dict()["fog_of_war"] is True


def test_without_fog_a_team_sees_everything_and_is_told_everything() -> None:
    game, _ = game_on(ALLEY, [("1", "scout", 4, 0), ("2", "basic", 0, 2)])
    obs = game.observe("1")
    assert [u.id for u in obs.units] == [0, 1] and obs.hidden == () and obs.last_seen == {}
    events = game.apply(Move(0, (4, 4)))
    assert game.events_for("2") == events


# ----- what a team sees ----------------------------------------------------------------------


def test_an_enemy_is_in_sight_when_some_unit_of_the_team_has_los_to_it() -> None:
    game = fog_game(ALLEY, [("1", "scout", 4, 0), ("1", "basic", 4, 1), ("2", "basic", 0, 2)])
    assert not game.what_if.has_los((4, 0), (0, 2)) and game.what_if.has_los((4, 1), (0, 2))
    assert in_sight(game, "1") == {2}
    assert in_sight(game, "2") == {1}  # LOS is symmetric: unit 0 sees nothing, is not seen
    seen = game.observe("1").units[2]
    assert seen == game.unit(2)  # everything about it: tile, laser, snap shots


def test_a_deactivated_unit_still_sees() -> None:
    game = fog_game(ALLEY, [("1", "scout", 4, 0), ("1", "basic", 4, 1), ("2", "basic", 0, 2)])
    game = scenario(game.map, units={1: {"laser": "deactivated"}})
    fogged = Game.from_state(game.map, game.state(), seed=7, fog=True)
    assert in_sight(fogged, "1") == {2}


def test_an_enemy_out_of_sight_is_hidden_and_never_seen() -> None:
    game = fog_game(ALLEY, [("1", "scout", 4, 0), ("2", "basic", 0, 2)])
    obs = game.observe("1")
    assert [u.id for u in obs.units] == [0]
    assert obs.hidden == (1,) and obs.last_seen == {}


# ----- when sight changes --------------------------------------------------------------------


def test_sight_is_checked_at_the_destination_only() -> None:
    game = fog_game(ALLEY, [("1", "scout", 4, 0), ("2", "basic", 0, 2)])
    events = game.apply(Move(0, (4, 4)))  # walks under the alley's mouth
    assert events[0].path[1:4] == ((4, 1), (4, 2), (4, 3))
    obs = game.observe("1")
    assert obs.hidden == (1,) and obs.last_seen == {}


def test_last_seen_memory_keeps_the_tile_and_round_of_an_enemy_gone_from_sight() -> None:
    game = fog_game(ALLEY, [("1", "scout", 4, 0), ("2", "basic", 0, 2)], *[MISS] * 4)
    game.apply(Move(0, (4, 1)))  # sees the alley's top (and is snap-shot from it: a miss)
    assert in_sight(game, "1") == {1}
    game.apply(Move(0, (4, 0)))
    assert game.observe("1").last_seen == {1: ((0, 2), 1)}
    game.apply(EndTurn())
    game.apply(Move(1, (1, 2)))  # unseen, so its move is no news to team 1
    game.apply(EndTurn())
    assert game.round == 2 and game.observe("1").last_seen == {1: ((0, 2), 1)}
    game.apply(Move(0, (4, 2)))
    game.apply(Move(0, (4, 0)))
    assert game.observe("1").last_seen == {1: ((1, 2), 2)}


def test_a_shooter_is_revealed_where_it_fired_even_if_nobody_sees_it_afterwards() -> None:
    # Elimination (no bases): a hit disqualifies, so the only unit that saw the shooter is gone.
    open_row = ["##.####", "##.####", "##.####", "##.####", "......."]
    game = fog_game(open_row, [("1", "scout", 4, 2), ("1", "basic", 4, 6), ("2", "basic", 1, 2)],
                    HIT)
    assert in_sight(game, "1") == {2} and not game.what_if.has_los((4, 6), (1, 2))
    game.apply(EndTurn())
    events = game.apply(Fire(2, 0))
    assert kinds(events)[:3] == ["Shot", "Scored", "Disqualified"]
    obs = game.observe("1")
    assert obs.hidden == (2,)
    assert obs.last_seen == {2: ((1, 2), 1)}


def test_a_hidden_watchers_snap_shot_is_told_and_reveals_it() -> None:
    game = fog_game(CORNER, [("1", "scout", 0, 0), ("2", "basic", 3, 6), ("2", "basic", 4, 6)],
                    MISS, MISS)
    assert in_sight(game, "1") == set()
    events = game.apply(Move(0, (0, 4)))  # (0, 4) looks down into the room: both see it
    assert game.what_if.has_los((0, 4), (3, 6))
    assert {s.shooter for s in shots(events)} == {1, 2}
    assert game.events_for("1") == events
    game.apply(Move(0, (0, 1)))
    assert game.observe("1").last_seen == {1: ((3, 6), 1), 2: ((4, 6), 1)}


# ----- moving in the fog ---------------------------------------------------------------------


def test_a_hidden_enemy_tile_counts_as_free_for_reach_and_path() -> None:
    game = fog_game(CORNER, [("1", "scout", 0, 2), ("2", "basic", 2, 5), ("2", "basic", 4, 6)])
    assert in_sight(game, "1") == set()
    assert (2, 5) in game.what_if.reachable(game.unit(0))
    assert Move(0, (2, 5)) in game.legal_actions()
    walked = ((0, 2), (0, 3), (0, 4), (0, 5), (1, 5), (2, 5))
    assert game.what_if.path(game.unit(0), (2, 5)) == walked


def test_legal_actions_never_depend_on_hidden_enemies() -> None:
    units = [("1", "scout", 0, 2), ("1", "basic", 0, 0), ("2", "basic", 2, 5), ("2", "basic", 4, 6)]
    one = fog_game(CORNER, units)
    two = scenario(one.map, units={2: {"pos": (3, 5)}, 3: {"pos": (4, 0)}})
    two = Game.from_state(two.map, two.state(), seed=7, fog=True)
    assert in_sight(one, "1") == in_sight(two, "1") == set()
    assert one.legal_actions() == two.legal_actions()
    assert [one.what_if.path(one.unit(0), m.to) for m in one.legal_actions()
            if isinstance(m, Move) and m.unit_id == 0
            ] == [two.what_if.path(two.unit(0), m.to) for m in two.legal_actions()
                  if isinstance(m, Move) and m.unit_id == 0]
    clear = Game.from_state(one.map, one.state(), seed=7, fog=False)
    # without fog the enemy's tile is taken
    assert (2, 5) not in clear.what_if.reachable(clear.unit(0))


def test_a_move_into_a_hidden_enemy_stops_on_the_tile_before_it() -> None:
    # The blocker stands on the destination; it holds snap shots and sees the stop tile.
    game = fog_game(CORNER, [("1", "scout", 0, 2), ("2", "basic", 2, 5), ("2", "basic", 4, 0)],
                    MISS)
    events = game.apply(Move(0, (2, 5)))
    moved = events[0]
    assert moved == Moved(0, ((0, 2), (0, 3), (0, 4), (0, 5), (1, 5)), blocked_by=1)
    unit = game.unit(0)
    assert unit.pos == (1, 5) and unit.ap == game.rules.ap_per_turn - 1
    assert in_sight(game, "1") == {1}  # the blocker is adjacent, so in sight
    assert [(s.shooter, s.target) for s in shots(events)] == [(1, 0)]  # at the stop tile
    assert game.unit(1).snap_shots == 1


def test_a_bump_ends_the_move_like_any_other_move_recharging_on_a_base() -> None:
    # A deactivated unit bumping on its way stops on its own base: it starts charging there.
    art = ["1......", "#####1#", "#####..", "#####..", ".....#2"]
    game = fog_game(art, [("1", "scout", 0, 2), ("2", "basic", 2, 5), ("2", "basic", 4, 0)],
                    MISS)
    game = scenario(game.map, roll=game._roll, units={0: {"laser": "deactivated"}})
    game = Game.from_state(game.map, game.state(), seed=7, roll=game._roll, fog=True)
    events = game.apply(Move(0, (2, 5)))
    assert events[0].blocked_by == 1 and game.unit(0).pos == (1, 5)
    assert kinds(events) == ["Moved", "LaserChanged", "Shot"]  # charging, then snap-shot at
    assert events[1] == LaserChanged(0, "charging") and events[2].at == (2, 5)


def test_a_bump_on_the_first_step_leaves_the_unit_where_it_was() -> None:
    # Adjacent tiles are always in LOS, so a game never plans through a hidden neighbour;
    # the walk itself still stops at once when the first step is taken.
    path = ((0, 0), (0, 1), (0, 2))
    assert walk(path, {(0, 1): 5}) == (((0, 0),), 5)
    assert walk(path, {(0, 2): 5}) == (((0, 0), (0, 1)), 5)
    assert walk(path, {(3, 3): 5}) == (path, None)


def test_the_walked_path_is_the_path_offered_when_nothing_is_hidden_on_it() -> None:
    game = fog_game(CORNER, [("1", "scout", 0, 2), ("2", "basic", 3, 6), ("2", "basic", 4, 0)],
                    MISS, MISS, MISS, MISS)
    planned = game.what_if.path(game.unit(0), (2, 5))
    events = game.apply(Move(0, (2, 5)))
    assert events[0] == Moved(0, planned)


# ----- what a player is told -----------------------------------------------------------------


def test_an_enemy_move_ending_in_sight_is_told() -> None:
    game = fog_game(ALLEY, [("1", "scout", 4, 1), ("2", "basic", 1, 2)], MISS)
    game.apply(EndTurn())
    events = game.apply(Move(1, (0, 2)))
    assert in_sight(game, "1") == {1}  # seen up the alley
    assert game.events_for("1") == game.events_for("2") == events


def test_events_for_a_team_leave_out_unseen_moves_and_keep_shots_and_turns() -> None:
    game = fog_game(ALLEY, [("1", "scout", 4, 0), ("2", "basic", 1, 2), ("2", "basic", 4, 6)])
    game.apply(EndTurn())
    events = game.apply(Move(1, (0, 2)))
    assert in_sight(game, "1") == {2}
    assert game.events_for("2") == events and game.events_for("1") == []
    turn = game.apply(EndTurn())
    assert isinstance(turn[-1], TurnEnded) and game.events_for("1") == turn


def test_every_shot_and_a_disqualification_is_told_to_both_teams() -> None:
    open_row = ["##.####", "##.####", "##.####", "##.####", "......."]
    game = fog_game(open_row, [("1", "scout", 4, 2), ("1", "basic", 4, 6), ("2", "basic", 0, 2)],
                    HIT)
    events = game.apply(Fire(0, 2))
    assert any(isinstance(e, Disqualified) for e in events)
    assert game.events_for("1") == game.events_for("2") == events


# ----- saves ---------------------------------------------------------------------------------


def test_the_digest_covers_the_memory_of_a_fog_game_only() -> None:
    game, _ = game_on(ALLEY, [("1", "scout", 4, 0), ("2", "basic", 0, 2)], MISS)
    assert "last_seen" not in state_of(game) and "fog" not in state_of(game)
    fogged = fog_game(ALLEY, [("1", "scout", 4, 0), ("2", "basic", 0, 2)], MISS)
    before = state_digest(fogged)
    fogged.apply(Move(0, (4, 1)))
    fogged.apply(Move(0, (4, 0)))
    assert state_of(fogged)["last_seen"] == [["1", 1, [0, 2], 1], ["2", 0, [4, 1], 1]]
    forgetful = Game.from_state(fogged.map, replace(fogged.state(), last_seen=()), seed=7,
                                fog=True)
    assert state_digest(forgetful) != state_digest(fogged) != before


def test_a_copy_keeps_the_memory_and_forgets_nothing_of_the_original() -> None:
    game = fog_game(ALLEY, [("1", "scout", 4, 0), ("2", "basic", 0, 2)], MISS)
    game.apply(Move(0, (4, 1)))
    twin = game.copy()
    assert twin.fog and twin.observe("1") == game.observe("1")
    game.apply(Move(0, (4, 0)))
    assert twin.observe("1").last_seen == {} and game.observe("1").last_seen == {1: ((0, 2), 1)}


@pytest.mark.parametrize("fog", [False, True])
def test_snap_risk_counts_the_watchers_the_moving_team_knows_of(fog: bool) -> None:
    game = fog_game(CORNER, [("1", "scout", 0, 2), ("2", "basic", 3, 6), ("2", "basic", 4, 0)])
    game = Game.from_state(game.map, game.state(), seed=7, fog=fog)
    assert game.what_if.snap_risk(game.unit(0), (0, 4)).shooters == (() if fog else (1,))


# ----- a soak on every bundled map -----------------------------------------------------------


def check_sight(game: Game) -> None:
    """observe() lists exactly the enemies some unit of the team on the board has LOS to."""
    for team in ("1", "2"):
        obs = game.observe(team)
        eyes = [u.pos for u in game.units if u.team == team]
        expected = {e.id for e in game.units
                    if e.team != team and any(game.what_if.has_los(p, e.pos) for p in eyes)}
        assert in_sight(game, team) == expected
        assert {u.id for u in obs.units if u.team == team} == {
            u.id for u in game.units if u.team == team}
        assert set(obs.hidden) == {u.id for u in game.units if u.team != team} - expected
        assert set(obs.last_seen) <= set(obs.hidden)


@pytest.mark.slow
@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_random_fog_playouts_observe_exactly_what_is_in_sight(path) -> None:
    gm = load_map(path)
    for seed in range(4):
        game, rng = Game(gm, seed=seed, fog=True), random.Random(seed)
        while not game.over and game.round <= 40:
            check_sight(game)
            mover = game.active_team
            events = game.apply(rng.choice(game.legal_actions()))
            told = game.events_for(other_team(mover))
            for e in events:
                if isinstance(e, Moved) and e not in told:
                    assert e.unit not in {u.id for u in game.observe(other_team(mover)).units}
        check_sight(game)
