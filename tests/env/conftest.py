"""Helpers for the environment's tests: random games played through the environment."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from laser_flag.env import LaserFlagEnv

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = sorted(p.stem for p in (ROOT / "maps").glob("*.json"))


def random_steps(game_env: LaserFlagEnv, seed: int, steps: int) -> Iterator[str]:
    """Resets `game_env` with `seed` and plays random unmasked actions (the action spaces seeded
    too), yielding the agent to play before each action, until the game ends or `steps` ran."""
    game_env.reset(seed=seed)
    for agent in game_env.possible_agents:
        game_env.action_space(agent).seed(seed)
    for _ in range(steps):
        agent = game_env.agent_selection
        if game_env.terminations[agent] or game_env.truncations[agent]:
            return
        yield agent
        mask = game_env.observe(agent)["action_mask"]
        game_env.step(game_env.action_space(agent).sample(mask))
