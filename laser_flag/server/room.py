"""One game on the server: the authority for it, as a host is (docs/PROTOCOL.md, "The server").

The room holds the game and its dice; it checks every action with the engine, sends each seat
only its team's view (`remote.protocol`'s messages, unchanged) and the spectators what the
gallery shows. It never touches a socket: each member is something that can `post` a message
and be `closed`, and time comes from the `later` and `clock` it is given (the event loop's
call_later and time).
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..engine import Action, EndTurn, Game, GameMap, TeamView, view
from ..engine.game_map import TEAMS
from ..engine.terms import other_team
from ..remote import protocol, reasons
from ..saves import UnsavableGame, save_bytes
from . import messages
from .gallery import Gallery

# A seat's secret: 20 of 34 letters and digits (more than 2**100), in one case, as codes are
# read (a client may upper-case what it is given).
SECRET_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
SECRET_LENGTH = 20


def new_secret() -> str:
    return "".join(secrets.choice(SECRET_LETTERS) for _ in range(SECRET_LENGTH))


class Member(Protocol):
    """A connection as a room sees it."""

    name: str

    def post(self, message: dict[str, Any]) -> None: ...

    def post_line(self, line: bytes) -> None:
        """A message already encoded (`protocol.encode`): one encoding for many members."""

    def player_names(self) -> dict[str, str]:
        """Each team under its player's name, as a hot-seat save keeps a team its player renamed,
        so the replay and the saves list say who played (the map's name for a seat never taken).
        A seat's name came in a checked hello: printable and short enough for a save."""
        return {team: seat.player or self.names[team] for team, seat in self.seats.items()}

    def close(self, reason: str) -> None: ...


def post_all(members: list[Member], message: dict[str, Any]) -> None:
    """`message` to each of `members`, encoded once (a board to a hundred spectators is one
    encoding, not a hundred)."""
    if members:
        line = protocol.encode(message)
        for member in members:
            member.post_line(line)


class Timer(Protocol):
    def cancel(self) -> None: ...


Later = Callable[[float, Callable[[], None]], Timer]
Clock = Callable[[], float]  # seconds, as the `later` counts them (the loop's monotonic time)


@dataclass
class Seat:
    """A team's place in the room: who holds it (by its secret) and the connection now at it."""

    team: str
    secret: str = field(default_factory=new_secret)
    player: str = ""  # the name of whoever took it; "": never taken
    member: Member | None = None
    wants_rematch: bool = False


@dataclass(frozen=True)
class Settings:
    """What the creator chose: `seconds` per turn (None: no limit), listed or by code only,
    and what spectators see under fog (gallery.py)."""

    fog: bool
    seconds: int | None = None
    public: bool = True
    watch: str = "end"


class Room:
    """A game on `gm` with `settings`, known by `code`; `seed` rolls its first game's dice
    (and seed + n its nth rematch's; None: fresh dice each game)."""

    def __init__(self, code: str, gm: GameMap, settings: Settings, seed: int | None,
                 later: Later, clock: Clock = time.monotonic) -> None:
        self.code, self.gm, self.settings, self.later, self.clock = (code, gm, settings, later,
                                                                     clock)
        self.seed, self.played = seed, 0  # games before this one, for a rematch's dice
        self.game = Game(gm, seed=seed, fog=settings.fog)
        self.seats = {team: Seat(team) for team in TEAMS}
        self.spectators: list[Member] = []
        self.names = {team: gm.teams[team].name for team in TEAMS}
        self.looks = {team: team for team in TEAMS}
        self.gallery = Gallery(settings.watch if settings.fog else "live")
        self.gallery.start(self.game.state())
        self.asks = 0
        self.open_turn: dict[str, Any] | None = None  # the your_turn the active seat may answer
        self._clock: Timer | None = None
        self.turn_ends: float | None = None  # when the turn's time is up (`clock`'s seconds)
        self._replay: tuple[Game, dict[str, Any] | str] | None = None  # the game's, once made

    # ----- who is here ------------------------------------------------------------------

    @property
    def started(self) -> bool:
        """Both seats have been taken: the game is under way (or over)."""
        return all(seat.player for seat in self.seats.values())

    @property
    def members(self) -> list[Member]:
        """Everyone connected: the seats' connections, then the spectators."""
        return [s.member for s in self.seats.values() if s.member is not None] + self.spectators

    def free_seat(self) -> str | None:
        """A team whose seat was never taken (team 1's first), or None."""
        return next((t for t, seat in self.seats.items() if not seat.player), None)

    def seat_of(self, secret: str) -> str | None:
        """The team whose seat `secret` takes, or None."""
        given = secret.strip().upper().encode()
        return next((t for t, seat in self.seats.items()
                     if secrets.compare_digest(seat.secret.encode(), given)), None)

    def claim(self, team: str, player: str) -> None:
        """`player` takes `team`'s seat before sitting at it (the creator's, as the game is
        made): no one else is given it by the game's code."""
        self.seats[team].player = player

    def team_of(self, member: Member) -> str | None:
        return next((t for t, seat in self.seats.items() if seat.member is member), None)

    def hello(self, team: str) -> dict[str, Any]:
        """The game's hello to whoever takes `team`'s seat, as a host's."""
        return protocol.hello(self.gm, team, self.game.fog)

    def sit(self, team: str, member: Member) -> None:
        """`member` takes `team`'s seat (again): an earlier connection at it is closed; the
        seat is welcomed to the game as it stands, told its secret, and its open turn again."""
        seat = self.seats[team]
        if seat.member is not None and seat.member is not member:
            seat.member.close(reasons.SEAT_RETAKEN)
        seat.member, seat.player = member, member.name
        self.welcome(team)
        self.tell_room()
        if self.started and self.asks == 0:
            self.begin()
        elif self.open_turn is not None and self.game.active_team == team:
            member.post({**self.open_turn, **self.seconds_left()})

    def welcome(self, team: str) -> None:
        """The seat's connection is told the game as it stands and its seat's secret."""
        seat = self.seats[team]
        assert seat.member is not None
        seat.member.post(protocol.welcome(self.gm, team, self.names,
                                          view(self.game.state(), team), self.looks))
        seat.member.post(messages.seat(self.code, seat.secret, team))

    def watch(self, member: Member) -> None:
        """`member` watches: the game's map and players, then what the gallery shows now."""
        self.spectators.append(member)
        member.post({"type": "watching", "code": self.code, "map": self.gm.to_json_dict(),
                     "names": dict(self.names), "looks": dict(self.looks),
                     "fog": self.game.fog, "watch": self.gallery.policy})
        shown = self.gallery.current(self.game.state())
        if shown is not None:
            member.post(shown)
        self.tell_room()

    def left(self, member: Member) -> None:
        """`member`'s connection is gone; its seat waits for its secret."""
        if member in self.spectators:
            self.spectators.remove(member)
        for seat in self.seats.values():
            if seat.member is member:
                seat.member = None
        self.tell_room()

    def tell_room(self) -> None:
        """Everyone here is told who plays, how many watch and where the game stands."""
        post_all(self.members, self.status())

    def tell_spectators(self) -> None:
        """A new turn: the spectators are told whose it is and the score (both players know
        them), whatever their board shows."""
        post_all(self.spectators, self.status())

    def status(self) -> dict[str, Any]:
        return {"type": "room", "code": self.code,
                "players": {t: s.player or None for t, s in self.seats.items()},
                "away": [t for t, s in self.seats.items() if s.player and s.member is None],
                "watchers": len(self.spectators), "state": self.stage(),
                "turn": self.game.turn, "active_team": self.game.active_team,
                "scores": dict(self.game.scores)}

    def stage(self) -> str:
        if self.game.over:
            return "over"
        return "playing" if self.started else "waiting"

    def summary(self) -> dict[str, Any]:
        """This game as the lobby lists it."""
        return {"code": self.code, "map": self.gm.name, "fog": self.game.fog,
                "seconds": self.settings.seconds, "watch": self.gallery.policy,
                "players": {t: s.player or None for t, s in self.seats.items()},
                "watchers": len(self.spectators), "state": self.stage(),
                "round": self.game.round}

    # ----- play -------------------------------------------------------------------------

    def begin(self) -> None:
        """The game's first turn: its clock starts and team 1 is asked."""
        self.start_clock()
        self.ask()

    def ask(self, seen: TeamView | None = None, seen_json: dict[str, Any] | None = None) -> None:
        """The team to move is sent its turn: its view (`seen` and its JSON form, when made
        already) and its legal actions."""
        team = self.game.active_team
        self.asks += 1
        seen = seen or view(self.game.state(), team)
        self.open_turn = protocol.your_turn(self.asks, seen, self.game.index,
                                            seen_json=seen_json)
        self.open_turn.update(self.seconds_left())
        member = self.seats[team].member
        if member is not None:
            member.post(self.open_turn)

    def act(self, member: Member, message: dict[str, Any]) -> str:
        """A seat's `action` message applied; else why not, the one line it is told."""
        team = self.team_of(member)
        if team is None:
            return reasons.WATCHING
        if self.open_turn is None or team != self.game.active_team:
            return reasons.NOT_YOUR_TURN
        if message["ask"] != self.open_turn["ask"]:
            return f"that answers ask {message['ask']}; the open ask is {self.open_turn['ask']}"
        try:
            chosen = protocol.action_from_json(message["action"])
        except protocol.ProtocolError as err:
            return str(err)
        # The ask's list is the contract (and, RULES.md section 9, the game's own): checked
        # against it, the legal actions are not worked out a second time.
        if protocol.action_to_json(chosen) not in self.open_turn["legal"]:
            return "refused: not one of the legal actions you were sent"
        self.play(chosen)
        return ""

    def play(self, chosen: Action) -> None:
        """Apply an action and tell everyone; then ask the team to move, or end the game."""
        turn = self.game.turn
        self.game.apply(chosen)
        self.open_turn = None
        state = self.game.state()
        views = {team: view(state, team) for team in TEAMS}
        told = {team: protocol.events(views[team]) for team in TEAMS}
        for team, seat in self.seats.items():
            if seat.member is not None:
                seat.member.post(told[team])
        shown = self.gallery.shown(state)
        if shown is not None:
            post_all(self.spectators, shown)
        if self.game.over:
            self.stop_clock()
            self.tell_room()
            return
        if self.game.turn != turn:
            self.start_clock()
            self.tell_spectators()
        active = self.game.active_team
        self.ask(views[active], told[active]["view"])

    def start_clock(self) -> None:
        """A turn begins: with a time per turn, it is ended for the team when time is up."""
        self.stop_clock()
        if self.settings.seconds is not None:
            turn = self.game.turn
            self.turn_ends = self.clock() + self.settings.seconds
            self._clock = self.later(self.settings.seconds, lambda: self.time_up(turn))

    def seconds_left(self) -> dict[str, float]:
        """A `your_turn`'s `seconds`: what remains of the turn's time, whenever it is asked
        (a later action in the turn, a seat taken again); nothing without a time per turn."""
        if self.turn_ends is None:
            return {}
        return {"seconds": max(0.0, round(self.turn_ends - self.clock(), 1))}

    def stop_clock(self) -> None:
        self.turn_ends = None
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None

    def time_up(self, turn: int) -> None:
        """The time of `turn` ran out: the server ends it for the team (if still going)."""
        self._clock, self.turn_ends = None, None
        if not self.game.over and self.game.turn == turn:
            self.play(EndTurn())

    # ----- talk, rematch, replay ---------------------------------------------------------

    def chat(self, member: Member, text: str) -> None:
        """A player's line goes to everyone here; a spectator's to the spectators only (it
        might tell a player what the spectators saw)."""
        post_all(self.members if self.team_of(member) else self.spectators,
                 protocol.chat(text, member.name))

    def rematch(self, member: Member) -> str:
        """A seat asks for a rematch, sides swapped; once both have, it starts. Else why not."""
        team = self.team_of(member)
        if team is None:
            return reasons.REMATCH_PLAYERS
        if not self.game.over:
            return reasons.REMATCH_AFTER
        self.seats[team].wants_rematch = True
        other = self.seats[other_team(team)]
        if not other.wants_rematch:
            if other.member is not None:
                other.member.post({"type": "rematch"})
            return ""
        self.start_rematch()
        return ""

    def start_rematch(self) -> None:
        """A new game with fresh dice: each player takes the other team with its name and
        colours, as a hot-seat rematch does."""
        self.played += 1
        seed = None if self.seed is None else self.seed + self.played
        self.game = Game(self.gm, seed=seed, fog=self.settings.fog)
        one, two = self.seats["1"], self.seats["2"]
        self.seats = {"1": two, "2": one}
        for team, seat in self.seats.items():
            seat.team, seat.wants_rematch = team, False
        self.names = {"1": self.names["2"], "2": self.names["1"]}
        self.looks = {"1": self.looks["2"], "2": self.looks["1"]}
        self.gallery.start(self.game.state())
        self.asks, self.open_turn = 0, None
        for team, seat in self.seats.items():
            if seat.member is not None:
                seat.member.post({"type": "rematch"})
                self.welcome(team)
        self.tell_room()
        self.begin()

    def replay(self) -> dict[str, Any] | str:
        """The whole game as a save file's object, once it is over; else why not. Made once
        per game: every spectator's screen asks for it as the game ends."""
        if not self.game.over:
            return reasons.REPLAY_AFTER
        if self._replay is None or self._replay[0] is not self.game:
            self._replay = (self.game, self.made_replay())
        return self._replay[1]

    def made_replay(self) -> dict[str, Any] | str:
        teams = {"names": self.player_names(), "levels": dict.fromkeys(TEAMS, "Human"),
                 "looks": dict(self.looks)}
        try:
            raw = save_bytes(self.game, teams)
        except UnsavableGame as err:
            return str(err)
        return {"type": "replay", "save": json.loads(raw)}

    def player_names(self) -> dict[str, str]:
        """Each team under its player's name, as a hot-seat save keeps a team its player renamed,
        so the replay and the saves list say who played (the map's name for a seat never taken).
        A seat's name came in a checked hello: printable and short enough for a save."""
        return {team: seat.player or self.names[team] for team, seat in self.seats.items()}

    def close(self, reason: str) -> None:
        """The room ends: everyone is told and let go."""
        self.stop_clock()
        for member in self.members:
            member.close(reason)
