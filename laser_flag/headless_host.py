"""`laser-flag host --headless`: a match server for programs, with no window.

The host's side is played by a bot or a program (`exec:`), the guest's by whoever joins over TCP
(docs/PROTOCOL.md). The match is `games` games with sides swapped between them, as the window's
rematch swaps them; each game is reported as `laser-flag --headless` reports one, then each
side's totals.

The game goes on in the main thread, which polls the seat to move as the window does (the
host's bot thinks on its worker; the guest's answers come from the host's queue) while it
hears the network thread's notes: a guest joining is seated (`RemoteSeat.seat`), a guest
leaving holds the game until it joins again with the same code, as in the window. `wait`
bounds how long a guest is waited for, to come at first or to come back; `turn_seconds` how
long a seated guest may take over a turn before the host ends it (a guest that never answers
cannot hold the match). Nothing here loads pygame.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .engine.actions import Action
from .engine.terms import DRAW, other_team
from .headless import going_on, outcome_line, play, saved_line, score_line, write_game
from .play.bot_seat import seats_for
from .play.remote_seat import RemoteSeat
from .play.seats import Seat
from .play.session import Session
from .remote.host import Host, Note
from .tools.cli import emit, one_line

PROG = "laser-flag host"
# The longest the main thread waits at once. A signal the system hands to another thread (the
# network's, a worker's) is only acted on once the main thread runs again: Ctrl-C takes at most
# this long.
SIGNAL_SECONDS = 0.25


class GuestGone(Exception):
    """No guest came, or the guest did not come back, within the wait; the text says which."""


class PlayerFailed(Exception):
    """The host's own player failed (a bot's bug): the text says how."""


class Stopped(Exception):
    """A signal ended the match (Ctrl-C, SIGTERM); the exit status is 128 + `signum`."""

    def __init__(self, signum: int) -> None:
        super().__init__("Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name)
        self.signum = signum


@contextmanager
def stopped_by_signals() -> Iterator[None]:
    """Inside, SIGINT and SIGTERM raise Stopped in the main thread: the match ends there, its
    players told `bye`, with one line and no traceback."""
    def stop(signum: int, _frame: object) -> None:
        raise Stopped(signum)

    before = {signum: signal.signal(signum, stop) for signum in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


@dataclass
class Side:
    """One side's totals over the match, the host's or the guest's, whichever team it played."""

    wins: int = 0
    points: int = 0

    def __str__(self) -> str:
        return f"{self.wins} won, {self.points} point{'' if self.points == 1 else 's'}"


