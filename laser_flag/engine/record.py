"""A game as data: actions to and from JSON, and a digest of the whole state for checking saves.

A game is recorded as its map, seed and action history (OpenSpiel style); replaying the
actions on a new Game with the same seed reproduces every die, so the digest must match.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .actions import ACTIONS, NAMES, Action, IllegalAction
from .game import Game


def action_to_json(action: Action) -> list[Any]:
    """["move", unit, row, col], ["fire", unit, target] or ["end_turn"] (`ACTIONS`)."""
    name = NAMES.get(type(action))
    if name is None:
        raise TypeError(f"not an action: {action!r}")
    return [name, *action.args()]


def action_from_json(data: Any) -> Action:
    """The inverse of action_to_json; ValueError says what is wrong with `data`."""
    if not (isinstance(data, list) and data and isinstance(data[0], str) and data[0] in ACTIONS):
        raise ValueError(f"not an action: {data!r}")
    kind, args = ACTIONS[data[0]], data[1:]
    if len(args) != kind.ARITY or not all(type(a) is int for a in args):
        raise ValueError(f"{data[0]} takes {kind.ARITY} integers: {data!r}")
    return kind.from_args(args)


def state_of(game: Game) -> dict[str, Any]:
    """The digest's input, read from the game's state record, as plain JSON values.

    Its layout is frozen: every save holds a digest of it, so a change here breaks old saves
    (fog games add their flag and the teams' last-seen memory).
    """
    state = game.state()
    data = {
        "units": [[u.id, u.team, u.unit_class, list(u.pos), u.ap, u.laser, u.snap_shots, u.fired]
                  for u in state.units],
        "active_team": state.active_team,
        "turn": state.turn,
        "scores": dict(state.scores),
        "stats": {team: dict(stats) for team, stats in state.stats.items()},
        "winner": state.winner,
        "victory": state.victory,
        "rng": repr(state.rng.getstate()),
    }
    if game.fog:  # only fog games hold these, so the digests of other games stay as they were
        data["fog"] = True
        data["last_seen"] = [[t, uid, list(pos), rnd] for t, uid, pos, rnd in state.last_seen]
    return data


def state_digest(game: Game) -> str:
    """A SHA-256 of the state, to check that a replayed record arrives where it was saved."""
    text = json.dumps(state_of(game), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def replay(game: Game, actions: list[Action]) -> Game:
    """Apply a recorded action list to a fresh game; IllegalAction names the first bad one."""
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except IllegalAction as err:
            raise IllegalAction(f"action {i} ({action_to_json(action)}): {err.reason}") from err
    return game
