"""Helpers for the server's tests: `laser-flag-server` as a process of its own on 127.0.0.1, a
visitor speaking to it by hand (tests/remote/net.py's RawGuest), and the example guest as a
player's process."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from laser_flag.engine.rules_version import RULES_VERSION
from laser_flag.remote import protocol
from laser_flag.remote.tls import Tls

from ..remote.net import RawGuest
from ..waits import PipeReader, wait_until

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


class Running:
    """A server process; `address` once it listens; `stop()` ends it and gives its stderr."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "laser_flag.server.cli", "--port", "0", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.out, self.err = PipeReader(self.process.stdout), PipeReader(self.process.stderr)
        found = wait_until(lambda: re.search(r"Serving on ([\d.]+):(\d+)", self.out.text())
                           or self.process.poll() is not None, "the server listening", 30)
        assert found is not True, f"the server ended: {self.err.text()}"
        self.address = (found.group(1), int(found.group(2)))

    def stop(self) -> str:
        """SIGTERM, then its stderr (AssertionError if it did not end by itself in time)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)
        return self.err.finish()


@contextmanager
def server(*args: str) -> Iterator[Running]:
    """A server for the test's length; its stderr must show no traceback."""
    running = Running(*args)
    try:
        yield running
    finally:
        err = running.stop()
        assert "Traceback" not in err, err


def visitor(address: tuple[str, int], tls: Tls | None = None) -> RawGuest:
    """A connection greeted by the server (its hello read), over TLS with `tls`."""
    guest = RawGuest(address)
    if tls is not None:
        guest.sock = tls.wrap(guest.sock, address[0])
    assert "lobby" in guest.read("hello")
    return guest


def create(address: tuple[str, int], tls: Tls | None = None,
           **settings: Any) -> tuple[RawGuest, dict[str, Any]]:
    """A visitor that made a game (blitz unless `map` is given); the `created` answer."""
    maker = visitor(address, tls)
    maker.send({"type": "create", "map": "blitz", **settings})
    return maker, maker.read("created")


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and localhost, and its key, made in `folder`."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-keyout", str(key), "-out", str(cert), "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
                   check=True, capture_output=True)
    return cert, key


def pin_of(running: Running) -> str:
    """The fingerprint a TLS server printed as it started."""
    return re.search(r"SHA-256 ([0-9A-F:]{95})", running.out.text()).group(1)


def seat_hello(code: str, name: str = "Raw") -> dict[str, Any]:
    return {"type": "hello", "protocol": protocol.PROTOCOL, "rules": RULES_VERSION,
            "version": "test", "map_digest": None, "code": code, "name": name}


def sit(address: tuple[str, int], code: str, name: str = "Raw",
        tls: Tls | None = None) -> RawGuest:
    """A player seated by `code` (a game's code or a seat's secret): welcomed."""
    player = visitor(address, tls)
    player.send(seat_hello(code, name))
    player.read("hello")
    player.send(seat_hello(code, name))
    player.read("welcome")
    return player


def tcp_guest(address: tuple[str, int], code: str, seed: int) -> subprocess.Popen[bytes]:
    """examples/tcp_guest.py playing a seat (random legal actions, seeded)."""
    return subprocess.Popen(
        [sys.executable, str(EXAMPLES / "tcp_guest.py"), f"{address[0]}:{address[1]}", code,
         str(seed)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def room_shows(guest: RawGuest, holds: Callable[[dict[str, Any]], bool]) -> bool:
    """Whether the next `room` message `guest` reads within two seconds shows what `holds`
    asks (False when none comes): a condition for wait_until."""
    try:
        return holds(guest.read("room", timeout=2))
    except AssertionError:
        return False
