"""Laser Flag as a PettingZoo AEC environment for learning agents (`pip install laser-flag[rl]`).

Two agents, "team_1" and "team_2", take turns as the rules do: the agent selected is the team
to play, and it acts until it ends its turn. `env(map="crossfire", fog=None, max_rounds=100)`
makes one; `map` is a bundled map's name, a map file or a `GameMap`, and `fog` switches fog of
war on or off (None: the map's default).

Actions: one Discrete space per team, a block of indices per unit of the team (in id order),
then EndTurn last, so the unmasked indices in order are `legal_actions()` in its order:

    index = k * (T + E) + row * cols + col    Move the team's k-th unit to (row, col)
    index = k * (T + E) + T + j               Fire the team's k-th unit at the j-th enemy unit
    index = K * (T + E)                       EndTurn

where T = rows * cols, K is the number of the team's units on the map and E of the enemy's
(their ids in the map's order: `decode` / `encode` turn an index into an action and back).

Observations: `{"observation": planes, "action_mask": mask}`. `mask` (int8) is 1 exactly at
the indices of the legal actions of the team to play and 0 elsewhere (all 0 for the team
waiting). `planes` (float32, rows x cols x CHANNELS) hold what the team's view
(`engine.view`) holds and nothing else: the mask is asked of a state made from that view
(`engine.known_state`), so under fog a hidden enemy leaves no trace in either.

Rewards: a point scored is worth 1 / (the scoring team's score limit) to its team, and as much
less to the other; the result adds +1 for the winner and -1 for the loser. Every step's
rewards sum to zero, and a game won has a positive return, a game lost a negative one. A map's
turn limit ends the game by its rules (a termination, with its result); a game still going
when team 2 ends round `max_rounds` is truncated with no result. `reset(seed=s)` plays the
game `laser-flag --seed s` would: the same seed, the same dice and so the same game.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper
except ImportError as missing:  # the optional extra is not installed: say which one
    raise ImportError(f"laser_flag.env needs the [rl] extra: pip install 'laser-flag[rl]' "
                      f"({missing})") from missing

from .engine import Action, EndTurn, Fire, Game, GameMap, IllegalAction, MapError, Move, load_map
from .engine.game_map import BASE_1, BASE_2, BASE_U, ELEVATED, LEVEL, WALL
from .engine.legal import legal
from .engine.team_view import TeamView, known_state
from .engine.terms import TEAMS, Team, other_team
from .resources import bundled_maps

AGENTS = {Team.ONE: "team_1", Team.TWO: "team_2"}
TEAM_OF = {agent: team for team, agent in AGENTS.items()}
UNIT_CHANNELS = ("ap", "charged", "charging", "deactivated", "snap_shots", "elevated", "fired")
GLOBAL_CHANNELS = ("to_play", "round", "last_round", "score", "enemy_score", "score_limit",
                   "enemy_score_limit")


def channels(gm: GameMap) -> tuple[str, ...]:
    """The planes' names, in order: terrain, sight, the team's units, the enemies in sight
    (each a plane per class, then UNIT_CHANNELS), hidden enemies' last-seen tiles (how many,
    and the latest round one was seen there), then numbers shown on every tile
    (GLOBAL_CHANNELS)."""
    unit = (*gm.rules.classes, *UNIT_CHANNELS)
    return ("wall", "cover", "base", "enemy_base", "in_sight",
            *(f"unit_{name}" for name in unit), *(f"enemy_{name}" for name in unit),
            "last_seen", "last_seen_round", *GLOBAL_CHANNELS)


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped as PettingZoo's own are (no step before reset)."""
    return OrderEnforcingWrapper(LaserFlagEnv(**kwargs))


