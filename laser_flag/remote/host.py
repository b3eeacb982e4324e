"""The host's network side: one thread listening on TCP, seating one guest (docs/PROTOCOL.md).

The game itself never enters this thread: the thread greets each connection, checks the
guest's `hello` (protocol, rules, join code), cuts and checks every line, limits
sizes and rates, and hands the main loop what is left through two queues: `actions` (read by
the guest's seat, `seat.RemoteSeat`, polled by the main loop) and `inbox` (joins, chat,
rematch, departures, each a `Note`). The main loop sends through `send`, which never blocks:
bytes go out from this thread.

Whatever arrives, the thread refuses it with one `error` line (at most one a second per
connection) and carries on: a bad line changes nothing and costs a few microseconds.
"""

from __future__ import annotations

import contextlib
import hmac
import queue
import secrets
import selectors
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import protocol, reasons

DEFAULT_PORT = 7531
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: read aloud or copied without doubt
CODE_LENGTH = 6
RATE = 20.0  # a seated guest's messages a second, on average (first answers to asks aside)...
BURST = 40.0  # ...and at most this many at once
HANDSHAKE_SECONDS = 10.0
# A wrong join code is answered only after this, and the connection then closed: each guess
# costs a connection and a second, so MAX_WAITING connections guess at most 8 codes a second
# (24**6 codes: months on average), while the right code is never kept out.
WRONG_CODE_SECONDS = 1.0
# Connections not yet seated. One more makes room by closing the oldest waiting connection of
# the address with the most of them: idle sockets, however often refreshed, cannot keep out a
# guest whose hello follows the host's at once.
MAX_WAITING = 8
MAX_OUTBOX = 64 * 1024 * 1024  # bytes a guest has not read: past this it is dropped
READ_BYTES = 65536


WRONG_CODE = reasons.WRONG_JOIN_CODE


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


@dataclass(frozen=True)
class Note:
    """Something for the main loop: `kind` is "joined", "left", "chat", "rematch" or "refused"
    (a message refused, for the log); `text` says who or what."""

    kind: str
    text: str = ""


@dataclass
class _Connection:
    sock: socket.socket
    peer: str
    opened: float
    lines: protocol.Lines = field(
        default_factory=lambda: protocol.Lines(protocol.SEAT_LINE_BYTES))
    outbox: bytearray = field(default_factory=bytearray)
    seated: bool = False
    closing: bool = False  # close once the outbox is written
    refuse_at: float | None = None  # a wrong code's refusal is due then
    tokens: float = BURST
    refill: float = 0.0
    last_error: float = -1.0
    answered: int | None = None  # the last ask answered (its first answer costs no token)

    @property
    def address(self) -> str:
        """Where it comes from: the peer without its port."""
        return self.peer.rsplit(":", 1)[0]


def make_room(waiting: list[_Connection]) -> _Connection:
    """The connection to close for a newcomer: the oldest (`waiting` is oldest first) of those
    from the address that has the most waiting."""
    per_address = Counter(conn.address for conn in waiting)
    most = max(per_address.values())
    return next(conn for conn in waiting if per_address[conn.address] == most)


