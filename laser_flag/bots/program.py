"""A program takes a seat: `exec:COMMAND` plays a team by talking the seat protocol
(docs/PROTOCOL.md) on the program's stdin and stdout.

The program is started on its first turn (the command split as a shell would, but run without
one), told `hello` and `welcome`, then `your_turn` on each of its decisions and `events` after
every action. It has `answer_seconds()` to answer each `your_turn` (ANSWER_SECONDS unless the
environment's LASER_FLAG_PROGRAM_SECONDS says otherwise), and `your_turn` tells it how long
(`seconds`). What goes wrong is written
as one line on stderr and kept in `problem` (the client shows it), and the game goes on:

- an answer that is not one of the legal actions, or not an action message: its turn ends;
- no answer in time: its turn ends (a late answer is recognised by its `ask` and dropped);
- the program exits, closes its output or cannot be started: its turn ends, and every later
  turn of it ends at once (it is not started again).

Its stderr is the caller's. `close()` ends the program; a bot that is dropped ends it too.
"""

from __future__ import annotations

import contextlib
import math
import os
import queue
import shlex
import subprocess
import sys
import threading
import time
import weakref
from pathlib import PureWindowsPath
from typing import IO, Any

from laser_flag.engine import Action, EndTurn, Game, view

from ..i18n import _
from ..remote import protocol
from .base import Bot

PREFIX = "exec:"
ANSWER_SECONDS = 5.0  # per decision; generous for a script, short enough for a lab run
SECONDS_VARIABLE = "LASER_FLAG_PROGRAM_SECONDS"
EXIT_SECONDS = 1.0  # a program told to end, or seen to close its input, is given this to exit
MAX_SECONDS = 3600.0
# Every command that can seat a program says so in its --help epilog.
ANSWER_TIME_HELP = (f"A program (exec:COMMAND, docs/PROTOCOL.md) has {ANSWER_SECONDS:g} seconds "
                    f"to answer each your_turn; the environment variable {SECONDS_VARIABLE} "
                    f"sets another (above 0, at most {MAX_SECONDS:g}).")
_GONE = object()  # the program's output ended


def is_program(name: str) -> bool:
    """Whether a bot name or level asks for a program: `exec:COMMAND`."""
    return name.startswith(PREFIX) and bool(name[len(PREFIX):].strip())


def answer_seconds() -> float:
    """How long a program has to answer each `your_turn`: ANSWER_SECONDS, or the environment's
    LASER_FLAG_PROGRAM_SECONDS (more than 0, at most MAX_SECONDS); ValueError naming the
    variable when its value is malformed."""
    text = os.environ.get(SECONDS_VARIABLE)
    if not text:
        return ANSWER_SECONDS
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= MAX_SECONDS:  # NaN fails this too
        raise ValueError(f"{SECONDS_VARIABLE}: must be a number of seconds above 0 and at most "
                         f"{MAX_SECONDS:g}, not {text[:40]!r}")
    return seconds


def seat_words(level: str) -> str:
    """Who plays a seat, as a screen says it: "Easy bot", or a program by its file's name,
    "greedy_bot.py program" (its command line, flags and all, is for the terminal)."""
    if not is_program(level):
        return _("{level} bot").format(level=_(level))
    try:
        words = shlex.split(level.removeprefix(PREFIX))
    except ValueError:  # an unclosed quote: the first word names it well enough
        words = level.removeprefix(PREFIX).split()
    named = next((w for w in words[1:] if "." in PureWindowsPath(w).name
                  and not w.startswith("-")), words[0])
    # a Windows path splits at / and \\
    return _("{name} program").format(name=PureWindowsPath(named).name)


