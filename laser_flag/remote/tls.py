"""TLS for a client of laser-flag-server (docs/NETWORK.md, "TLS"): the server's certificate is
verified as a browser verifies one (the system's authorities, or `cafile`), or, for a private
server with a self-signed certificate, pinned by its SHA-256 fingerprint, which the server
prints as it starts. Plain TCP stays for a LAN (no TLS at all)."""

from __future__ import annotations

import hashlib
import hmac
import socket
import ssl
from dataclasses import dataclass

from ..i18n import N_
from . import reasons


class PinMismatch(ssl.SSLError):
    """The server's certificate is not the one pinned: someone else may be in between."""

    def __str__(self) -> str:
        return str(self.args[0])


def fingerprint(der: bytes) -> str:
    """A certificate's SHA-256 as people compare it: AB:CD:... (64 hex digits)."""
    digest = hashlib.sha256(der).hexdigest().upper()
    return ":".join(digest[i:i + 2] for i in range(0, len(digest), 2))


def normal(pin: str) -> str:
    """A fingerprint as given (with or without colons, either case) in `fingerprint`'s form;
    ValueError for anything else."""
    bare = pin.replace(":", "").strip().upper()
    if len(bare) != 64 or any(c not in "0123456789ABCDEF" for c in bare):
        raise ValueError(f"{pin!r}: a pin is a SHA-256 fingerprint, 64 hex digits")
    return ":".join(bare[i:i + 2] for i in range(0, 64, 2))


SCHEME = "tls://"  # written before a server's address: connect to it over TLS
PIN_FORM = N_("A fingerprint is 64 hex digits (with or without colons), as the server prints it.")


def scheme(text: str) -> tuple[str, bool]:
    """A server's address as typed, without SCHEME (in any case) if it begins with it, and
    whether it did."""
    bare = text.strip()
    if bare.lower().startswith(SCHEME):
        return bare[len(SCHEME):], True
    return bare, False


@dataclass(frozen=True)
class Tls:
    """How a client checks the server: `pin` (a fingerprint) trusts that certificate alone;
    else `cafile` (None: the system's authorities) must vouch for it and its name."""

    pin: str | None = None
    cafile: str | None = None

    def context(self) -> ssl.SSLContext:
        context = ssl.create_default_context(cafile=self.cafile)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        if self.pin is not None:  # the pin is the check: no authority signed a private one
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
        return context

    def wrap(self, sock: socket.socket, host: str) -> ssl.SSLSocket:
        """`sock` after the TLS handshake with `host`; ssl.SSLError (PinMismatch) if the
        server is not the one expected."""
        wrapped = self.context().wrap_socket(sock, server_hostname=host)
        if self.pin is not None:
            found = fingerprint(wrapped.getpeercert(binary_form=True) or b"")
            if not hmac.compare_digest(found, normal(self.pin)):
                wrapped.close()
                raise PinMismatch(reasons.PIN_MISMATCH.format(found=found))
        return wrapped


def connect(address: tuple[str, int], timeout: float, tls: Tls | None) -> socket.socket:
    """A connection to `address`, over TLS when `tls` is given."""
    sock = socket.create_connection(address, timeout=timeout)
    if tls is None:
        return sock
    try:
        return tls.wrap(sock, address[0])
    except (OSError, ValueError):
        sock.close()
        raise
