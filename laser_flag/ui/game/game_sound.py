"""What a game sounds like: each event's effects, the sniper's own shot, a defeat by a bot."""

from __future__ import annotations

from ...bots import HUMAN
from ...engine.events import Event
from ...play.session import Session
from ...sound.cues import classes_of, sounds_for


def event_sounds(session: Session, event: Event) -> list[str]:
    """The effects of one event of this game, as it starts to play (a bot's turn alike)."""
    gm = session.game.map
    humans = frozenset(team for team, level in session.levels.items() if level == HUMAN)
    return sounds_for(event, classes_of(gm), gm, humans)