class ProgramBot(Bot):
    """A team played by an outside program (see the module)."""

    name = "exec"

    def __init__(self, command: str, seed: int = 0, seconds: float | None = None) -> None:
        super().__init__(seed)
        self.command = command.removeprefix(PREFIX).strip()
        self.seconds = answer_seconds() if seconds is None else seconds
        self.problem = ""  # the last thing that went wrong, one line
        self._process: subprocess.Popen[bytes] | None = None
        self._answers: queue.Queue[Any] = queue.Queue()
        self._write_lock = threading.Lock()
        self._asks = 0
        self._team: str | None = None
        self._gone = False

    # ----- the bot interface ------------------------------------------------------------

    def decide(self, game: Game) -> Action:
        """Ask the program; EndTurn when it fails (see the module). It is told the team's
        view only: never the believed game with its guesses."""
        if not self._started(game):
            return EndTurn()
        self._asks += 1
        ask = self._asks
        seen = view(game.state(), game.active_team)
        if not self._send(protocol.your_turn(ask, seen, game.index, self.seconds)):
            return EndTurn()
        answer = self._answer(ask)
        if answer is None:
            return EndTurn()
        if answer not in game.legal_actions():
            why = game.why_not(answer) or "not one of the legal actions"
            self._send(protocol.error(f"illegal action: {why}"))
            self._failed(f"answered an illegal action ({why}): its turn ends")
            return EndTurn()
        return answer

    def choose(self, game: Game) -> Action:
        return self.decide(game)

    def seen(self, game: Game) -> None:
        """After every action: the events as the program's team saw them."""
        if self._team is not None and not self._gone:
            self._send(protocol.events(view(game.state(), self._team)))

    def close(self) -> None:
        """End the program: `bye`, then its stdin closed; killed if it lingers."""
        process, self._process = self._process, None
        if process is not None:
            self._send_to(process, protocol.bye("the game is over"))
            _end(process)

    # ----- the program ------------------------------------------------------------------

    def _started(self, game: Game) -> bool:
        if self._gone:
            return False
        if self._process is not None:
            return True
        try:
            # In a session (a process group on Windows) of its own: Ctrl-C at the terminal
            # reaches the game, which ends the program with "bye" and a closed input; the
            # program is never interrupted mid-line by a key meant for the game.
            self._process = subprocess.Popen(
                shlex.split(self.command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                start_new_session=True,
                creationflags=getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0))
        except (OSError, ValueError) as exc:
            self._gone = True
            self._failed(f"could not be started ({exc}): its turns end at once")
            return False
        weakref.finalize(self, _end, self._process)
        threading.Thread(target=_read, args=(self._process.stdout, self._answers),
                         daemon=True).start()
        self._team = game.active_team
        names = {t: game.map.teams[t].name for t in ("1", "2")}
        return (self._send(protocol.hello(game.map, self._team, game.fog))
                and self._send(protocol.welcome(game.map, self._team, names,
                                                view(game.state(), self._team))))

    def _send(self, message: dict[str, Any]) -> bool:
        if self._process is None or self._gone:
            return False
        if self._send_to(self._process, message):
            return True
        self._gone = True
        if _exited(self._process):
            self._failed("exited or closed its output: its turns end at once")
        else:
            self._failed("stopped reading its input: its turns end at once")
        return False

    def _send_to(self, process: subprocess.Popen[bytes], message: dict[str, Any]) -> bool:
        with self._write_lock:
            try:
                process.stdin.write(protocol.encode(message))  # type: ignore[union-attr]
                process.stdin.flush()  # type: ignore[union-attr]
            except (OSError, ValueError):
                return False
        return True

    def _answer(self, ask: int) -> Action | None:
        """The action answering `ask`, or None (the failure written down)."""
        deadline = time.monotonic() + self.seconds  # chatter does not buy more time
        try:
            while True:
                message = self._answers.get(timeout=max(0.0, deadline - time.monotonic()))
                if message is _GONE:
                    self._gone = True
                    return self._failed("exited or closed its output: its turns end at once")
                if isinstance(message, protocol.ProtocolError):
                    raise message
                if message["type"] == "action" and message["ask"] == ask:
                    return protocol.read_action(message)[1]
                # a late answer to an earlier ask, a chat line: nothing to do with this ask
        except queue.Empty:
            return self._failed(f"gave no answer in {self.seconds:g} s: its turn ends")
        except protocol.ProtocolError as err:
            self._send(protocol.error(str(err)))
            return self._failed(f"sent a bad message ({err}): its turn ends")

    def _failed(self, what: str) -> None:
        """Write down what went wrong: one line on stderr, kept in `problem`."""
        self.problem = f"Program {self.command!r} (team {self._team or '?'}) {what}."
        print(f"laser-flag: {self.problem}", file=sys.stderr, flush=True)


def _read(stream: IO[bytes], answers: queue.Queue[Any]) -> None:
    """The program's output, a message (or the ProtocolError it is) at a time; _GONE at its end."""
    lines = protocol.Lines(protocol.SEAT_LINE_BYTES)
    while chunk := stream.read1(65536):  # type: ignore[attr-defined]
        for line in lines.feed(chunk):
            try:
                if line is None:
                    raise protocol.ProtocolError(
                        f"a line longer than {protocol.SEAT_LINE_BYTES} bytes")
                answers.put(protocol.check_seat_message(protocol.read_line(line)))
            except protocol.ProtocolError as err:
                answers.put(err)
    answers.put(_GONE)


def _exited(process: subprocess.Popen[bytes]) -> bool:
    """Whether a program whose input no longer takes a line has exited (and not merely closed
    its input): a program that ends closes its input a moment before it is gone, so that moment
    is waited for, up to EXIT_SECONDS."""
    try:
        process.wait(timeout=EXIT_SECONDS)
    except subprocess.TimeoutExpired:
        return False
    return True


def _end(process: subprocess.Popen[bytes]) -> None:
    """Close the program's input and give it a moment to exit, then kill it."""
    with contextlib.suppress(OSError):
        process.stdin.close()  # type: ignore[union-attr]
    try:
        process.wait(timeout=EXIT_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
