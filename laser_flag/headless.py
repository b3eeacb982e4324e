"""`laser-flag --map MAP --team1 LEVEL --team2 LEVEL --headless`: bots play a game to its end
with no window, and the result is printed; `--save FILE` keeps it for `laser-flag replay FILE`.

The game is the one the window would play with the same options: the same map, dice seed, fog
and bots, each seeded as the client seeds them (`ui.bot_seat.seats_for`), so a headless run of
`--seed N` and the window's game of `--seed N` decide alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from .engine.actions import Action
from .engine.game import Game
from .play.bot_seat import BotSeat, seats_for
from .play.log_text import game_over_text
from .play.seats import Seat
from .play.session import Session
from .saves import UnsavableGame, write_save

MAX_ROUNDS = 200  # as the lab's cap: a game still going then is left unfinished, and said so


def bots_only(levels: dict[str, str]) -> str | None:
    """Why these players cannot play headless (a person plays a team), or None."""
    people = [team for team, seat in seats_for(levels, 0).items() if seat.person]
    if people:
        return (f"--headless plays bots only: give --team{people[0]} a level "
                "(Easy, Normal or Hard)")
    return None


def bots_of(session: Session) -> dict[str, BotSeat]:
    """Each team's bot, as the window seats it (the caller checked `bots_only`)."""
    return {team: seat for team, seat in seats_for(session.levels, session.seed).items()
            if isinstance(seat, BotSeat)}


def play_headless(session: Session, save: Path | None = None) -> tuple[str, str | None]:
    """Play the session's game between its bots to the end (or MAX_ROUNDS), and save it to
    `save` if given: the report, and why the save failed (None: saved, or not asked for).
    A save that fails loses nothing else: the report is whole either way."""
    game, seats = session.game, bots_of(session)
    try:
        while going_on(game):
            play(session, seats, seats[game.active_team].bot.decide(game))
    finally:
        for seat in seats.values():
            seat.close()  # a program's seat is told `bye`, and ends
    lines = [score_line(session), outcome_line(session)]
    if save is None:
        return "\n".join(lines), None
    problem = write_game(session, save)
    if problem is not None:
        return "\n".join(lines), problem
    return "\n".join([*lines, saved_line(save)]), None


def going_on(game: Game) -> bool:
    """Whether a game is still to be played on: not over, and not past MAX_ROUNDS."""
    return not game.over and game.round <= MAX_ROUNDS


def play(session: Session, seats: Mapping[str, Seat], action: Action) -> None:
    """Apply a player's action and tell every seat (a program's is sent the events, as in the
    window); the state file is written."""
    session.game.apply(action)
    for seat in seats.values():
        seat.seen(session.game)
    session.write_state()


def write_game(session: Session, save: Path) -> str | None:
    """Save the session's game to `save`: None when saved, else why not (one line)."""
    try:
        write_save(save, session.game, session.teams())
    except (OSError, UnsavableGame) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else err
        return f"the game was not saved to {save}: {reason}"
    return None


def saved_line(save: Path) -> str:
    return f"Saved: {save} (watch it with laser-flag replay)"


def score_line(session: Session, players: dict[str, str] | None = None) -> str:
    """The map, each team's name, who played it (`players`, the session's levels unless given)
    and its score, and how long the game lasted."""
    game, names, players = session.game, session.names, players or session.levels
    teams = [f"{names[t]} ({players[t]}) {game.scores[t]}" for t in ("1", "2")]
    return (f"{game.map.name}: {teams[0]} - {teams[1]}, round {min(game.round, MAX_ROUNDS)}, "
            f"turn {min(game.turn, 2 * MAX_ROUNDS)}, {len(game.history)} actions")


def outcome_line(session: Session) -> str:
    game = session.game
    if game.over:
        return game_over_text(game.winner, game.victory, session.names)
    return f"Unfinished: still going after {MAX_ROUNDS} rounds."
