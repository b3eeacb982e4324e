"""The steps every table takes the same way (`Table`: a local game, the guest's side): events
playing out frame by frame, the end-turn question, refusals, the log. Each table calls these
with itself; nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..engine.actions import EndTurn
from ..engine.events import Event
from ..engine.game import Game
from ..engine.team_view import told_versions
from ..engine.terms import Team
from ..i18n import N_, _
from .game_at_table import GameAtTable
from .log_text import LogLine, log_line
from .refusals import Refused
from .seats import Seat
from .table import Table

GO_ON, SKIP, OTHER = N_("go on"), "skip", "other"  # input while an action plays


def refuse(table: Table, reason: str) -> Refused:
    """Say why nothing happened (the engine's words, or the screen's), with its sound."""
    table.message = reason
    table.on_refused()
    return Refused(reason)


def log_played(session: GameAtTable, seen_by: dict[Team, Event], before: Game) -> None:
    """Log an event of the action taken in `before` as each team told of it saw it."""
    session.log.extend(log_line(seen, session.roster, before.turn, teams)
                       for seen, teams in told_versions(seen_by))


def shown_log(session: GameAtTable, team: str | None) -> list[LogLine]:
    """The log lines `team` was told of (all of them for None: no fog)."""
    return [line for line in session.log if team is None or team in line.told]


def busy(table: Table) -> bool:
    """The picture changes with no input: events play out, results fade, a bot thinks or plays."""
    return (table.playback is not None or table.notes.alive
            or (table.bot_to_move and not table.paused))


def asked_first(table: Table, ask: bool) -> bool:
    """E with `ask`: a first request while units could still act only asks (the board shows
    the question, those units ringed). True: it asked, and the turn goes on."""
    if not ask or table.confirming_end:
        return False
    table.could_still_act = tuple(dict.fromkeys(
        a.unit_id for a in table.game.legal_actions() if not isinstance(a, EndTurn)))
    table.confirming_end = bool(table.could_still_act)
    return table.confirming_end


def frame(table: Table, dt_ms: float, speed: float, settle: Callable[[], None],
          step: Callable[[float, float], None] | None) -> None:
    """One frame: results fade (not while a roll waits for a key); with nothing playing, `step`
    asks the seat to move for its action; events play on, and `settle` once they have."""
    if table.playback is None or not table.playback.waiting():
        table.notes.tick(dt_ms)
    if table.playback is None and step is not None:
        step(dt_ms, speed)
    if table.playback is not None:  # a bot's action starts playing in the same frame
        table.playback.update(dt_ms, speed)
        if table.playback.done:
            settle()


def input_while_playing(table: Table, kind: str, settle: Callable[[], None]) -> bool:
    """Input while a person's action plays: Space or Enter (GO_ON) hurries it or lets a held
    roll go; S (SKIP) plays the rest at once; a click or any other key (OTHER) plays the rest
    at once and then does what it always does, so no input is lost. True: handle the input as
    ever (nothing plays, or it is OTHER)."""
    if table.playback is None or table.bot_to_move:
        return True
    if kind == GO_ON:
        table.playback.proceed()
        if table.playback.done:
            settle()
        return False
    skip_playback(table, settle)
    return kind == OTHER


def skip_playback(table: Table, settle: Callable[[], None]) -> None:
    """Play every event left at once."""
    if table.playback is not None:
        table.playback.skip_all()
    settle()


def skip_turn(table: Table, settle: Callable[[], None]) -> None:
    """S: the bot's turn finishes at once, without animation."""
    if table.bot_to_move:
        table.seat.skip(table.game)
        if table.playback is not None:
            skip_playback(table, settle)


def play_seat(table: Table, seat: Seat, others: Iterable[Seat], dt_ms: float, speed: float,
              settle: Callable[[], None]) -> None:
    """Play `seat`'s answer once it gives one (a bot's once shown long enough); a program's
    failure among `others` (every seat) is told in `message`."""
    action = seat.poll(table.game, dt_ms, speed)
    if action is None:
        return
    skipping = seat.skipping(table.game)
    outcome = table.act(action)
    notices = (other.notice() for other in others)
    table.message = next((n for n in notices if n), table.message)
    if isinstance(outcome, Refused):
        seat.fail(_("The bot chose an action the rules refuse: {reason}").format(
            reason=outcome.reason))
    elif skipping:
        skip_playback(table, settle)
