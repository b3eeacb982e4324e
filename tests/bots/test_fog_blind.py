"""Bots that cannot peek (RULES §9): with fog a bot decides from its team's observation only."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from laser_flag.bots import BOT_NAMES, Bot, make_bot
from laser_flag.bots.belief import believed_game
from laser_flag.bots.match import play_match
from laser_flag.engine import Action, Game, Move, load_map
from tests.engine.conftest import make_map

MAPS = Path(__file__).resolve().parents[2] / "maps"


def every_bot(seed: int) -> list[Bot]:
    """Each registered bot, all with the same seed: every level's kind of bot (the client's Hard
    is the `hard` search on a clock instead of a step budget, so its depth is not repeatable)."""
    return [make_bot(name, seed) for name in BOT_NAMES]


def fog_position(map_name: str, seed: int, steps: int) -> Game:
    """A fog game after `steps` random actions, with team 1 to play."""
    game, rng = Game(load_map(MAPS / map_name), seed=seed, fog=True), random.Random(seed)
    while len(game.history) < steps or game.active_team != "1":
        game.apply(rng.choice(game.legal_actions()))
    return game


def moved_hidden_enemy(game: Game) -> Game:
    """The same game with one enemy hidden from the team to play moved to another hidden tile."""
    obs = game.observe(game.active_team)
    eyes = [u.pos for u in obs.units if u.team == obs.team]
    taken = {u.pos for u in game.units}
    uid = obs.hidden[0]
    spot = next(p for p in game.map.positions()
                if not game.map.is_wall(p) and p not in taken
                and not any(game.what_if.has_los(e, p) for e in eyes))
    units = tuple(replace(u, pos=spot, elevated=game.map.is_cover(spot)) if u.id == uid else u
                  for u in game.units)
    state = replace(game.state(), units=units)
    return Game.from_state(game.map, state, seed=game.seed, roll=None, fog=True)


@pytest.mark.parametrize(("map_name", "seed", "steps"), [("commons.json", 3, 12),
                                                         ("crossfire.json", 5, 20),
                                                         ("duel.json", 2, 0)])
def test_moving_a_hidden_enemy_changes_no_bots_decision(map_name, seed, steps) -> None:
    one = fog_position(map_name, seed, steps)
    two = moved_hidden_enemy(one)
    assert one.observe("1") == two.observe("1")  # the only difference is out of team 1's sight
    assert [u.pos for u in one.units] != [u.pos for u in two.units]
    for first, second in zip(every_bot(11), every_bot(11), strict=True):
        action = first.decide(one)
        assert action == second.decide(two), type(first).__name__
        assert action in one.legal_actions()


class Spy(Bot):
    """Remembers the game it was handed, and ends its turn."""

    def choose(self, game: Game) -> Action:
        self.seen = game
        return game.legal_actions()[-1]


def test_a_bot_is_handed_its_belief_never_the_true_game() -> None:
    game = fog_position("commons.json", 3, 12)
    spy = Spy()
    spy.decide(game)
    obs = game.observe("1")
    assert spy.seen is not game and not spy.seen.fog
    assert {u.id for u in obs.units} <= {u.id for u in spy.seen.units}
    for uid in obs.hidden:  # a ghost where it was last seen (or started), if that is unseen
        ghost = spy.seen.unit(uid)
        believed = obs.last_seen.get(uid, (game.map.units[uid].pos, 0))[0]
        if not any(game.what_if.has_los(u.pos, believed) for u in obs.units):
            assert ghost.pos == believed
        if ghost is not None:
            assert ghost.snap_shots == 0 and ghost.laser == "charged"
    assert spy.seen.legal_actions() == [a for a in spy.seen.legal_actions()
                                        if a in game.legal_actions()]


def test_without_fog_a_bot_thinks_on_the_game_itself() -> None:
    game = Game(load_map(MAPS / "duel.json"), seed=1)
    assert believed_game(game) is game


def test_a_ghost_whose_tile_is_in_sight_is_left_out_while_other_enemies_are_known() -> None:
    alley = ["##.####", "##.####", "##.####", "##.####", "1.....2"]
    units = [("1", "scout", 4, 0), ("2", "basic", 0, 2), ("2", "basic", 1, 2)]
    game = Game(make_map(alley, units), seed=3)
    state = replace(game.state(), last_seen=(("1", 1, (4, 5), 1), ("1", 2, (0, 2), 1)))
    game = Game.from_state(game.map, state, seed=3, fog=True)
    belief = believed_game(game)
    assert belief.unit(1) is None and belief.unit(2).pos == (0, 2)


def test_ghosts_never_stand_where_the_team_sees() -> None:
    game = fog_position("crossfire.json", 5, 20)
    belief = believed_game(game)
    truth = {u.id for u in game.observe("1").units}
    eyes = [u.pos for u in game.units if u.team == "1"]
    for ghost in (u for u in belief.units if u.id not in truth):
        assert not any(game.what_if.has_los(e, ghost.pos) for e in eyes)


def test_the_last_ghost_whose_last_seen_tile_is_in_sight_hides_on_the_nearest_unseen_tile(
) -> None:
    # Team 1 watches the tile where it last saw unit 1, its only enemy, gone up the alley since.
    alley = ["##.####", "##.####", "##.####", "##.####", "1.....2"]
    game = Game(make_map(alley, [("1", "scout", 4, 0), ("2", "basic", 0, 2)]), seed=3)
    state = replace(game.state(), last_seen=(("1", 1, (4, 5), 1),))
    game = Game.from_state(game.map, state, seed=3, fog=True)
    assert game.observe("1").last_seen == {1: ((4, 5), 1)} and game.what_if.has_los((4, 0), (4, 5))
    ghost = believed_game(game).unit(1)
    # the nearest unseen tile
    assert ghost.pos == (2, 2) and not game.what_if.has_los((4, 0), (2, 2))
    assert game.what_if.has_los((4, 0), (3, 2))
    for _, after in believed_game(game).outcomes(Move(0, (4, 1))):
        assert not after.over  # no win by eliminating a team that is only out of sight


def test_a_fog_match_plays_to_its_end() -> None:
    result = play_match(load_map(MAPS / "duel.json"), ("greedy", "random"), seed=4, max_rounds=30,
                        fog=True)
    assert result.rounds <= 30 and result.winner in ("1", "2", "draw")
