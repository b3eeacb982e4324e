"""What the hand-off screen tells the player taking over a fog game: what their team was told
during the other team's turn (snap shots, hits, enemies that came into view), and who is in
sight now. Words only, no pygame."""

from __future__ import annotations

from ..i18n import N_, _
from .log_text import LogLine
from .session import Session

NOTHING = N_("Nothing happened to your units.")


def handoff_report(session: Session, team: str) -> list[str]:
    """The lines `team` was told of since its last turn ended, then the enemies in sight now."""
    game = session.game
    told = [line for line in session.log if told_since_last_turn(line, team, game.turn)]
    return [*(told or [NOTHING]), in_sight_line(session, team)]


def told_since_last_turn(line: LogLine, team: str, turn: int) -> bool:
    """A line of the other team's turn (the one just before `turn`) that `team` was told of."""
    return line.turn == turn - 1 and team in line.told


def in_sight_line(session: Session, team: str) -> str:
    """'In sight now: Bob's Scout at (1, 5), ...', or that no enemy is."""
    shown = session.game.observe(team).units
    seen = [_("{unit} at {pos}").format(
        unit=session.roster.unit(u.id), pos=u.pos) for u in shown if u.team != team]
    return _("In sight now: {join}.").format(
        join=', '.join(seen)) if seen else _("No enemy in sight now.")
