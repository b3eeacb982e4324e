"""`laser-flag --map MAP --team1 LEVEL --team2 LEVEL --headless`: bots play a game to its end
with no window, and the result is printed; `--save FILE` keeps it for `laser-flag replay FILE`.

The game is the one the window would play with the same options: the same map, dice seed, fog
and bots, each seeded as the client seeds them (`ui.bot_turns.BotTurns`), so a headless run of
`--seed N` and the window's game of `--seed N` decide alike.
"""

from __future__ import annotations

from pathlib import Path

from .saves import UnsavableGame, write_save
from .ui.bot_turns import BotTurns
from .ui.log_text import game_over_text
from .ui.session import Session

MAX_ROUNDS = 200  # as the lab's cap: a game still going then is left unfinished, and said so


def bots_only(levels: dict[str, str]) -> str | None:
    """Why these players cannot play headless (a person plays a team), or None."""
    people = [team for team, bot in BotTurns(levels, 0).bots.items() if bot is None]
    if people:
        return (f"--headless plays bots only: give --team{people[0]} a level "
                "(Easy, Normal or Hard)")
    return None


def play_headless(session: Session, save: Path | None = None) -> tuple[str, str | None]:
    """Play the session's game between its bots to the end (or MAX_ROUNDS), and save it to
    `save` if given: the report, and why the save failed (None: saved, or not asked for).
    A save that fails loses nothing else: the report is whole either way."""
    game, players = session.game, BotTurns(session.levels, session.seed)
    try:
        while not game.over and game.round <= MAX_ROUNDS:
            game.apply(players.bots[game.active_team].decide(game))
            players.seen(game)  # a program's seat is sent the events, as in the window
            session.write_state()
    finally:
        players.stop()  # a program's seat is told `bye`, and ends
    lines = [score_line(session), outcome_line(session)]
    if save is None:
        return "\n".join(lines), None
    try:
        write_save(save, game, session.teams())
    except (OSError, UnsavableGame) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else err
        return "\n".join(lines), f"the game was not saved to {save}: {reason}"
    return "\n".join([*lines, f"Saved: {save} (watch it with laser-flag replay)"]), None


def score_line(session: Session) -> str:
    game, names, levels = session.game, session.names, session.levels
    teams = [f"{names[t]} ({levels[t]}) {game.scores[t]}" for t in ("1", "2")]
    return (f"{game.map.name}: {teams[0]} - {teams[1]}, round {min(game.round, MAX_ROUNDS)}, "
            f"{len(game.history)} actions")


def outcome_line(session: Session) -> str:
    game = session.game
    if game.over:
        return game_over_text(game.winner, game.victory, session.names)
    return f"Unfinished: still going after {MAX_ROUNDS} rounds."