class Host:
    """A listening host for one guest seat; `start()` opens the port, `close()` ends it all."""

    def __init__(self, greeting: dict[str, Any], bind: str = "127.0.0.1",
                 port: int = DEFAULT_PORT, code: str | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.greeting = dict(greeting)  # the host's hello (protocol.hello)
        # Seconds, read for every limit in time (handshakes, refusals, rates, wrong codes);
        # a test sets its own to pass a minute without waiting for one.
        self.clock = clock
        self.code = code or new_code()
        self.actions: queue.Queue[dict[str, Any]] = queue.Queue()
        self.inbox: queue.Queue[Note] = queue.Queue()
        self._open_ask: int | None = None  # the your_turn the guest may answer now (locked)
        self.guest_name = ""
        # Called on the network thread after anything is queued: wakes an idle main loop.
        self.notify: Callable[[], None] = lambda: None
        self._bind, self._port = bind, port
        self._selector = selectors.DefaultSelector()
        self._lock = threading.Lock()
        self._pending: list[bytes] = []  # lines for the seated guest, from the main loop
        self._seated: _Connection | None = None
        self._running = False
        self._thread: threading.Thread | None = None
        self._listener: socket.socket | None = None
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_w.setblocking(False)

    # ----- the main loop's side ---------------------------------------------------------

    def start(self) -> tuple[str, int]:
        """Listen; the address and port listened on. OSError when the port cannot be had."""
        listener = socket.create_server((self._bind, self._port), reuse_port=False)
        listener.setblocking(False)
        self._listener = listener
        self._selector.register(listener, selectors.EVENT_READ, "listen")
        self._wake_r.setblocking(False)
        self._selector.register(self._wake_r, selectors.EVENT_READ, "wake")
        self._running = True
        self._thread = threading.Thread(target=self._serve, name="laser-flag host", daemon=True)
        self._thread.start()
        return self.address

    @property
    def address(self) -> tuple[str, int]:
        assert self._listener is not None
        host, port = self._listener.getsockname()[:2]
        return host, port

    @property
    def seated(self) -> bool:
        """Whether a guest is connected and seated now."""
        return self._seated is not None

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message for the seated guest (dropped when none is seated)."""
        self._queue(protocol.encode(message))

    def ask(self, ask: int, message: dict[str, Any]) -> None:
        """Send a your_turn and accept an answer to it (and only to it) from now on."""
        with self._lock:
            self._open_ask = ask
        self.send(message)

    def close_ask(self) -> None:
        """The open ask is answered (or the seat closed): no action is accepted until the next."""
        with self._lock:
            self._open_ask = None

    @property
    def open_ask(self) -> int | None:
        """The ask the guest may answer now; set by the main loop, read by the thread."""
        with self._lock:
            return self._open_ask

    def close(self) -> None:
        """Say bye to the guest, stop the thread and close every socket."""
        if not self._running:
            return
        self.send(protocol.bye(reasons.HOST_CLOSED))
        self._running = False
        self._wake()
        if self._thread is not None:
            self._thread.join(timeout=2.0)

    def _queue(self, line: bytes) -> None:
        with self._lock:
            self._pending.append(line)
        self._wake()

    def _wake(self) -> None:
        with contextlib.suppress(OSError):  # full: the thread will wake anyway
            self._wake_w.send(b"x")

    # ----- the thread -------------------------------------------------------------------

    def _serve(self) -> None:
        try:
            while self._running:
                for key, events in self._selector.select(timeout=0.5):
                    self._ready(key, events)
                self._flush_pending()
                self._expire_handshakes()
            self._flush_pending()
        finally:
            self._shut()

    def _ready(self, key: selectors.SelectorKey, events: int) -> None:
        if key.data == "listen":
            self._accept()
        elif key.data == "wake":
            try:
                while self._wake_r.recv(4096):
                    pass
            except BlockingIOError:
                pass
        else:
            conn: _Connection = key.data
            if events & selectors.EVENT_READ:
                self._read(conn)
            if events & selectors.EVENT_WRITE and conn.sock.fileno() >= 0:
                self._write(conn)

    def _accept(self) -> None:
        try:
            sock, peer = self._listener.accept()  # type: ignore[union-attr]
        except OSError:
            return
        sock.setblocking(False)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        waiting = self._waiting()
        if len(waiting) >= MAX_WAITING:
            self._drop(make_room(waiting), "")
        conn = _Connection(sock, f"{peer[0]}:{peer[1]}", self.clock())
        self._selector.register(sock, selectors.EVENT_READ, conn)
        self._post(conn, protocol.encode(self.greeting))

    def _read(self, conn: _Connection) -> None:
        try:
            data = conn.sock.recv(READ_BYTES)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._drop(conn, "the connection closed")
            return
        for line in conn.lines.feed(data):
            if conn.closing:
                return
            self._line(conn, line)

    def _line(self, conn: _Connection, line: bytes | None) -> None:
        if conn.seated and not self._take_token(conn):
            self._refuse(conn, reasons.TOO_FAST.format(rate=f"{RATE:g}"))
            return
        try:
            if line is None:
                raise protocol.ProtocolError(
                    f"a line longer than {protocol.SEAT_LINE_BYTES} bytes: refused")
            message = protocol.check_seat_message(protocol.read_line(line))
        except protocol.ProtocolError as err:
            self._refuse(conn, str(err))
            return
        if conn.seated:
            self._seated_message(conn, message)
        else:
            self._handshake(conn, message)

    def _seated_message(self, conn: _Connection, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "action":
            open_ask = self.open_ask  # read once: the main loop may close it meanwhile
            if open_ask is None or message["ask"] != open_ask:
                self._refuse(conn, reasons.NOT_YOUR_TURN
                             if open_ask is None else
                             f"that answers ask {message['ask']}; the open ask is {open_ask}")
                return
            if conn.answered != message["ask"]:  # its first answer was asked for: no token
                conn.answered, conn.tokens = message["ask"], conn.tokens + 1
            self.actions.put(message)
            self.notify()
        elif kind == "chat":
            self._note(Note("chat", message["text"]))
        elif kind == "rematch":
            self._note(Note("rematch"))
        elif kind == "bye":
            self._drop(conn, "the guest left")
        else:
            self._refuse(conn, f"{protocol.a_or_an(kind)} message only comes first")

    def _handshake(self, conn: _Connection, message: dict[str, Any]) -> None:
        """Seat the guest, or refuse naming what differs (and close)."""
        if message["type"] != "hello":
            self._refuse(conn, "the first message is a hello")
            return
        if conn.refuse_at is not None:
            return  # it has had its one guess
        problem = self._why_refused(message)
        if problem == WRONG_CODE:
            conn.refuse_at = self.clock() + WRONG_CODE_SECONDS
            return
        if problem:
            self._turn_away(conn, problem)
            return
        conn.seated = True
        self._seated = conn
        self.guest_name = message.get("name") or "the guest"
        self._note(Note("joined", self.guest_name))

    def _turn_away(self, conn: _Connection, problem: str) -> None:
        """Refuse the join naming why, then close."""
        self._post(conn, protocol.encode(protocol.error(problem)))
        self._post(conn, protocol.encode(protocol.bye(problem)))
        conn.closing = True
        self._note(Note("refused", f"{conn.peer}: {problem}"))

    def _why_refused(self, message: dict[str, Any]) -> str:
        # Before the code: nothing secret, the host's hello told its protocol and rules.
        different = protocol.incompatibility(message)
        if different:
            return different
        if not hmac.compare_digest(str(message.get("code", "")).upper().encode(),
                                   self.code.encode()):
            return WRONG_CODE
        if self._seated is not None:
            return reasons.SEAT_TAKEN
        return ""

    def _note(self, note: Note) -> None:
        self.inbox.put(note)
        self.notify()

    def _refuse(self, conn: _Connection, why: str) -> None:
        """One error line back, at most one a second; one note for the host's log."""
        now = self.clock()
        if now - conn.last_error >= 1.0:
            conn.last_error = now
            self._post(conn, protocol.encode(protocol.error(why)))
            self._note(Note("refused", f"{conn.peer}: {why}"))

    def _take_token(self, conn: _Connection) -> bool:
        now = self.clock()
        conn.tokens = min(BURST, conn.tokens + (now - (conn.refill or now)) * RATE)
        conn.refill = now
        if conn.tokens < 1:
            return False
        conn.tokens -= 1
        return True

    def _post(self, conn: _Connection, line: bytes) -> None:
        if len(conn.outbox) + len(line) > MAX_OUTBOX:
            self._drop(conn, "it stopped reading")
            return
        conn.outbox += line
        self._write(conn)

    def _write(self, conn: _Connection) -> None:
        try:
            sent = conn.sock.send(conn.outbox) if conn.outbox else 0
        except BlockingIOError:
            sent = 0
        except OSError:
            self._drop(conn, "the connection broke")
            return
        del conn.outbox[:sent]
        if not conn.outbox and conn.closing:
            self._drop(conn, "")
            return
        want = selectors.EVENT_READ | (selectors.EVENT_WRITE if conn.outbox else 0)
        with contextlib.suppress(KeyError, ValueError):
            self._selector.modify(conn.sock, want, conn)

    def _flush_pending(self) -> None:
        with self._lock:
            pending, self._pending = self._pending, []
        for line in pending:
            if self._seated is not None:
                self._post(self._seated, line)

    def _waiting(self) -> list[_Connection]:
        """The connections not yet seated, oldest first."""
        found = [k.data for k in self._selector.get_map().values()
                 if isinstance(k.data, _Connection) and not k.data.seated]
        return sorted(found, key=lambda conn: conn.opened)

    def _expire_handshakes(self) -> None:
        """Answer the wrong codes now due; close the handshakes that took too long."""
        now = self.clock()
        for conn in self._waiting():
            if conn.closing:
                continue
            if conn.refuse_at is not None and now >= conn.refuse_at:
                self._turn_away(conn, WRONG_CODE)
            elif conn.refuse_at is None and now - conn.opened > HANDSHAKE_SECONDS:
                self._drop(conn, "")

    def _drop(self, conn: _Connection, why: str) -> None:
        with contextlib.suppress(KeyError, ValueError):
            self._selector.unregister(conn.sock)
        conn.sock.close()
        if conn is self._seated:
            self._seated = None
            self._note(Note("left", why or reasons.GUEST_LEFT))

    def _shut(self) -> None:
        for key in list(self._selector.get_map().values()):
            if isinstance(key.data, _Connection):
                self._drop(key.data, "the host closed the game")
        self._selector.close()
        for sock in (self._listener, self._wake_r, self._wake_w):
            if sock is not None:
                sock.close()
