"""One client's connection to the server, on the event loop: it cuts and checks every line,
applies the limits (limits.py) and hands each message to the lobby or to its game's room.

A connection goes through stages: "new" (greeted, its first message due within the handshake
time), "lobby" (list, create, watch, chat), "joining" (a code or seat's secret given, the game's
hello sent; the client's hello due), then "seated" at a game or "watching" one. Whatever it
sends, a bad line is refused with one `error` (a short burst, then one a second) and changes
nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import traceback
from typing import Any, Protocol

from ..remote import protocol, reasons
from . import limits, messages
from .limits import Bucket, Limits
from .lobby import Lobby
from .room import Room


class Server(Protocol):
    """What a client asks of the server that runs it (service.Service): its lobby, its limits,
    and the lobby's chat to pass a line to everyone there."""

    lobby: Lobby
    bounds: Limits

    def lobby_chat(self, line: dict[str, Any]) -> None: ...


WRONG_CODE = reasons.WRONG_CODE


class Client:
    """A connected client: a lobby visitor, a player at a seat, or a spectator."""

    def __init__(self, service: Server, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        self.service, self.reader, self.writer = service, reader, writer
        peer = writer.get_extra_info("peername") or ("?", 0)
        self.address = str(peer[0])
        self.name = "a visitor"
        self.stage = "new"
        self.room: Room | None = None
        self.team = ""  # the seat being joined or held
        self.by_secret = False  # the seat being joined was named by its secret
        self.closed = False
        self.outbox: list[bytes] = []  # lines posted this turn of the loop, not yet written
        self.messages = Bucket(limits.RATE, limits.BURST)
        self.bytes = Bucket(limits.BYTE_RATE, limits.BYTE_BURST)
        self.errors = Bucket(limits.ERROR_RATE, limits.ERROR_BURST)
        self.chats = Bucket(limits.ERROR_RATE, limits.ERROR_BURST)  # lobby chat: to everyone
        self.answered: int | None = None  # the last ask answered (its first answer is free)
        self.deadline = asyncio.get_running_loop().time() + service.bounds.handshake

    # ----- what the room and the lobby call -----------------------------------------------

    def post(self, message: dict[str, Any]) -> None:
        """Queue a message. What one turn of the event loop posts to a client goes out in one
        write (an action's events and the next ask: one send, not two), once that turn's work
        is done."""
        self.post_line(protocol.encode(message))

    def post_line(self, line: bytes) -> None:
        """Queue a message already encoded."""
        if self.closed:
            return
        if not self.outbox:
            asyncio.get_running_loop().call_soon(self.flush)
        self.outbox.append(line)

    def flush(self) -> None:
        """Write what is queued; a client that has stopped reading is dropped, not waited for."""
        if not self.outbox or self.writer.is_closing():
            self.outbox.clear()
            return
        self.writer.write(b"".join(self.outbox))
        self.outbox.clear()
        if self.writer.transport.get_write_buffer_size() > limits.MAX_OUTBOX:
            self.closed = True
            self.writer.transport.abort()

    def close(self, reason: str) -> None:
        """Say `bye` (when there is a reason) and close once what is queued is written."""
        if reason:
            self.post(protocol.bye(reason))
        self.flush()
        self.closed = True
        self.writer.close()

    # ----- reading ------------------------------------------------------------------------

    async def run(self) -> None:
        """Greet, then read until the connection ends."""
        self.post(messages.server_hello())
        lines = protocol.Lines(limits.LINE_BYTES)
        loop = asyncio.get_running_loop()
        while not self.closed:
            waiting = self.stage in ("new", "joining")
            try:
                async with asyncio.timeout(self.deadline - loop.time() if waiting else None):
                    data = await self.reader.read(limits.READ_BYTES)
            except TimeoutError:
                self.close(f"nothing said within {self.service.bounds.handshake:g} s")
                return
            except OSError:
                return
            if not data:
                return
            pause = self.bytes.owe(len(data))
            if pause:  # past its bytes a second: it waits, and so does what it sends
                await asyncio.sleep(pause)
            for line in lines.feed(data):
                if self.closed:
                    return
                await self.line(line)

    async def line(self, line: bytes | None) -> None:
        if not self.messages.take():
            self.refuse(reasons.TOO_FAST.format(rate=f"{limits.RATE:g}"))
            return
        try:
            if line is None:
                raise protocol.ProtocolError(f"a line longer than {limits.LINE_BYTES} bytes: "
                                             "refused")
            message = messages.check_client_message(protocol.read_line(line))
        except protocol.ProtocolError as err:
            self.refuse(str(err))
            return
        try:
            await self.handle(message)
        except Exception:  # a bug of the server's: told, logged, and the server goes on
            traceback.print_exc(file=sys.stderr)
            self.refuse("the server could not handle that message")

    def refuse(self, why: str) -> None:
        """One error line back, unless it has been told too many lately."""
        if self.errors.take():
            self.post(protocol.error(why))

    def turn_away(self, why: str) -> None:
        """Refuse naming why, then close."""
        self.post(protocol.error(why))
        self.close(why)

    # ----- what it may send, stage by stage -------------------------------------------------

    async def handle(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if self.stage == "new":
            self.stage = "lobby"
        if kind == "bye":
            self.close("")
        elif kind == "list":
            self.post(messages.games(self.service.lobby.listing()))
        elif self.stage == "lobby":
            await self.in_lobby(message)
        elif self.stage == "joining":
            self.joining(message)
        elif self.stage == "seated":
            self.seated(message)
        else:
            self.watching(message)

    async def in_lobby(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "hello":
            await self.hello(message)
        elif kind == "create":
            self.create(message)
        elif kind == "watch":
            await self.watch(message["code"])
        elif kind == "chat":
            if self.chats.take():
                self.service.lobby_chat(protocol.chat(message["text"], self.name))
            else:
                self.refuse(reasons.CHAT_TOO_FAST)
        else:
            self.refuse(f"{protocol.a_or_an(kind)} message is for a game: join or watch one")

    async def hello(self, message: dict[str, Any]) -> None:
        """A hello with a code joins a seat; without one, it only says who this is."""
        problem = protocol.incompatibility(message)
        if problem:
            self.turn_away(problem)
            return
        self.name = message.get("name") or "a player"
        code = message.get("code")
        if code is None:
            return
        found = self.service.lobby.seat(code)
        if found is None:
            await self.wrong_code()
            return
        if isinstance(found, str):
            self.turn_away(found)
            return
        self.room, self.team = found
        self.by_secret = self.room.seats[self.team].player != ""
        self.stage = "joining"
        self.deadline = asyncio.get_running_loop().time() + self.service.bounds.handshake
        self.post(self.room.hello(self.team))

    async def wrong_code(self) -> None:
        """A wrong code is answered a second late, then the connection closes: each guess costs
        a connection and a second."""
        await asyncio.sleep(limits.WRONG_CODE_SECONDS)
        self.turn_away(WRONG_CODE)

    def create(self, message: dict[str, Any]) -> None:
        made = self.service.lobby.create(message, self.address)
        if isinstance(made, str):
            self.refuse(made)
            return
        team = message.get("team", "1")
        made.claim(team, self.name)
        self.post(messages.created(made.code, made.seats[team].secret, team))

    async def watch(self, code: str) -> None:
        room = self.service.lobby.room(code)
        if room is None:
            await self.wrong_code()
            return
        self.room, self.stage = room, "watching"
        room.watch(self)

    def joining(self, message: dict[str, Any]) -> None:
        """The client's answer to the game's hello: it sits at the seat."""
        if message["type"] != "hello":
            self.refuse("answer the game's hello first")
            return
        assert self.room is not None
        if not self.by_secret and self.room.seats[self.team].player:
            self.turn_away("that seat was taken meanwhile")
            return
        self.stage = "seated"
        self.room.sit(self.team, self)

    def seated(self, message: dict[str, Any]) -> None:
        assert self.room is not None
        kind = message["type"]
        why = ""
        if kind == "action":
            if message["ask"] != self.answered:  # its first answer was asked for: no token
                self.answered = message["ask"]
                self.messages.give()
            why = self.room.act(self, message)
        elif kind == "chat":
            self.room.chat(self, message["text"])
        elif kind == "rematch":
            why = self.room.rematch(self)
        elif kind == "replay":
            self.replay()
        else:
            why = f"{protocol.a_or_an(kind)} message is not for a player in a game"
        if why:
            self.refuse(why)

    def watching(self, message: dict[str, Any]) -> None:
        assert self.room is not None
        kind = message["type"]
        if kind == "chat":
            self.room.chat(self, message["text"])
        elif kind == "replay":
            self.replay()
        else:
            self.refuse(f"{protocol.a_or_an(kind)} message is not for a spectator")

    def replay(self) -> None:
        assert self.room is not None
        answer = self.room.replay()
        if isinstance(answer, str):
            self.refuse(answer)
        else:
            self.post(answer)

    def gone(self) -> None:
        """The connection ended: its room is told."""
        self.closed = True
        if self.room is not None and self.stage in ("seated", "watching"):
            self.room.left(self)
        with contextlib.suppress(Exception):
            self.writer.close()
