"""The game a bot thinks on: its team's view of the game (the engine's `view`), never the true
game (RULES §9), and the bot's guesses about what the view hides.

Without fog a team knows everything and the game is its own belief. With fog the belief holds
what the view shows (the team's own units and the enemies in sight) and a "ghost" for each
hidden enemy: a unit of its
class standing where the team last saw it (or, never seen, on its starting tile, which the map
shows every player), charged and with full AP, as the most a player could fear, but holding no
snap shots, so that a guess never freezes the bot in place. A ghost whose tile is in sight (the
team knows the enemy left it) or taken is left out, so that a guess never makes a bot timid
(placing it elsewhere did: docs/BALANCE_LOG.md, "Figures behind the code's choices"). Only when
no enemy at all would be left, each ghost stands on the nearest tile out of sight, so that no
what-if of a searching bot wins by eliminating a team that is merely out of sight. Ghosts never
stand in LOS of the team's units, so they are never targets, and the tiles they block are a
few of the ones the true game offers: every action a bot picks in the belief is legal in the
true game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Set

from laser_flag.engine import CHARGED, NEIGHBOURS, Game, GameMap, Pos, TeamView, Unit, known_game


def believed_game(game: Game) -> Game:
    """What the active team knows of `game`, as a game without fog to think on."""
    if not game.fog:
        return game
    seen = game.observe(game.active_team)
    units = [*seen.units, *_ghosts(game, seen)]
    return known_game(game.map, seen, seed=game.seed, units=units, fog=False)


def _ghosts(game: Game, obs: TeamView) -> list[Unit]:
    excluded = set(obs.seen or ()) | {u.pos for u in obs.units}  # tiles in sight or taken
    ghosts = _placed(game, obs, excluded, hide_nearby=False)
    if not ghosts and all(u.team == obs.team for u in obs.units):
        ghosts = _placed(game, obs, excluded, hide_nearby=True)
    return ghosts


def _placed(game: Game, obs: TeamView, excluded: Set[Pos], hide_nearby: bool) -> list[Unit]:
    """A ghost per hidden enemy on its believed tile; one that is excluded moves to the nearest
    free tile (`hide_nearby`) or is left out."""
    gm, taken, ghosts = game.map, set(excluded), []
    for uid in obs.hidden:
        pos: Pos | None = _believed_tile(game, obs, uid)
        if pos in taken:
            pos = _nearest_free(gm, pos, taken) if hide_nearby else None
        if pos is None:
            continue
        spec = gm.units[uid]
        ghosts.append(Unit(uid, spec.team, spec.unit_class, pos, game.rules.ap_per_turn,
                           laser=CHARGED, elevated=gm.is_cover(pos)))
        taken.add(pos)
    return ghosts


def _believed_tile(game: Game, obs: TeamView, uid: int) -> Pos:
    seen = obs.last_seen.get(uid)
    return seen[0] if seen is not None else game.map.units[uid].pos


def _nearest_free(gm: GameMap, start: Pos, excluded: Set[Pos]) -> Pos | None:
    """The open tile nearest `start` (in steps, in a fixed order) that is not `excluded`."""
    queue, visited = deque([start]), {start}
    while queue:
        pos = queue.popleft()
        if pos not in excluded:
            return pos
        for dr, dc in NEIGHBOURS:
            nxt = (pos[0] + dr, pos[1] + dc)
            if nxt not in visited and not gm.is_wall(nxt):
                visited.add(nxt)
                queue.append(nxt)
    return None
