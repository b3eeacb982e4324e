"""Playing the environment: seeds, rewards, the end of a game, the board as text."""

from __future__ import annotations

import pytest

from laser_flag.engine import EndTurn, Game, MapError
from laser_flag.engine.record import state_digest
from laser_flag.engine.terms import DRAW, TEAMS, other_team
from laser_flag.env import AGENTS, TEAM_OF, LaserFlagEnv, channels, env

from ..engine.conftest import make_map
from .conftest import ROOT, random_steps


def play_out(game_env: LaserFlagEnv, seed: int) -> dict[str, float]:
    """A random game to its end; each agent's return (the rewards of all its steps)."""
    returns = dict.fromkeys(game_env.possible_agents, 0.0)
    for _ in random_steps(game_env, seed=seed, steps=10**6):
        assert sum(game_env.rewards.values()) == pytest.approx(0)
        for agent, reward in game_env.rewards.items():
            returns[agent] += reward
    for agent, reward in game_env.rewards.items():
        returns[agent] += reward
    return returns


def test_the_same_seed_plays_the_same_game():
    first, second, other = (LaserFlagEnv(map="duel") for _ in range(3))
    moves = [list(random_steps(e, seed, 200)) for e, seed in ((first, 4), (second, 4), (other, 5))]
    assert moves[0] == moves[1]
    assert first.game.history == second.game.history
    assert state_digest(first.game) == state_digest(second.game)  # the dice included
    assert other.game.history != first.game.history


def test_a_seed_plays_the_game_of_that_seed():
    """reset(seed=s) is the game `--seed s` plays: its actions replayed on Game(seed=s) roll
    the same dice."""
    game_env = LaserFlagEnv(map="crossfire")
    for _ in random_steps(game_env, seed=11, steps=150):
        pass
    replayed = Game(game_env.map, seed=11)
    for action in game_env.game.history:
        replayed.apply(action)
    assert replayed.state() == game_env.game.state()


def test_resets_without_a_seed_follow_from_the_last_seed():
    one, two = LaserFlagEnv(map="duel"), LaserFlagEnv(map="duel")
    for e in (one, two):
        e.reset(seed=9)
        e.reset()
    assert one.game.seed == two.game.seed != 9
    unseeded = [LaserFlagEnv(map="duel") for _ in range(2)]
    for e in unseeded:
        e.reset()
    assert unseeded[0].game.seed != unseeded[1].game.seed


@pytest.mark.parametrize(("name", "fog", "seed"), [("duel", False, 1), ("crossfire", True, 2),
                                                   ("commons", False, 3)])
def test_rewards_are_the_points_and_the_result(name, fog, seed):
    """Each step's rewards sum to zero; a game's return is each point scored over the team's
    limit, less the other's, and +1 / -1 for a result, so a win's return is positive."""
    game_env = LaserFlagEnv(map=name, fog=fog, max_rounds=500)
    returns = play_out(game_env, seed)
    game, limits = game_env.game, game_env.map.score_limit
    assert game.over
    for team in TEAMS:
        points = game.scores[team] / limits[team] - game.scores[other_team(team)] / limits[
            other_team(team)]
        result = 0 if game.winner == DRAW else 1 if game.winner == team else -1
        assert returns[AGENTS[team]] == pytest.approx(points + result)
        assert game.winner == DRAW or (returns[AGENTS[team]] > 0) == (game.winner == team)
    assert all(game_env.terminations.values()) and not any(game_env.truncations.values())
    assert game_env.infos[AGENTS[TEAMS[0]]] == {"winner": game.winner, "victory": game.victory}


def ending_turns(game_env: LaserFlagEnv) -> int:
    """Both teams end every turn at once until the game stops; the steps taken."""
    steps = 0
    while not any(game_env.terminations.values()) and not any(game_env.truncations.values()):
        game_env.step(game_env.encode(game_env.agent_selection, EndTurn()))
        steps += 1
    return steps


def test_a_game_still_going_at_the_cap_is_truncated():
    game_env = LaserFlagEnv(map="duel", max_rounds=3)
    game_env.reset(seed=1)
    assert ending_turns(game_env) == 6
    assert all(game_env.truncations.values()) and not any(game_env.terminations.values())
    assert game_env.infos["team_1"] == {"winner": None, "victory": None}
    assert game_env.rewards == {"team_1": 0.0, "team_2": 0.0}
    for _ in range(2):  # each agent leaves with a last step of None
        assert game_env.agent_selection in game_env.agents
        game_env.step(None)
    assert game_env.agents == []


def test_the_maps_turn_limit_ends_the_game_with_its_result():
    """blitz's turn limit (12 rounds) comes before the cap: the rules give it a result, a draw
    at 0-0, so the game terminates rather than being cut off."""
    game_env = LaserFlagEnv(map="blitz", max_rounds=100)
    game_env.reset(seed=1)
    assert ending_turns(game_env) == 24
    assert all(game_env.terminations.values()) and not any(game_env.truncations.values())
    assert game_env.infos["team_2"] == {"winner": DRAW, "victory": "turn_limit"}
    rounds = channels(game_env.map).index("last_round")
    assert game_env.observe("team_1")["observation"][0, 0, rounds] == 12


def test_the_acting_agent_is_the_team_to_play_until_it_ends_its_turn():
    game_env = env(map="duel")
    seen = []
    for agent in random_steps(game_env, seed=3, steps=40):  # seeded, and stops at the game's end
        assert TEAM_OF[agent] == game_env.unwrapped.game.active_team
        seen.append(agent)
    assert any(a == b for a, b in zip(seen, seen[1:], strict=False))  # several in a turn
    assert set(seen) == {"team_1", "team_2"}


def test_the_board_as_text():
    game_env = LaserFlagEnv(map="duel", render_mode="ansi")
    game_env.reset(seed=1)
    rows = game_env.render().splitlines()
    assert len(rows) == game_env.map.rows and {len(r) for r in rows} == {game_env.map.cols}
    for u in game_env.game.units:
        letter = rows[u.pos[0]][u.pos[1]]
        assert letter.lower() == {"basic": "p", "scout": "s", "sniper": "n", "grunt": "g"}[
            u.unit_class] and letter.isupper() == (u.team == "1")
    assert rows[0][0] == "#" or game_env.map.tile(0, 0) != "wall"
    assert LaserFlagEnv(map="duel").render() is None  # no render mode: nothing drawn


def test_a_map_by_name_by_file_or_as_a_map(tmp_path):
    from_file = LaserFlagEnv(map=ROOT / "maps" / "duel.json")
    assert from_file.map.name == LaserFlagEnv(map="duel").map.name
    tiny = make_map(["1....", ".....", "..#..", ".....", "....2"],
                    [("1", "scout", 0, 1), ("2", "grunt", 4, 3)])
    game_env = LaserFlagEnv(map=tiny, fog=True)
    assert game_env.action_space("team_1").n == 25 + 1 + 1
    assert list(random_steps(game_env, seed=1, steps=5))[0] == "team_1"
    with pytest.raises(MapError, match="no map file 'nowhere', and no bundled map of that name "
                       r"\(bastion, blitz"):
        LaserFlagEnv(map="nowhere")
