"""The panel's words while a bot is to move: thinking, its plan with the odds, playing, paused."""

from __future__ import annotations

from ...bots import LEVEL_NOTES
from ...bots.program import seat_words
from ...engine.actions import EndTurn
from ...i18n import N_, _
from ...play.session import Session
from ...play.turns import Turns
from .selection import Selection
from .unit_card import move_lines, target_lines

KEYS_LINE = N_("P pauses the bots · S skips to the end of this turn.")
THINKING_KEYS_LINE = N_("P pauses the bots · S: answer now and skip to the end of this turn.")


def bot_card(turns: Turns, plan: Selection) -> tuple[str, list[str]]:
    """(title, lines) of the unit card during a bot's turn; `plan` marks `turns.plan`."""
    session, seat = turns.session, turns.seat
    elsewhere = turns.other_side()
    if elsewhere is not None:
        return elsewhere
    team = session.game.active_team
    name, level = session.names[team], session.levels[team]
    note = [turns.message] if turns.message else []  # a refusal, repeated
    if seat.problem:
        return _("Bot stopped"), [seat.problem, _("Press P to let it try again."), *note]
    if turns.paused:
        waits = _("{name} ({seat_words}) waits once it has decided.") if seat.thinking() else \
            _("{name} ({seat_words}) waits.")
        return _("Paused"), [waits.format(name=name, seat_words=seat_words(level)),
                             _("Press P to go on."), *note]
    if turns.playback is not None:
        return _("{name} plays").format(name=name), [KEYS_LINE, *note]
    if turns.plan is None:
        keys = THINKING_KEYS_LINE if seat.progress() is not None else KEYS_LINE
        return _("{name} is thinking...").format(
            name=name), [_("{level}: {note}.").format(
            level=_(level), note=_(LEVEL_NOTES.get(level, N_("a program")))),
                                              keys, *note]
    if plan.unit is None and not isinstance(turns.plan, EndTurn):
        return _("{name} plays").format(
            name=name), [_("A unit out of your sight acts."), KEYS_LINE, *note]
    title, lines = plan_card(session, plan)
    return title, [*lines, KEYS_LINE, *note]


def plan_card(session: Session, sel: Selection) -> tuple[str, list[str]]:
    """The bot's chosen action as the selection shows it: a move's risk or a shot's odds."""
    game, roster = sel.game, session.roster  # under fog, the game as the viewer knows it
    if sel.unit is None:
        return _("{names} ends the turn").format(names=session.names[game.active_team]), []
    preview = sel.preview()
    if preview is not None:
        return roster.unit(sel.unit), move_lines(game, sel.unit, preview, roster)
    if sel.target is not None:
        return roster.unit(sel.unit), target_lines(game, sel.unit, sel.target, roster)
    return roster.unit(sel.unit), []
