"""The flat action space: each index one action, and the mask exactly the legal actions."""

from __future__ import annotations

import numpy as np
import pytest

from laser_flag.engine import EndTurn, Fire, IllegalAction, Move
from laser_flag.engine.refusals import why_not
from laser_flag.env import LaserFlagEnv
from tests.fast import map_marks

from .conftest import BUNDLED, random_steps


def unmasked(game_env: LaserFlagEnv, agent: str) -> list:
    mask = game_env.observe(agent)["action_mask"]
    return [game_env.decode(agent, i) for i in np.flatnonzero(mask)]


MAPS = [pytest.param(name, marks=map_marks(name)) for name in BUNDLED]


@pytest.mark.parametrize("fog", [pytest.param(False, marks=pytest.mark.slow), True])
@pytest.mark.parametrize("name", MAPS)
def test_the_mask_is_exactly_the_legal_actions_in_random_games(name, fog):
    """At every step the unmasked indices, in order, are legal_actions() in its order; on
    every tenth step, every index of both teams is asked of the rules' own refusals: the
    rules accept it exactly where the mask says 1."""
    game_env = LaserFlagEnv(map=name, fog=fog)
    steps = 0
    for steps, agent in enumerate(random_steps(game_env, seed=1, steps=300), 1):
        state = game_env.game.state()
        assert unmasked(game_env, agent) == list(game_env.game.legal_actions())
        waiting = next(a for a in game_env.agents if a != agent)
        assert not game_env.observe(waiting)["action_mask"].any()  # not its turn
        if steps % 10 == 1:
            mask = game_env.observe(agent)["action_mask"]
            accepted = [why_not(state, game_env.decode(agent, i)) is None
                        for i in range(len(mask))]
            assert accepted == mask.astype(bool).tolist()
    assert steps >= 100 or game_env.game.over


@pytest.mark.parametrize("name", ["duel", "gridlock"])
def test_every_index_is_one_action_and_every_action_one_index(name):
    game_env = LaserFlagEnv(map=name)
    gm = game_env.map
    for agent in game_env.possible_agents:
        size = game_env.action_space(agent).n
        actions = [game_env.decode(agent, i) for i in range(size)]
        assert len(set(actions)) == size
        assert [game_env.encode(agent, a) for a in actions] == list(range(size))
        team = agent[-1]
        ours = [u for u, spec in enumerate(gm.units) if spec.team == team]
        theirs = [u for u, spec in enumerate(gm.units) if spec.team != team]
        assert size == len(ours) * (gm.rows * gm.cols + len(theirs)) + 1
        assert actions[-1] == EndTurn()
        assert all(type(a) is Move and a.unit_id in ours or type(a) is Fire and a.unit_id in ours
                   and a.target_id in theirs for a in actions[:-1])


def test_the_documented_encoding():
    """Unit k's block: its moves in reading order, then a shot at each enemy; EndTurn last."""
    game_env = LaserFlagEnv(map="duel")  # 11 x 11, four units a side
    ours = [u for u, spec in enumerate(game_env.map.units) if spec.team == "1"]
    theirs = [u for u, spec in enumerate(game_env.map.units) if spec.team == "2"]
    block = 121 + 4
    assert game_env.decode("team_1", 0) == Move(ours[0], (0, 0))
    assert game_env.decode("team_1", 2 * 11 + 3) == Move(ours[0], (2, 3))
    assert game_env.decode("team_1", block + 121 + 2) == Fire(ours[1], theirs[2])
    assert game_env.decode("team_1", 4 * block) == EndTurn()


def test_a_masked_or_unknown_index_is_refused_and_changes_nothing():
    game_env = LaserFlagEnv(map="duel")
    game_env.reset(seed=1)
    before = game_env.game.state()
    mask = game_env.observe("team_1")["action_mask"]
    refused = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction) as refusal:
        game_env.step(refused)
    assert refusal.value.reason == game_env.game.why_not(game_env.decode("team_1", refused))
    with pytest.raises(IllegalAction, match="No action 99999: team_1's are 0 to"):
        game_env.step(99999)
    with pytest.raises(IllegalAction):
        game_env.step(-1)
    with pytest.raises(IllegalAction, match="Not an action index: float"):
        game_env.step(1.0)
    assert game_env.game.state() is before
    assert game_env.agent_selection == "team_1"
    game_env.step(np.int64(np.flatnonzero(mask)[0]))  # numpy's integers are indices too
    assert len(game_env.game.history) == 1
