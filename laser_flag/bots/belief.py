"""The game a bot thinks on: its team's observation, never the true game (RULES §9).

Without fog a team knows everything and the game is its own belief. With fog the belief holds
the team's own units, the enemies in sight, and a "ghost" for each hidden enemy: a unit of its
class standing where the team last saw it (or, never seen, on its starting tile, which the map
shows every player), charged and with full AP, as the most a player could fear, but holding no
snap shots, so that a guess never freezes the bot in place. A ghost is left out when its tile
is in sight (the team knows it is gone) or is taken. Ghosts never stand in LOS of the team's
units, so they are never targets, and the tiles they block are a few of the ones the true game
offers: every action a bot picks in the belief is legal in the true game.
"""

from __future__ import annotations

from dataclasses import replace

from laser_flag.engine import CHARGED, Game, Observation, Pos, Unit


def believed_game(game: Game) -> Game:
    """What the active team knows of `game`, as a game without fog to think on."""
    if not game.fog:
        return game
    obs = game.observe(game.active_team)
    units = list(obs.units) + _ghosts(game, obs)
    state = replace(game.state(), units=tuple(sorted(units, key=lambda u: u.id)), last_seen=())
    return Game.from_state(game.map, state, seed=game.seed, fog=False)


def _ghosts(game: Game, obs: Observation) -> list[Unit]:
    vis = game.map.visibility
    eyes = [u.pos for u in obs.units if u.team == obs.team]
    taken = {u.pos for u in obs.units}
    ghosts = []
    for uid in obs.hidden:
        pos = _believed_tile(game, obs, uid)
        if pos in taken or any(vis.sees(eye, pos) for eye in eyes):
            continue
        spec = game.map.units[uid]
        ghosts.append(Unit(uid, spec.team, spec.unit_class, pos, game.rules.ap_per_turn,
                           laser=CHARGED, elevated=game.map.is_cover(pos)))
        taken.add(pos)
    return ghosts


def _believed_tile(game: Game, obs: Observation, uid: int) -> Pos:
    seen = obs.last_seen.get(uid)
    return seen[0] if seen is not None else game.map.units[uid].pos
