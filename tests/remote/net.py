"""Helpers for the network tests: a host in this process driven like the client drives it, a
raw socket guest that speaks the protocol by hand, a relay that records a conversation, and the
client run as separate processes."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from laser_flag.engine import load_map
from laser_flag.engine.rules_version import RULES_VERSION
from laser_flag.play.host_turns import HostTurns
from laser_flag.remote import protocol
from laser_flag.ui.network.network_start import host_game

from ..waits import wait_until

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
SEND_SECONDS = 30  # a busy machine is slow


def hosted(map_name: str = "blitz", fog: bool | None = None, player: str = "Easy",
           seed: int = 4) -> HostTurns:
    """A game hosted on 127.0.0.1, a free port; the host's side played by `player`."""
    return host_game(load_map(MAPS / f"{map_name}.json"), fog, "1", player, "127.0.0.1", 0, seed)


def pump(turns: HostTurns, until: Callable[[], Any], what: str, timeout: float = 30.0) -> Any:
    """Run the host's frames (Instant speed) until `until()` holds."""
    def frame() -> None:
        turns.tick(16, 0.0)
        time.sleep(0.002)
    return wait_until(until, what, timeout, between=frame)


class SteppedClock:
    """A clock for the host (`Host.clock`) that moves only when the test moves it, starting
    where the real one stands so that times the host took before still compare."""

    def __init__(self) -> None:
        self.now = time.monotonic()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class RawGuest:
    """A guest speaking the protocol by hand over one socket; `received` keeps every byte."""

    def __init__(self, address: tuple[str, int]) -> None:
        self.sock = socket.create_connection(address, timeout=SEND_SECONDS)
        self.received = bytearray()
        self._lines = protocol.Lines(protocol.GAME_LINE_BYTES)
        self.messages: list[dict[str, Any]] = []
        self.cursor = 0  # the messages before it have been read

    def send(self, data: bytes | dict[str, Any]) -> None:
        self.sock.settimeout(SEND_SECONDS)  # read() shortens it while it pumps the host
        self.sock.sendall(data if isinstance(data, bytes) else protocol.encode(data))

    def read(self, kind: str | None = None, timeout: float = 10.0,
             between: Callable[[], object] | None = None) -> dict[str, Any]:
        """The next message (of `kind`, skipping others), pumping `between` while waiting."""
        deadline = time.monotonic() + timeout
        while True:
            while self.cursor < len(self.messages):
                message = self.messages[self.cursor]
                self.cursor += 1
                if kind is None or message["type"] == kind:
                    return message
            if time.monotonic() > deadline:
                raise AssertionError(f"no {kind or 'message'} within {timeout:g} s; got "
                                     f"{[m['type'] for m in self.messages[-5:]]}")
            if between is not None:
                between()
            self.sock.settimeout(0.01 if between else max(0.01, deadline - time.monotonic()))
            try:
                data = self.sock.recv(1 << 20)
            except (TimeoutError, BlockingIOError):
                continue
            if not data:
                raise ConnectionError("the host closed the connection")
            self.received += data
            self.messages += [json.loads(line) for line in self._lines.feed(data)]

    def join(self, code: str, digest: str | None, /, **change: Any) -> dict[str, Any]:
        """Answer the host's hello as a guest of the same protocol, rules and version would,
        but for the fields in `change`; the host's hello."""
        hello = self.read("hello")
        self.send({"type": "hello", "protocol": protocol.PROTOCOL, "rules": RULES_VERSION,
                   "version": hello["version"], "map_digest": digest, "code": code,
                   "name": "Raw", **change})
        return hello

    def close(self) -> None:
        self.sock.close()


class Relay:
    """A go-between on 127.0.0.1 that records a guest's conversation with a host: the first
    connection to `address` is joined to `target`, and every whole line is kept as it passes,
    the host's in `to_seat` and the guest's in `to_game` (None for one longer than the
    protocol allows). Later connections are refused."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.to_seat: list[bytes | None] = []
        self.to_game: list[bytes | None] = []
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.address = self._listener.getsockname()[:2]
        self._sockets: list[socket.socket] = [self._listener]
        threading.Thread(target=self._run, name="relay", daemon=True).start()

    def _run(self) -> None:
        try:
            guest, _ = self._listener.accept()
            self._listener.close()
            host = socket.create_connection(self.target)
        except OSError:  # closed before a guest came
            return
        self._sockets += [guest, host]
        threading.Thread(target=self._pass, args=(host, guest, self.to_seat),
                         daemon=True).start()
        self._pass(guest, host, self.to_game)

    @staticmethod
    def _pass(source: socket.socket, sink: socket.socket, kept: list[bytes | None]) -> None:
        lines = protocol.Lines(protocol.GAME_LINE_BYTES)
        try:
            while data := source.recv(1 << 20):
                kept += lines.feed(data)
                sink.sendall(data)
            sink.shutdown(socket.SHUT_WR)
        except OSError:  # either side gone: the recording ends here
            pass

    def close(self) -> None:
        for sock in self._sockets:
            sock.close()


def state(path: Path) -> dict[str, Any] | None:
    """A --state-file's game, or None while it is not written yet (or being written)."""
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def client(*args: str, data_dir: Path) -> subprocess.Popen[bytes]:
    """`laser-flag ARGS` as its own process, headless, at Instant speed."""
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.json").write_text(json.dumps({
        "format": "laser-flag-settings", "version": 1, "settings": {"animation_speed": "Instant"}}))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "LASER_FLAG_DATA_DIR": str(data_dir)}
    return subprocess.Popen([sys.executable, "-m", "laser_flag", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
