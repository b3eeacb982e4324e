"""The guest's turn driver: playing a game held by a host on another computer.

The guest never holds the game: it holds the game as its team knows it, made again from each
view the host sends (`engine.team_view.known_state`), and plays the host's events as its team
was told of them. Its own actions go to the host, checked here first against the known game
(RULES.md §9 makes the team's options the same there); the host's engine has the last word.
There is no undo and no save here: the host keeps the game. A lost connection pauses the game
with a message until the link has joined again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..bots import HUMAN
from ..engine.actions import Action, EndTurn
from ..engine.events import Event, Moved
from ..engine.game import Game, known_game
from ..engine.game_map import TEAMS, GameMap
from ..engine.mapfile import MAX_TEAM_NAME_CHARS, parse_map
from ..engine.shown_text import why_unshowable
from ..engine.team_view import TeamView
from ..engine.units import Unit
from ..i18n import N_, _
from ..remote import protocol
from ..remote.guest import GuestLink
from ..remote.reasons import told
from . import table_play
from .bot_seat import seats_for
from .fog_view import ViewCache
from .game_at_table import GameAtTable
from .log_text import LogLine
from .playback import Playback
from .refusals import Refused
from .seats import Seat, all_human, card_lines
from .session import UndoRefusal
from .shot_notes import ShotNotes
from .told_story import ToldRecord


def _showable_name(name: Any) -> bool:
    """A player's name as a host may send it: a string the map format would take as a team's
    name (else the map's team names stand)."""
    return (isinstance(name, str) and len(name) <= MAX_TEAM_NAME_CHARS
            and why_unshowable(name) is None)


def welcome_names(gm: GameMap, welcome: dict[str, Any]) -> dict[str, str]:
    """The teams' names a welcome gives, or the map's when it gives none a screen could show."""
    names = welcome.get("names")
    if isinstance(names, dict) and all(_showable_name(names.get(t)) for t in TEAMS):
        return {t: names[t] for t in TEAMS}
    return {t: gm.teams[t].name for t in TEAMS}


def welcome_looks(welcome: dict[str, Any]) -> dict[str, str]:
    """Whose colours each team wears as a welcome says (after a rematch, the other team's), or
    each its own when it says nothing usable: both teams, one map team's colours each."""
    looks = welcome.get("looks")
    if isinstance(looks, dict) and set(looks) == set(TEAMS) and set(looks.values()) == set(TEAMS):
        return {t: looks[t] for t in TEAMS}
    return {t: t for t in TEAMS}


GUEST_ON_LEAVING = N_("Leave the network game for the menu (the host keeps it; nothing is kept "
                      "on this computer)")


class GuestTurns:
    """The guest's side of a game (a `Table`): `link` to the host, `level` who plays here
    (Human, a bot). It holds no save and no undo: the host keeps the game."""

    def __init__(self, link: GuestLink, welcome: dict[str, Any], level: str) -> None:
        self.link, self.level = link, level
        self.ask: int | None = None
        self.pending = False  # an action sent, its events not yet back
        self.away = ""
        self.ended = ""  # the host closed the game or refused us
        self.rematch_asked = False
        self.on_event: Callable[[Event], None] = lambda event: None  # its sound, in the client
        self.on_refused: Callable[[], None] = lambda: None  # the refused click's sound
        self.hold_rolls = False  # "pause after each roll": our person's rolls wait for a key
        session, self.record = self.seated(welcome)
        self.start(session)

    def start(self, session: GameAtTable) -> None:
        """Play `session` where it stands: nothing of a game played before stays."""
        self.session = session
        # Our own seat (a person at this screen, or a bot); the host's team shows nothing of
        # its player here.
        self.own = seats_for({self.team: self.level}, session.seed)[self.team]
        self.hosts = Seat()
        self.playback: Playback | None = None
        self.message = ""
        self.confirming_end = False
        self.could_still_act: tuple[int, ...] = ()
        self.views = ViewCache()
        self.notes = ShotNotes()
        self.replay: dict[str, Any] | None = None  # a server's whole replay, once asked for

    def seated(self, welcome: dict[str, Any]) -> tuple[GameAtTable, ToldRecord]:
        """The session a welcome describes (its map, checked against ours, team and view), and
        the record of the game told from there on."""
        gm = self.link.gm or parse_map(welcome["map"], _("the host's map"))
        self.team = welcome["team"] if welcome.get("team") in TEAMS else "2"
        levels = {**all_human(), self.team: self.level}
        seen = TeamView.from_json(welcome["view"])
        session = GameAtTable(known_game(gm, seen), welcome_names(gm, welcome), levels,
                              welcome_looks(welcome))
        return session, ToldRecord(seen, session.game)

    @property
    def seat(self) -> Seat:
        """The seat of the team to move: ours, or the host's."""
        return self.own if self.session.game.active_team == self.team else self.hosts

    @property
    def leaving(self) -> str:
        return GUEST_ON_LEAVING

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def viewer(self) -> str:
        return self.team

    @property
    def view(self) -> TeamView:
        return self.views.of(self.game, self.team)

    @property
    def bot_to_move(self) -> bool:
        """Input waits: the host's turn, our bot's, a lost link, or an answer on its way."""
        game = self.game
        return not game.over and (game.active_team != self.team or self.bot_seat
                                  or bool(self.away) or self.pending)

    @property
    def plan(self) -> Action | None:
        """Our bot's chosen action while it is shown, before it is sent."""
        return self.seat.plan() if self.bot_to_move else None

    @property
    def paused(self) -> bool:
        return self.own.paused

    @property
    def busy(self) -> bool:
        return table_play.busy(self)

    @property
    def unsaved(self) -> None:
        """Nothing here to save: the host's saves hold the game."""
        return None

    def shown_log(self) -> list[LogLine]:
        return table_play.shown_log(self.session, self.team)

    def wake_with(self, wake: Callable[[], None]) -> None:
        """`wake` is called from another thread when a message arrives or our bot is ready."""
        self.own.wake_with(wake)
        self.link.notify = wake

    def thinking_here(self) -> bool:
        """The guest's own bot is to move."""
        return (not self.game.over and self.game.active_team == self.team
                and self.bot_seat and not self.away and not self.paused)

    @property
    def bot_seat(self) -> bool:
        """Whether a bot (or a program) plays this guest's seat."""
        return self.level != HUMAN

    @property
    def bots_here(self) -> bool:
        return self.bot_seat

    def take_handoff(self) -> bool:
        """One team plays at this screen: no hand-off cover."""
        return False

    def other_side(self) -> tuple[str, list[str]] | None:
        if self.bot_seat and not self.away and self.game.active_team == self.team:
            return None  # our own bot: its card
        name = self.session.names[self.game.active_team]
        line = self.away or self.ended or (
            _("Sending...") if self.pending else _("{name} plays on the host's computer.").format(
                name=name))
        return _("{name} to play").format(name=name), card_lines(line, self.message)

    def refuse(self, reason: str) -> Refused:
        return table_play.refuse(self, reason)

    def refuse_for_bot(self) -> Refused:
        """Input while the game is not ours to play: say whose it is."""
        if self.away or self.ended:
            return self.refuse(self.away or self.ended)
        if self.pending:
            return self.refuse(_("Wait: the host is playing your action."))
        name = self.session.names[self.game.active_team]
        if self.game.active_team == self.team:
            return self.refuse(self.seat.refusal(name))  # our own bot plays this seat
        return self.refuse(_("It is {name}'s turn: they play on the host's computer.").format(
            name=name))

    def act(self, action: Action) -> Refused | list[Event]:
        """Send the action to the host; its events come back through `tick`."""
        game = self.game
        if self.away or self.ended:
            return self.refuse(self.away or self.ended)
        if game.over:
            return self.refuse(_("The game is over."))
        if game.active_team != self.team or self.ask is None or self.pending:
            return self.refuse(_("Wait for your turn."))
        why = game.why_not(action)
        if why is not None:
            return self.refuse(why)
        self.link.send(protocol.action(self.ask, action))
        self.pending, self.ask, self.confirming_end, self.message = True, None, False, ""
        return []

    def end_turn(self, ask: bool) -> None:
        if not table_play.asked_first(self, ask):
            self.act(EndTurn())

    def keep_turn(self) -> None:
        """The player answered no: the turn goes on."""
        self.confirming_end, self.could_still_act = False, ()

    def why_no_undo(self) -> UndoRefusal | None:
        return UndoRefusal.BOT_PLAYING  # the host keeps the game: nothing is taken back here

    def undo(self) -> UndoRefusal | None:
        self.message = _("No undo in a network game.")
        return UndoRefusal.BOT_PLAYING

    def save(self) -> None:
        self.message = _("The host keeps this game's saves.")

    def toggle_pause(self) -> None:
        """P: our own bot stops, or goes on."""
        if self.bot_seat:
            self.own.toggle_pause()

    def tick(self, dt_ms: float, speed: float) -> None:
        """The host's messages, then a frame as at the host: events play on, results fade, and
        our own bot plays once the host has asked for our action and none is on its way."""
        self.poll()
        due = (self.game.active_team == self.team and not self.game.over and self.bot_seat
               and self.ask is not None and not self.pending and not self.away)
        table_play.frame(self, dt_ms, speed, self.settle, self.bot_step if due else None)

    def bot_step(self, dt_ms: float, speed: float) -> None:
        table_play.play_seat(self, self.own, [self.own], dt_ms, speed, self.settle)

    def input_while_playing(self, kind: str) -> bool:
        return table_play.input_while_playing(self, kind, self.settle)

    def skip_bot_turn(self) -> None:
        table_play.skip_turn(self, self.settle)

    def settle(self) -> None:
        """The events have played: the board shows the game as we know it; a game over ends
        our bot."""
        self.playback = None
        if self.game.over:
            self.own.close()

    def poll(self) -> None:
        while not self.link.inbox.empty():
            self.received(self.link.inbox.get_nowait())

    def received(self, message: dict[str, Any]) -> None:
        """One message from the host (or the link): a bad one is told, never raised."""
        try:
            self.handle(message)
        except (KeyError, TypeError, ValueError) as err:
            self.message = _("The host sent something unreadable: {err}").format(err=err)

    def handle(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.rejoined(message)
        elif kind == "your_turn":
            self.update(TeamView.from_json(message["view"]))
            self.ask = message["ask"] if type(message["ask"]) is int else None
        elif kind == "events":
            seen = TeamView.from_json(message["view"], message["events"])
            self.pending = False
            self.update(seen, seen.events)
            self.record.add(seen, self.game)
        elif kind == "error":
            self.pending = False
            self.refuse(_("The host refused: {message}").format(message=told(message))[:200])
        elif kind == "chat":
            self.say(f"{message.get('from') or _('Host')}: {str(message['text'])[:200]}")
        elif kind == "rematch":
            self.say(_("The host asks for a rematch, sides swapped: press N to accept."))
        elif kind == "replay" and isinstance(message.get("save"), dict):
            self.replay = message["save"]
        elif kind == "lost":
            self.away = _("{message}: joining again, the game waits...").format(
                message=told(message))
        elif kind in ("bye", "refused"):
            why = told(message)
            self.ended = (_("The host has left the game: no rematch.") if self.game.over else
                          _("The host ended the game: {why}").format(why=why))
            self.message = self.ended
        self.message = self.away or self.message

    def rejoined(self, welcome: dict[str, Any]) -> None:
        """Seated, first or again: the game as it stands, or a new one after a rematch."""
        team, game = self.team, self.game
        session, record = self.seated(welcome)
        if self.team != team or session.game.turn < game.turn or game.over and not \
                session.game.over:  # a new game: nothing of the last one stays
            self.start(session)
            self.record, self.rematch_asked = record, False
            said = _("Rematch, sides swapped: {names} is yours.").format(
                names=session.names[self.team])
        else:
            self.session.game = session.game
            said = _("Joined the host's game.")
        self.away, self.pending, self.ask, self.playback = "", False, None, None
        self.say(said)

    def update(self, seen: TeamView, shown: Sequence[Event] | None = None) -> None:
        """The game is now as `seen` says; after an action, the events told of it (`shown`)
        play out from the board before, and the panel's rolls are its own, as at the host."""
        before, scores = self.game, dict(self.game.scores)
        self.session.game = after = known_game(before.map, seen)
        if shown is None:
            return
        self.notes.new_action()
        if not shown:
            return
        units = units_before(before, after, self.team, shown)
        hold = self.hold_rolls and not self.bot_seat  # nobody need press a key for a bot
        self.playback = Playback(units, scores, list(shown), self.logged(before), hold,
                                 self.on_event, self.notes)
        if self.bot_seat:
            self.message = ""

    def logged(self, before: Game):
        def log(seen: Event) -> None:
            table_play.log_played(self.session, {self.team: seen}, before)
        return log

    def say(self, line: str) -> None:
        self.message = line
        self.session.log.append(LogLine(line))

    def chat(self, text: str) -> None:
        """A line to the host, under the name this guest joined with, as the host shows it."""
        self.link.send(protocol.chat(text))
        self.say(f"{self.link.name}: {text}")

    def ask_rematch(self) -> None:
        """N after the game: ask the host (or accept its asking); the host starts the game."""
        if not self.game.over:
            return
        if self.away or self.ended:
            self.say(self.away or self.ended)
            return
        self.rematch_asked = self.link.send({"type": "rematch"})
        self.say(_("Rematch asked: waiting for the host.") if self.rematch_asked else
                 _("Not connected to the host: no rematch now."))

    @property
    def whole_replay(self) -> bool:
        """Whether the whole game's replay can be asked for: at a server, once the game is over
        (a host keeps its game's saves to itself)."""
        return self.link.at_server and self.game.over

    def ask_replay(self) -> bool:
        """Ask the server for the whole game's replay (it comes as `replay`); False when not
        connected."""
        return self.whole_replay and self.link.send({"type": "replay"})

    def leave(self) -> None:
        """The game is left: our bot is no longer listened to, the link closes."""
        self.own.close()
        self.link.close()


def units_before(before: Game, after: Game, team: str, shown: Sequence[Event]) -> list[Unit]:
    """The units the playback starts from: as the team knew them, and each enemy that comes
    into view already where it appears (fog_view.units_before, from views alone)."""
    known = {u.id: u for u in before.observe(team).units}
    for event in shown:
        if isinstance(event, Moved) and event.unit not in known:
            unit = after.unit(event.unit) or spec_unit(before, event.unit)
            known[event.unit] = replace(unit, pos=event.path[-1])
    return list(known.values())


def spec_unit(game: Game, uid: int) -> Unit:
    spec = game.map.units[uid]
    return Unit(uid, spec.team, spec.unit_class, spec.pos, game.rules.ap_per_turn)
