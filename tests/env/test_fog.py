"""Under fog an observation carries nothing about the enemies hidden from the team: moving them
anywhere out of its sight, with any AP, laser and snap shots, changes no number in it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from laser_flag.engine import Game
from laser_flag.engine.game_map import GameMap
from laser_flag.engine.state import GameState
from laser_flag.engine.team_view import view
from laser_flag.engine.terms import Laser
from laser_flag.env import TEAM_OF, LaserFlagEnv

from .conftest import random_steps


def moved(gm: GameMap, state: GameState, uids: list[int], out_of: frozenset) -> GameState:
    """`state` with the units `uids` on other free tiles outside `out_of`, each changed in every
    field a view could show (AP, laser, snap shots, elevation, fired)."""
    taken = {u.pos for u in state.units}
    free = [p for p in gm.positions() if not gm.is_wall(p) and p not in taken | out_of]
    changed = {uid: state.unit(uid).changed(
        pos=free[-1 - k], ap=k % 3, laser=Laser.CHARGING, snap_shots=1,
        elevated=gm.is_cover(free[-1 - k]), fired=True) for k, uid in enumerate(uids)}
    units = tuple(changed.get(u.id, u) for u in state.units)
    return replace(state, units=units)


def observed(game_env: LaserFlagEnv, state: GameState, agent: str) -> dict[str, np.ndarray]:
    """What `agent` observes with the game standing in `state`."""
    game_env.game = Game.from_state(game_env.map, state, seed=0, fog=True)
    return game_env.observe(agent)


def same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return all(np.array_equal(a[key], b[key]) for key in ("observation", "action_mask"))


@pytest.mark.parametrize("name", [pytest.param("gridlock"),  # the one with most walls to hide
                                  *(pytest.param(n, marks=pytest.mark.slow)
                                    for n in ("crossfire", "bastion"))])
def test_hidden_enemies_leave_no_trace_in_an_observation(name):
    game_env = LaserFlagEnv(map=name, fog=True)
    states = [game_env.game.state() for _ in random_steps(game_env, seed=5, steps=400)]
    checked = 0
    for state in states[::7]:
        for agent in game_env.possible_agents:
            seen = view(state, TEAM_OF[agent])
            if not seen.hidden:
                continue
            before = observed(game_env, state, agent)
            after = observed(game_env, moved(game_env.map, state, list(seen.hidden),
                                             seen.seen), agent)
            assert same(before, after), f"{agent} learns of a hidden enemy at turn {state.turn}"
            checked += 1
    assert checked >= 10  # the games had hidden enemies to look for


def test_the_check_sees_an_enemy_in_sight_move():
    """The comparison above is not blind: the same change to an enemy in sight shows."""
    game_env = LaserFlagEnv(map="duel", fog=True)
    for _ in random_steps(game_env, seed=2, steps=400):
        state = game_env.game.state()
        seen = view(state, "1")
        shown = [u.id for u in seen.units if u.team == "2"]
        if shown:
            break
    else:
        pytest.fail("no enemy ever came in sight")
    before = observed(game_env, state, "team_1")
    after = observed(game_env, moved(game_env.map, state, shown[:1], frozenset()), "team_1")
    assert not same(before, after)

