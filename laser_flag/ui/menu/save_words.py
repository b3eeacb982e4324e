"""A save in the words the Load screen uses: how the game stands or ended, who played it, when.
No pygame here."""

from __future__ import annotations

from datetime import datetime, timedelta

from ...bots import HUMAN
from ...engine.game_map import TEAMS, other_team
from ...i18n import N_, _
from ...saves import SaveInfo

HOW_WON = {  # after "Red won 4-2": why the game ended (the engine's GameOver.victory)
    "score": N_("on score"),
    "elimination": N_("by elimination"),
    "checkmate": N_("by checkmate"),
    "turn_limit": N_("at the round limit"),
}


def result(info: SaveInfo) -> str:
    """How a finished game ended, the winner's points first: "Red won 4-2 on score"."""
    how = _(HOW_WON[info.victory]) if info.victory in HOW_WON else ""
    if info.winner in TEAMS:
        points = f"{info.scores[info.winner]}-{info.scores[other_team(info.winner)]}"
        won = _("{name} won {points} {how}") if how else _("{name} won {points}")
        return won.format(name=info.names[info.winner], points=points, how=how)
    if info.winner == "draw":
        drawn = _("Drawn {score1}-{score2} {how}") if how else _("Drawn {score1}-{score2}")
        return drawn.format(score1=info.scores["1"], score2=info.scores["2"], how=how)
    return _("Finished {scores}-{scores2}").format(
        scores=info.scores['1'], scores2=info.scores['2'])  # saved before winners were


def standing(info: SaveInfo) -> str:
    """Where a game stands: its round and score, or how it ended."""
    if info.over:
        return result(info)
    return _("round {round} · score {scores}-{scores2}").format(
        round=info.round, scores=info.scores['1'], scores2=info.scores['2'])


def players(info: SaveInfo) -> str:
    """Who plays: "Red vs Blue (Hard bot)"; every team a person in a hot-seat game."""
    def player(team: str) -> str:
        level = info.levels.get(team, HUMAN)
        return info.names[team] if level == HUMAN else _("{names} ({level} bot)").format(
            names=info.names[team], level=_(level))
    return _("{team1} vs {team2}").format(team1=player("1"), team2=player("2"))


def when(saved_at: str, now: datetime | None = None) -> str:
    """When a game was last played, in the player's time: "today 14:05", "yesterday 20:11",
    "12 Mar 09:30", "12 Mar 2025" (another year); "" when the save does not say."""
    try:
        then = datetime.fromisoformat(saved_at).astimezone()
    except ValueError:
        return ""
    now = now or datetime.now().astimezone()
    clock = then.strftime("%H:%M")
    if then.date() == now.date():
        return _("today {clock}").format(clock=clock)
    if then.date() == (now - timedelta(days=1)).date():
        return _("yesterday {clock}").format(clock=clock)
    if then.year == now.year:
        return f"{then.day} {then.strftime('%b')} {clock}"
    return f"{then.day} {then.strftime('%b %Y')}"


def summary(info: SaveInfo) -> str:
    """The whole entry on one line (the terminal, a message)."""
    parts = [info.map_name, standing(info), players(info)]
    if info.fog:
        parts.append(_("fog of war"))
    return " · ".join([*parts, when(info.saved_at)])
