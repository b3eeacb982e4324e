"""Bots that cannot peek (RULES §9): with fog a bot decides from its team's observation only."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from laser_flag.bots import BOT_NAMES, Bot, make_bot
from laser_flag.bots.belief import believed_game
from laser_flag.bots.levels import LEVELS, bot_for_level
from laser_flag.bots.match import play_match
from laser_flag.engine import Action, Game, load_map

MAPS = Path(__file__).resolve().parents[2] / "maps"


def every_bot(seed: int) -> list[Bot]:
    """Each registered bot and each level the client offers, all with the same seed."""
    return [make_bot(name, seed) for name in BOT_NAMES] + [
        bot_for_level(level, seed) for level in LEVELS if bot_for_level(level, seed)]


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
                and not any(game.has_los(e, p) for e in eyes))
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
    for uid in obs.hidden:  # a hidden enemy is a ghost where it was last seen, or absent
        ghost = spy.seen.unit(uid)
        if ghost is not None:
            believed = obs.last_seen.get(uid, (game.map.units[uid].pos, 0))[0]
            assert ghost.pos == believed and ghost.snap_shots == 0
    assert spy.seen.legal_actions() == [a for a in spy.seen.legal_actions()
                                        if a in game.legal_actions()]


def test_without_fog_a_bot_thinks_on_the_game_itself() -> None:
    game = Game(load_map(MAPS / "duel.json"), seed=1)
    assert believed_game(game) is game


def test_ghosts_never_stand_where_the_team_sees() -> None:
    game = fog_position("crossfire.json", 5, 20)
    belief = believed_game(game)
    truth = {u.id for u in game.observe("1").units}
    eyes = [u.pos for u in game.units if u.team == "1"]
    for ghost in (u for u in belief.units if u.id not in truth):
        assert not any(game.has_los(e, ghost.pos) for e in eyes)


def test_a_fog_match_plays_to_its_end() -> None:
    result = play_match(load_map(MAPS / "duel.json"), ("greedy", "random"), seed=4, max_rounds=30,
                        fog=True)
    assert result.rounds <= 30 and result.winner in ("1", "2", "draw")