class Match:
    """`games` games on `host` between the host's player (on `host_team` in the first game)
    and the guest; `seed`, when given, rolls the dice of every game (`--seed`); the guest's
    turns end after `turn_seconds` when given (`--turn-seconds`)."""

    def __init__(self, host: Host, session: Session, host_team: str, games: int = 1,
                 wait: float | None = None, save: Path | None = None,
                 seed: int | None = None, turn_seconds: float | None = None) -> None:
        self.host, self.session, self.host_team = host, session, host_team
        self.games, self.wait, self.save, self.seed = games, wait, save, seed
        self.turn_seconds = turn_seconds
        self.number = 1  # the game being played
        self.wake = threading.Event()  # a note or a decision is there to be handled
        host.notify = self.wake.set
        self.away_since: float | None = time.monotonic()  # None: the guest is seated
        self.why_away = ""  # why the guest left; "": it never came
        self.level = session.levels[host_team]  # the host's player, in every game
        self.sides = {"host": Side(), "guest": Side()}
        self.draws = self.unfinished = 0
        self.players, self.seat = self.seated_players()

    @property
    def guest_team(self) -> str:
        return other_team(self.host_team)

    def run(self, say: Callable[[str], None]) -> list[str]:
        """Play the match, each game's report `say`d as it ends, then the totals; the saves that
        failed, one line each. GuestGone, PlayerFailed or Stopped end it early; the players
        are told `bye` however it ends."""
        problems = []
        try:
            for number in range(1, self.games + 1):
                self.number = number
                if number > 1:
                    self.rematch()
                self.play_game()
                lines, problem = self.report()
                for line in lines:
                    say(line)
                problems += [problem] if problem else []
            say(self.totals())
        finally:
            self.close_seats()
            self.host.close()
        return problems

    # ----- one game ----------------------------------------------------------------------

    def seated_players(self) -> tuple[dict[str, Seat], RemoteSeat]:
        """The game's seats: the host's bot, as the window seats it, and the guest's seat
        (seated if the guest is here; else when it joins)."""
        seat = RemoteSeat(self.host, self.guest_team, self.turn_seconds)
        players = {**seats_for(self.session.levels, self.session.seed), self.guest_team: seat}
        players[self.host_team].wake_with(self.wake.set)  # its answer wakes the wait
        if self.away_since is None:
            seat.seat(self.session.game, self.session.names, self.session.looks)
        return players, seat

    def play_game(self) -> None:
        game = self.session.game
        while going_on(game):
            play(self.session, self.players, self.decision())
        self.close_seats()  # a program's seat is told `bye` as the game ends

    def close_seats(self) -> None:
        for seat in self.players.values():
            seat.close()

    def decision(self) -> Action:
        """The next action of the team to move, its seat polled (at no animation speed) while
        the notes are heard. A guest away holds the game, as the window's host does: no seat
        is asked until it is back."""
        game, chosen = self.session.game, []
        seat = self.players[game.active_team]

        def answered() -> bool:
            if self.away_since is not None:
                return False
            action = seat.poll(game, 0, 0)
            if seat.problem:
                raise PlayerFailed(f"the host's player failed: {seat.problem}")
            chosen.extend([] if action is None else [action])
            return bool(chosen)

        self.until(answered)
        return chosen[0]

    def until(self, ready: Callable[[], bool]) -> None:
        """Hear the notes until `ready()`; GuestGone when the guest has been away too long."""
        while True:
            self.wake.clear()  # before looking: a note or decision after this wakes the wait
            self.hear()
            if ready():
                return
            left = self.patience()
            if left is not None and left <= 0:
                raise GuestGone(self.gone_line())
            self.wake.wait(SIGNAL_SECONDS if left is None else min(left, SIGNAL_SECONDS))

    def patience(self) -> float | None:
        """Seconds the away guest is still waited for; None: no limit, or no one away."""
        if self.away_since is None or self.wait is None:
            return None
        return self.away_since + self.wait - time.monotonic()

    def hear(self) -> None:
        while not self.host.inbox.empty():
            self.noted(self.host.inbox.get_nowait())

    def noted(self, note: Note) -> None:
        """A join seats the guest (again) as the game stands; a departure starts the wait;
        refusals are said on stderr, as the window's host says them; chat and rematch requests
        need no answer from a match that plays its games anyway."""
        if note.kind == "joined":
            self.away_since, self.why_away = None, ""
            self.seat.seat(self.session.game, self.session.names, self.session.looks)
        elif note.kind == "left":
            self.away_since, self.why_away = time.monotonic(), note.text
        elif note.kind == "refused":
            print(f"{PROG}: refused {note.text}", file=sys.stderr, flush=True)

    def gone_line(self) -> str:
        if not self.why_away:
            return f"no guest joined within {self.wait:g} s"
        return (f"the guest left game {self.number} of {self.games} ({self.why_away}) and did "
                f"not come back within {self.wait:g} s")

    def rematch(self) -> None:
        """The next game, sides swapped: the guest is told `rematch`, then welcomed to it."""
        self.host.send({"type": "rematch"})
        self.session = self.session.rematch(swap_sides=True, seed=self.seed)
        self.host_team = self.guest_team
        self.host.greeting["team"] = self.guest_team  # for a guest that joins again
        self.players, self.seat = self.seated_players()

    # ----- reports -----------------------------------------------------------------------

    def report(self) -> tuple[list[str], str | None]:
        """The game's lines, as `laser-flag --headless` gives them with who played which team,
        and why its save failed (None: saved, or not asked for)."""
        session = self.session
        players = {self.host_team: f"{self.level}, host", self.guest_team: f"{self.guest}, guest"}
        lines = [f"Game {self.number} of {self.games}: {score_line(session, players)}",
                 outcome_line(session)]
        self.count()
        path = self.save_path()
        if path is None:
            return lines, None
        problem = write_game(session, path)
        return (lines, problem) if problem else ([*lines, saved_line(path)], None)

    def count(self) -> None:
        game = self.session.game
        teams = {self.host_team: self.sides["host"], self.guest_team: self.sides["guest"]}
        for team, side in teams.items():
            side.points += game.scores[team]
        if not game.over:
            self.unfinished += 1
        elif game.winner == DRAW:
            self.draws += 1
        else:
            teams[game.winner].wins += 1

    @property
    def guest(self) -> str:
        return self.host.guest_name or "the guest"

    def totals(self) -> str:
        host, guest = self.sides["host"], self.sides["guest"]
        return (f"Total of {self.games} games: host ({self.level}) {host} - guest ({self.guest}) "
                f"{guest}, {self.draws} drawn, {self.unfinished} unfinished")

    def save_path(self) -> Path | None:
        """Where this game is saved: `save` itself for a match of one game, else `save` with
        the game's number before its suffix (match.json: match-1.json, match-2.json, ...)."""
        if self.save is None or self.games == 1:
            return self.save
        return self.save.with_name(f"{self.save.stem}-{self.number}{self.save.suffix}")


def serve(match: Match) -> int:
    """Play the match, its report on stdout: 0; 1 with one line on stderr for each save that
    failed, or for a match ended early (no guest, or the guest gone for good; the host's
    player failing); 128 + the signal's number for Ctrl-C (130) or SIGTERM (143)."""
    try:
        with stopped_by_signals():
            problems = match.run(lambda line: emit(PROG, line))
    except Stopped as stop:
        game = match.session.game
        unsaved = "; that game was not saved" if match.save else ""
        print(f"{PROG}: stopped by {stop} in game {match.number} of {match.games} after "
              f"{len(game.history):,} actions{unsaved}", file=sys.stderr)
        return 128 + stop.signum
    except (GuestGone, PlayerFailed) as err:
        print(f"{PROG}: {one_line(err)}", file=sys.stderr)
        return 1
    for problem in problems:
        print(f"{PROG}: {one_line(problem)}", file=sys.stderr)
    return 1 if problems else 0
