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
from ..i18n import N_, _
from .odds_text import chance, modifiers_text, outcomes

VICTORY_WORDS = {
    "score": N_("reaching the score limit"),
    "elimination": "elimination",
    "checkmate": N_("checkmate (no laser left to recharge)"),
    "turn_limit": N_("the round limit"),
}


EVERYONE = frozenset(TEAMS)
# A shot's line by (a snap shot, the shooter's tile told): whole sentences, each its own order.
SHOT_LINES = {
    (False, False): N_("{unit} fires at {unit2}: {dice} = {sum}, needed {needed}: {result}"),
    (False, True): N_("{unit} from {at} fires at {unit2}: {dice} = {sum}, needed {needed}: "
                      "{result}"),
    (True, False): N_("{unit} snap-shoots at {unit2}: {dice} = {sum}, needed {needed}: "
                      "{result}"),
    (True, True): N_("{unit} from {at} snap-shoots at {unit2}: {dice} = {sum}, needed "
                     "{needed}: {result}"),
}


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
        label = _(CLASS_LABELS.get(spec.unit_class, spec.unit_class))
        # TRANSLATORS: a unit by its team and class: "Bob's Scout".
        return _("{whose} {unit_class}").format(whose=possessive(self.names[spec.team]),
                                                unit_class=label)


def shot_text(event: Shot, roster: Roster) -> str:
    """The shot and its result, then what made up the needed roll and the exact chance."""
    dice = "+".join(str(d) for d in event.dice)
    result = _("HIT") if event.hit else _("MISS")
    line = _(SHOT_LINES[event.snap, event.at is not None]).format(
        unit=roster.unit(event.shooter), at=event.at, unit2=roster.unit(event.target), dice=dice,
        sum=sum(event.dice), needed=event.needed, result=result)
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
    return _("watcher {place} of {count} ({order})").format(
        place=place, count=len(event.order), order=order)


def game_over_text(winner: str, victory: str, names: Mapping[str, str]) -> str:
    if winner == "draw":
        return _("Draw by {how}.").format(how=_(VICTORY_WORDS.get(victory, victory)))
    return _("{names} wins by {how}.").format(
        names=names[winner], how=_(VICTORY_WORDS.get(victory, victory)))


def move_text(event: Moved, roster: Roster) -> str:
    """A move; under fog, one that bumped into a hidden enemy, or an enemy's move as the team saw
    it (fog.as_seen): where it ended, and where it set out if it was in sight then."""
    unit, path = roster.unit(event.unit), event.path
    if event.blocked_by is not None:
        where = _("moves {path} -> {path2}").format(
            path=path[0], path2=path[-1]) if len(path) > 1 else _("stays at "
                                                                  "{path}").format(path=path[0])
        return _("{unit} {where}: blocked by {unit2}, hidden until then.").format(
            unit=unit, where=where, unit2=roster.unit(event.blocked_by))
    if isinstance(event, SeenMove):
        if event.seen_from == path[-1]:
            return _("{unit} tries to move and stays at {path}.").format(unit=unit, path=path[-1])
        return _("{unit} moves from {seen_from} to {path}, unseen on the way.").format(
            unit=unit, seen_from=event.seen_from, path=path[-1])
    if len(path) == 1:
        return _("{unit} comes into view at {path}.").format(unit=unit, path=path[0])
    return _("{unit} moves {path} -> {path2}.").format(unit=unit, path=path[0], path2=path[-1])


def event_text(event: Event, roster: Roster) -> str:
    """One log line for one event."""
    match event:
        case Moved():
            return move_text(event, roster)
        case Shot():
            return shot_text(event, roster)
        case Scored(team=team, score=score):
            return _("{names} scores ({score}).").format(names=roster.names[team], score=score)
        case LaserChanged(unit=uid, laser=laser):
            return _("{unit}: laser {laser}.").format(unit=roster.unit(uid), laser=_(laser))
        case Disqualified(unit=uid):
            return _("{unit} is disqualified and leaves the board.").format(unit=roster.unit(uid))
        case TurnEnded(team=team, next_team=nxt, turn=turn, round=rnd):
            names = roster.names
            return _("{names} ends the turn. Turn {turn}, round {rnd}: {names2} to play.").format(
                names=names[team], turn=turn, rnd=rnd, names2=names[nxt])
        case GameOver(winner=winner, victory=victory):
            return _("Game over: {outcome}").format(
                outcome=game_over_text(winner, victory, roster.names))
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
