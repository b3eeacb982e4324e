"""Every event in words for the game log ("Bob's Sniper fires at Alice's Scout: ...")."""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.events import (
    Disqualified,
    Event,
    GameOver,
    LaserChanged,
    Moved,
    Scored,
    SeenMove,
    Shot,
    TurnEnded,
)
from ..engine.game_map import TEAMS, GameMap, Pos, possessive
from ..engine.ruleset import CLASS_LABELS
from .odds_text import chance, modifiers_text, outcomes

VICTORY_WORDS = {
    "score": "reaching the score limit",
    "elimination": "elimination",
    "checkmate": "checkmate (no laser left to recharge)",
    "turn_limit": "the turn limit",
}


EVERYONE = frozenset(TEAMS)


class LogLine(str):
    """A log line that also knows the tiles and units it names, so hovering it can mark them;
    under fog of war, also the turn its action was taken in and the teams that were told."""

    tiles: tuple[Pos, ...]
    units: tuple[int, ...]
    turn: int
    told: frozenset[str]

    def __new__(cls, text: str, tiles: tuple[Pos, ...] = (), units: tuple[int, ...] = (),
                turn: int = 0, told: frozenset[str] = EVERYONE):
        line = super().__new__(cls, text)
        line.tiles, line.units, line.turn, line.told = tiles, units, turn, told
        return line


class Roster:
    """Who each unit id is, even after it left the board: team and class from the map."""

    def __init__(self, gm: GameMap, names: Mapping[str, str]) -> None:
        self.specs = gm.units
        self.names = names

    def team_of(self, uid: int) -> str:
        return self.specs[uid].team

    def unit(self, uid: int) -> str:
        spec = self.specs[uid]
        label = CLASS_LABELS.get(spec.unit_class, spec.unit_class)
        return f"{possessive(self.names[spec.team])} {label}"


def shot_text(event: Shot, roster: Roster) -> str:
    """The shot and its result, then what made up the needed roll and the exact chance."""
    verb = "snap-shoots at" if event.snap else "fires at"
    dice = "+".join(str(d) for d in event.dice)
    result = "HIT" if event.hit else "MISS"
    where = f" from {event.at}" if event.at is not None else ""
    line = (
        f"{roster.unit(event.shooter)}{where} {verb} {roster.unit(event.target)}: "
        f"{dice} = {sum(event.dice)}, needed {event.needed}: {result}"
    )
    return " · ".join([line, *shot_reasons(event, roster)])


def shot_reasons(event: Shot, roster: Roster) -> list[str]:
    """Why it needed what it did and how likely it was; for a snap shot, where it came in the
    order of the watchers that could fire."""
    reasons = []
    if event.modifiers and event.probability is not None:
        odds = chance(event.probability, outcomes())  # a game's dice are 2D6
        reasons.append(f"{modifiers_text(event.modifiers)}: {odds}")
    if len(event.order) > 1:
        reasons.append(snap_order_text(event, roster))
    return reasons


def snap_order_text(event: Shot, roster: Roster) -> str:
    """'watcher 1 of 2 (Bob's Scout, then Bob's Grunt)': the order the watchers fired in."""
    place = event.order.index(event.shooter) + 1
    order = ", then ".join(roster.unit(uid) for uid in event.order)
    return f"watcher {place} of {len(event.order)} ({order})"


def game_over_text(winner: str, victory: str, names: Mapping[str, str]) -> str:
    if winner == "draw":
        return f"Draw by {VICTORY_WORDS.get(victory, victory)}."
    return f"{names[winner]} wins by {VICTORY_WORDS.get(victory, victory)}."


def move_text(event: Moved, roster: Roster) -> str:
    """A move; under fog, one that bumped into a hidden enemy, or an enemy's move as the team saw
    it (fog.as_seen): where it ended, and where it set out if it was in sight then."""
    unit, path = roster.unit(event.unit), event.path
    if event.blocked_by is not None:
        where = f"moves {path[0]} -> {path[-1]}" if len(path) > 1 else f"stays at {path[0]}"
        return f"{unit} {where}: blocked by {roster.unit(event.blocked_by)}, hidden until then."
    if isinstance(event, SeenMove):
        if event.seen_from == path[-1]:
            return f"{unit} tries to move and stays at {path[-1]}."
        return f"{unit} moves from {event.seen_from} to {path[-1]}, unseen on the way."
    if len(path) == 1:
        return f"{unit} comes into view at {path[0]}."
    return f"{unit} moves {path[0]} -> {path[-1]}."


def event_text(event: Event, roster: Roster) -> str:
    """One log line for one event."""
    match event:
        case Moved():
            return move_text(event, roster)
        case Shot():
            return shot_text(event, roster)
        case Scored(team=team, score=score):
            return f"{roster.names[team]} scores ({score})."
        case LaserChanged(unit=uid, laser=laser):
            return f"{roster.unit(uid)}: laser {laser}."
        case Disqualified(unit=uid):
            return f"{roster.unit(uid)} is disqualified and leaves the board."
        case TurnEnded(team=team, next_team=nxt, turn=turn, round=rnd):
            names = roster.names
            return f"{names[team]} ends the turn. Turn {turn}, round {rnd}: {names[nxt]} to play."
        case GameOver(winner=winner, victory=victory):
            return "Game over: " + game_over_text(winner, victory, roster.names)
    return str(event)


def log_line(event: Event, roster: Roster, turn: int = 0,
             told: frozenset[str] = EVERYONE) -> LogLine:
    """One log line for one event, with the tiles and units it names; `turn` and `told`: when
    its action was taken, and which teams were told of it (fog of war)."""
    tiles: tuple[Pos, ...] = ()
    units: tuple[int, ...] = ()
    match event:
        case SeenMove(unit=uid, path=path, seen_from=start):
            tiles, units = (start, path[-1]), (uid,)
        case Moved(unit=uid, path=path):
            tiles, units = (path[0], path[-1]), (uid,)
        case Shot(shooter=shooter, target=target, at=at):
            tiles, units = ((at,) if at is not None else ()), (shooter, target)
        case LaserChanged(unit=uid) | Disqualified(unit=uid):
            units = (uid,)
    return LogLine(event_text(event, roster), tiles, units, turn, told)