class LaserFlagEnv(AECEnv):
    """The raw AEC environment (see the module): `game` is the game being played."""

    metadata = {"name": "laser_flag_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, map: str | Path | GameMap = "crossfire", fog: bool | None = None,
                 max_rounds: int = 100, render_mode: str | None = None) -> None:
        super().__init__()
        self.map = map if isinstance(map, GameMap) else _load(map)
        self.fog, self.max_rounds, self.render_mode = fog, max_rounds, render_mode
        self.possible_agents = list(AGENTS.values())
        self._codes = {team: ActionCodes(self.map, team) for team in TEAMS}
        self._planes = Planes(self.map, max_rounds)
        self._seeds = random.Random()
        self.action_spaces = {AGENTS[t]: spaces.Discrete(len(c.actions))
                              for t, c in self._codes.items()}
        self.observation_spaces = {
            AGENTS[t]: spaces.Dict({
                "observation": spaces.Box(0, self._planes.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (len(c.actions),), dtype=np.int8)})
            for t, c in self._codes.items()}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)  # later resets without a seed follow from it
        self.game = Game(self.map, seed=seed if seed is not None else
                         self._seeds.randrange(2**32), fog=self.fog)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = AGENTS[self.game.active_team]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        team = TEAM_OF[agent]
        seen = self.game.observe(team)
        mask = np.zeros(len(self._codes[team].actions), dtype=np.int8)
        if seen.active_team == team:
            mask[self._codes[team].indices(legal(known_state(seen, self.game.index)))] = 1
        return {"observation": self._planes.of(seen), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        before = dict(self.game.scores)
        self.game.apply(self.decode(agent, action))  # IllegalAction where the mask says 0
        self._cumulative_rewards[agent] = 0.0  # last() handed it over
        self.rewards = self._rewards(before)
        self._accumulate_rewards()
        game = self.game
        if game.over or game.round > self.max_rounds:
            ended = self.terminations if game.over else self.truncations
            for other in self.agents:
                ended[other] = True
                self.infos[other] = {"winner": game.winner, "victory": game.victory}
        else:
            self.agent_selection = AGENTS[game.active_team]

    def _rewards(self, before: dict[str, int]) -> dict[str, float]:
        """Points scored by each team in the step, each worth 1/limit, and ±1 for a result."""
        limits, scores = self.map.score_limit, self.game.scores
        gained = {t: (scores[t] - before[t]) / limits[t] for t in TEAMS}
        result = {t: 0.0 if self.game.winner in (None, "draw") else
                  1.0 if self.game.winner == t else -1.0 for t in TEAMS}
        return {AGENTS[t]: gained[t] - gained[other_team(t)] + result[t] for t in TEAMS}

    def decode(self, agent: str, index: int) -> Action:
        """The action an index stands for (see the module); IllegalAction outside the space."""
        actions = self._codes[TEAM_OF[agent]].actions
        if not isinstance(index, int | np.integer):
            raise IllegalAction(f"Not an action index: {type(index).__name__}.")
        if not 0 <= index < len(actions):
            raise IllegalAction(f"No action {index}: {agent}'s are 0 to {len(actions) - 1}.")
        return actions[int(index)]

    def encode(self, agent: str, action: Action) -> int:
        """The index of an action of `agent`'s team (see the module)."""
        return self._codes[TEAM_OF[agent]].indices([action])[0]

    def render(self) -> str | None:
        """With render_mode "ansi", the board as text: floor ., cover ^, walls #, bases 1, 2
        and u (either team's), units by class (Plain p, Scout s, Sniper n, Grunt g; team 1's in
        capitals); everything on the board, fog or not."""
        if self.render_mode != "ansi":
            return None
        rows = [[_TILE_TEXT[kind] for kind in row] for row in self.map.tiles]
        for u in self.game.units:
            letter = _UNIT_TEXT[u.unit_class]
            rows[u.pos[0]][u.pos[1]] = letter.upper() if u.team == Team.ONE else letter
        return "\n".join("".join(row) for row in rows)

    def close(self) -> None:
        """Nothing to release: no window, no file, no process."""


_TILE_TEXT = {LEVEL: ".", ELEVATED: "^", WALL: "#", BASE_1: "1", BASE_2: "2", BASE_U: "u"}
_UNIT_TEXT = {"basic": "p", "scout": "s", "sniper": "n", "grunt": "g"}


class ActionCodes:
    """One team's flat action encoding (see the module): `actions[index]`, and back."""

    def __init__(self, gm: GameMap, team: Team) -> None:
        self.tiles, self.cols = gm.rows * gm.cols, gm.cols
        ids = [uid for uid, spec in enumerate(gm.units) if spec.team == team]
        enemies = [uid for uid, spec in enumerate(gm.units) if spec.team != team]
        self.block = self.tiles + len(enemies)
        self.slot = {uid: k for k, uid in enumerate(ids)}
        self.enemy_slot = {uid: j for j, uid in enumerate(enemies)}
        self.actions: list[Action] = [
            *(action for uid in ids for action in (
                *(Move(uid, pos) for pos in gm.positions()),
                *(Fire(uid, enemy) for enemy in enemies))),
            EndTurn()]

    def indices(self, actions: Any) -> list[int]:
        """The index of each action (of this team), in order."""
        slot, block, cols = self.slot, self.block, self.cols  # hundreds of actions a step
        found = []
        for a in actions:
            if type(a) is Move:
                row, col = a.to
                found.append(slot[a.unit_id] * block + row * cols + col)
            elif type(a) is Fire:
                found.append(slot[a.unit_id] * block + self.tiles + self.enemy_slot[a.target_id])
            else:
                found.append(len(self.actions) - 1)
        return found


class Planes:
    """The observation's planes of one map (see `channels`): the terrain made once."""

    def __init__(self, gm: GameMap, max_rounds: int) -> None:
        self.names = channels(gm)
        self.at = {name: i for i, name in enumerate(self.names)}
        self.map = gm
        self.last_round = min(gm.turn_limit or max_rounds, max_rounds)
        self.terrain = {team: self._terrain(team) for team in TEAMS}
        rules, limits = gm.rules, gm.score_limit
        high = dict.fromkeys(self.names, 1.0)
        for side in ("unit", "enemy"):
            high[f"{side}_ap"] = rules.ap_per_turn
            high[f"{side}_snap_shots"] = max(c.max_snap_shots for c in rules.classes.values())
        high |= {"last_seen": len(gm.units), "last_seen_round": max_rounds + 1,
                 "round": max_rounds + 1, "last_round": max_rounds,
                 "score": max(limits.values()), "enemy_score": max(limits.values()),
                 "score_limit": max(limits.values()), "enemy_score_limit": max(limits.values())}
        self.high = np.broadcast_to(np.array([high[n] for n in self.names], np.float32),
                                    (gm.rows, gm.cols, len(self.names))).copy()

    def _terrain(self, team: Team) -> np.ndarray:
        gm, at = self.map, self.at
        planes = np.zeros((gm.rows, gm.cols, len(self.names)), np.float32)
        for pos in gm.positions():
            planes[(*pos, at["wall"])] = gm.is_wall(pos)
            planes[(*pos, at["cover"])] = gm.is_cover(pos)
            planes[(*pos, at["base"])] = gm.base_serves(pos, team)
            planes[(*pos, at["enemy_base"])] = gm.base_serves(pos, other_team(team))
        return planes

    def of(self, seen: TeamView) -> np.ndarray:
        """The planes of what one team knows (`seen`: its view)."""
        team, at = seen.team, self.at
        planes = self.terrain[team].copy()
        if seen.seen is None:
            planes[:, :, at["in_sight"]] = 1
        else:
            rows, cols = zip(*seen.seen, strict=True) if seen.seen else ((), ())
            planes[rows, cols, at["in_sight"]] = 1
        for u in seen.units:
            side = "unit" if u.team == team else "enemy"
            cell = planes[u.pos]
            cell[at[f"{side}_{u.unit_class}"]] = 1
            cell[at[f"{side}_{u.laser}"]] = 1
            cell[at[f"{side}_ap"]] = u.ap
            cell[at[f"{side}_snap_shots"]] = u.snap_shots
            cell[at[f"{side}_elevated"]] = u.elevated
            cell[at[f"{side}_fired"]] = u.fired
        for pos, rnd in seen.last_seen.values():
            cell = planes[pos]
            cell[at["last_seen"]] += 1
            cell[at["last_seen_round"]] = max(rnd, cell[at["last_seen_round"]])
        enemy = other_team(team)
        numbers = {"to_play": seen.active_team == team, "round": seen.round,
                   "last_round": self.last_round, "score": seen.scores[team],
                   "enemy_score": seen.scores[enemy],
                   "score_limit": self.map.score_limit[team],
                   "enemy_score_limit": self.map.score_limit[enemy]}
        for name, value in numbers.items():
            planes[:, :, at[name]] = value
        return planes


def _load(name: str | Path) -> GameMap:
    """A map file, else a bundled map by name ("crossfire"); MapError names the choices."""
    path, bundled = Path(name), bundled_maps() / f"{name}.json"
    if not path.exists() and not bundled.is_file():
        names = ", ".join(sorted(p.stem for p in bundled_maps().glob("*.json")))
        raise MapError(f"no map file {str(name)!r}, and no bundled map of that name ({names})")
    return load_map(path if path.exists() else bundled)
