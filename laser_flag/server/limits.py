"""How much the server gives each connection and each address (docs/PROTOCOL.md, "The server"):
whatever a client sends, the server neither crashes, hangs nor grows without bound.

Counted per connection: the length of a line, messages a second, bytes a second (reading pauses
past it), bytes it has not read yet (past them it is dropped), and refusals told (one a second
after a short burst). Per address: connections open and games created still open. Whole
server: connections and games. A handshake must come within its deadline.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

LINE_BYTES = 64 * 1024  # a client's line: a `create` may carry a whole map
READ_BYTES = 65536
RATE, BURST = 20.0, 40.0  # messages a second (the first answer to each ask is free)
BYTE_RATE, BYTE_BURST = float(1 << 20), float(2 << 20)  # bytes a second read from one connection
ERROR_RATE, ERROR_BURST = 1.0, 5.0  # refusals told a second
MAX_OUTBOX = 16 * 1024 * 1024  # bytes a client has not read: past this it is dropped
HANDSHAKE_SECONDS = 10.0  # from the connection (or the game's hello) to the client's hello
WRONG_CODE_SECONDS = 1.0  # a wrong code is answered this late, and the connection closed
ROOM_IDLE_SECONDS = 600.0  # a game with nobody connected is closed after this
SWEEP_SECONDS = 5.0


@dataclass(frozen=True)
class Limits:
    """The limits a server is started with (its command line's options)."""

    connections: int = 1000
    per_address: int = 32  # connections open from one address
    games: int = 500
    games_per_address: int = 8  # games created from one address and still open
    room_idle: float = ROOM_IDLE_SECONDS
    handshake: float = HANDSHAKE_SECONDS  # seconds to the first message, and to a seat's hello


class Bucket:
    """A token bucket: `rate` tokens a second, at most `burst` held."""

    def __init__(self, rate: float, burst: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.refilled = burst, clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.refilled) * self.rate)
        self.refilled = now

    def take(self, count: float = 1.0) -> bool:
        """Take `count` tokens if there are that many."""
        self._refill()
        if self.tokens < count:
            return False
        self.tokens -= count
        return True

    def owe(self, count: float) -> float:
        """Take `count` tokens, going into debt: the seconds until the debt is paid (0: none)."""
        self._refill()
        self.tokens -= count
        return max(0.0, -self.tokens / self.rate)

    def give(self, count: float = 1.0) -> None:
        self.tokens = min(self.burst, self.tokens + count)
