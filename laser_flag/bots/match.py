"""One game between two bots, start to finish, with a round cap so a match always ends."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from laser_flag.engine import Action, Game, GameMap

from .budget import Budget
from .registry import make_bot

CAP_REASON = "cap"  # the victory reason of a game stopped by the round cap: a draw
DRAW = "draw"


def derive_seed(*parts: object) -> int:
    """A 32-bit seed from its parts, the same in every process (never from time or order)."""
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:4], "big")


@dataclass(frozen=True)
class MatchResult:
    """How one game ended: winner '1', '2' or 'draw', the reason, its length and scores."""

    bots: tuple[str, str]  # the bot of team 1, the bot of team 2
    winner: str
    victory: str
    rounds: int
    scores: tuple[int, int]


def play_match(gm: GameMap, bots: tuple[str, str], seed: int, max_rounds: int,
               fog: bool | None = None, budget: Budget | None = None,
               on_events: Callable[[Sequence[object]], None] | None = None,
               before_action: Callable[[Game, Action], None] | None = None) -> MatchResult:
    """Play bots[0] (team 1) against bots[1] (team 2); past `max_rounds` rounds it is a draw.

    `fog` as Game takes it: None plays as the map says. `budget` goes to the bots that search;
    `on_events` sees the events of every action, in order (the lab's hit map follows them);
    `before_action` sees the game and each action a bot chose, before it is applied (the loss
    study, benchmarks/hits.py, reads the units as they stood)."""
    game = Game(gm, seed=derive_seed(seed, "game"), fog=fog)
    players = {team: make_bot(name, derive_seed(seed, "bot", team), budget)
               for team, name in zip("12", bots, strict=True)}
    try:
        while not game.over and game.round <= max_rounds:
            action = players[game.active_team].decide(game)
            if before_action is not None:
                before_action(game, action)
            events = game.apply(action)
            for player in players.values():
                player.seen(game)
            if on_events is not None:
                on_events(events)
    finally:
        for player in players.values():
            player.close()
    winner, victory = (game.winner, game.victory) if game.over else (DRAW, CAP_REASON)
    rounds = min(game.round, max_rounds)
    return MatchResult(bots, winner, victory, rounds, (game.scores["1"], game.scores["2"]))
