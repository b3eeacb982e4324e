"""The PettingZoo environment's speed: env steps per second of a random agent (laser_flag.env).

A step is what a learning loop does per action: `last()` (the acting team's observation and
action mask, built from its view) and `step()` of a uniformly random unmasked action, games
reset as they end (each with the next seed). Beside it, the engine alone: `legal_actions()` +
`apply()` of random actions, so the environment's own share shows. Both count this process's
CPU time, the median of REPEATS runs: the machine is shared, and wall time would measure the
neighbours too.

Run: nice -n 10 .venv/bin/python benchmarks/env.py [MAP ...]   (crossfire by default; figures
never asserted; needs the [rl] extra: pip install 'laser-flag[rl]')
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from laser_flag.engine import Game
from laser_flag.resources import readable_map

SECONDS = 2.0  # CPU time per run
REPEATS = 3


def env_steps_per_second(env: Callable[..., Any], path: Path, fog: bool) -> float:
    """last() + step() of random unmasked actions, for whichever team is to play."""
    game_env = env(map=path, fog=fog)
    seed = 0
    game_env.reset(seed=seed)
    steps, start = 0, time.process_time()
    while time.process_time() - start < SECONDS:
        if not game_env.agents:
            seed += 1
            game_env.reset(seed=seed)
        agent = game_env.agent_selection
        observation, _, terminated, truncated, _ = game_env.last()
        ended = terminated or truncated
        game_env.step(None if ended else
                      game_env.action_space(agent).sample(observation["action_mask"]))
        steps += not ended  # the steps of agents leaving a finished game are not actions
    return steps / (time.process_time() - start)


def engine_steps_per_second(env: Callable[..., Any], path: Path, fog: bool) -> float:
    """legal_actions() + apply() of random actions on the environment's map, the same way."""
    gm = env(map=path).unwrapped.map
    rng, seed = random.Random(1), 0
    game = Game(gm, seed=seed, fog=fog)
    steps, start = 0, time.process_time()
    while time.process_time() - start < SECONDS:
        if game.over or game.round > 100:
            seed += 1
            game = Game(gm, seed=seed, fog=fog)
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
    return steps / (time.process_time() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("maps", nargs="*", metavar="MAP",
                        help="map files or maps' names (default: crossfire)")
    names = parser.parse_args(argv).maps or ["crossfire"]
    try:
        paths = [readable_map(name) for name in names]
    except ValueError as err:
        parser.error(str(err))
    try:  # only now: --help and a bad argument need no [rl] extra
        from laser_flag.env import env
    except ImportError as missing:  # its message names the extra to install
        parser.exit(2, f"{parser.prog}: error: {missing}\n")
    print(f"{'map':12} {'fog':4} {'env steps/s':>12} {'engine steps/s':>15}")
    for name, path in zip(names, paths, strict=True):
        for fog in (False, True):
            env_rate = statistics.median(
                env_steps_per_second(env, path, fog) for _ in range(REPEATS))
            engine_rate = statistics.median(
                engine_steps_per_second(env, path, fog) for _ in range(REPEATS))
            print(f"{name:12} {'on' if fog else 'off':4} {env_rate:12,.0f} {engine_rate:15,.0f}")


if __name__ == "__main__":
    main()
