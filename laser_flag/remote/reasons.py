"""What a host, a server or the connection itself tells a player's client: a refusal, a
goodbye, a connection lost. On the wire these read in English on every machine, as every
message does (docs/PROTOCOL.md), since programs and other versions read them too; the client
shows each in its player's language: every sentence a player's client can be told is marked
here, and `shown` gives the translation of one that reads like it, its values kept.

A sentence a host or server sends that is not marked here (a newer host's, or one with an
unusual wording) is shown as it came.
"""

from __future__ import annotations

import errno
import re
import socket
import ssl
from collections.abc import Mapping
from functools import cache
from typing import Any

from ..i18n import N_, _

# A direct host's.
WRONG_JOIN_CODE = N_("wrong join code")
SEAT_TAKEN = N_("the seat is taken: a guest is playing")
HOST_CLOSED = N_("the host closed the game")
NOT_YOUR_TURN = N_("not your turn: no action is asked for now")
GUEST_LEFT = N_("the guest left")
PROTOCOL_GUEST_OLDER = N_("the host speaks protocol {ours}, you {theirs}: update your Laser Flag")
PROTOCOL_HOST_OLDER = N_("the host speaks protocol {ours}, you {theirs}: the host's Laser Flag "
                         "is the older: the host should update")
RULES_GUEST_OLDER = N_("the host plays rules {ours}, you {theirs}: update your Laser Flag")
RULES_HOST_OLDER = N_("the host plays rules {ours}, you {theirs}: the host's Laser Flag is the "
                      "older: the host should update")
TOO_FAST = N_("too many messages (at most {rate} a second): dropped")
# A server's.
SERVER_FULL = N_("the server is full: try again later")
TOO_MANY_CONNECTIONS = N_("too many connections from your address: close one and try again")
WRONG_CODE = N_("wrong code")
NO_NEW_GAME = N_("the server is full: no new game can start now, try again later")
TOO_MANY_GAMES = N_("at most {count} open games from one address")
SEATS_TAKEN = N_("both seats of that game are taken: watch it instead")
NOBODY_THERE = N_("the game was closed: nobody was there")
SEAT_RETAKEN = N_("your seat was taken again by another connection")
WATCHING = N_("you hold no seat in this game: you are watching")
REMATCH_PLAYERS = N_("only a player may ask for a rematch")
REMATCH_AFTER = N_("a rematch comes after the game")
REPLAY_AFTER = N_("the replay is there once the game is over")
CHAT_TOO_FAST = N_("too many lines in the lobby's chat (one a second)")
WATCH_FIRST = N_("watch a game first")
# The connection's own, on the player's machine.
CANNOT_REACH = N_("Cannot reach {where} ({why})")
NO_SAFE_CONNECTION = N_("No safe connection to {where} ({why})")
HOST_LOST = N_("The connection to the host was lost")
CLOSED = N_("The connection to {where} closed")
FAULT = N_("The connection ended on a fault of this program: {error}")
# Why a connection could not be made (a {why}), in the client's words rather than the system's.
UNREACHABLE = {errno.ECONNREFUSED: N_("nothing answers at that port"),
               errno.ETIMEDOUT: N_("no answer in time"),
               errno.EHOSTUNREACH: N_("that computer cannot be reached"),
               errno.ENETUNREACH: N_("no network reaches that address")}
NO_SUCH_NAME = N_("no computer has that name")
# ... and why TLS did not make it a safe one: the pinned fingerprint differs, or the certificate
# (by OpenSSL's verify code) has expired, names another server, or no known authority signed it.
PIN_MISMATCH = N_("its certificate is {found}, not the one pinned: someone may be in between")
EXPIRED = N_("its certificate has expired")
NO_AUTHORITY = N_("no known authority vouches for its certificate: pin its fingerprint")
OTHER_NAME = N_("its certificate names another server")
UNTRUSTED = {10: EXPIRED, 18: NO_AUTHORITY, 19: NO_AUTHORITY, 20: NO_AUTHORITY, 62: OTHER_NAME,
             64: OTHER_NAME}
NO_TLS = N_("it does not speak TLS")

TOLD = (WRONG_JOIN_CODE, SEAT_TAKEN, HOST_CLOSED, NOT_YOUR_TURN, GUEST_LEFT, PROTOCOL_GUEST_OLDER,
        PROTOCOL_HOST_OLDER, RULES_GUEST_OLDER, RULES_HOST_OLDER, TOO_FAST, SERVER_FULL,
        TOO_MANY_CONNECTIONS, WRONG_CODE, NO_NEW_GAME, TOO_MANY_GAMES, SEATS_TAKEN,
        NOBODY_THERE, SEAT_RETAKEN, WATCHING, REMATCH_PLAYERS, REMATCH_AFTER, REPLAY_AFTER,
        CHAT_TOO_FAST, WATCH_FIRST, CANNOT_REACH, NO_SAFE_CONNECTION, HOST_LOST, CLOSED,
        FAULT,
        *UNREACHABLE.values(), NO_SUCH_NAME, PIN_MISMATCH, EXPIRED, NO_AUTHORITY, OTHER_NAME,
        NO_TLS)
WORDED_VALUES = frozenset({"why"})  # placeholders whose value is itself one of TOLD
LONGEST = 600  # characters: a longer text is shown as it came (the patterns stay cheap)
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@cache
def _pattern(template: str) -> re.Pattern[str]:
    """The template as a pattern matching its English with any values in its placeholders."""
    parts = _PLACEHOLDER.split(template)  # literal, name, literal, name, ..., literal
    return re.compile("".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>[^\n]+?)"
                              for i, part in enumerate(parts)))


def shown(text: str) -> str:
    """`text` as the player reads it: translated when it is one of TOLD (with its values),
    else as it came."""
    if len(text) <= LONGEST:
        for template in TOLD:
            match = _pattern(template).fullmatch(text)
            if match:
                return _(template).format(**{name: shown(value) if name in WORDED_VALUES
                                             else value for name, value in
                                             match.groupdict().items()})
    return text


def failed(where: str, exc: BaseException) -> str:
    """What the player is told when connecting to `where` failed with `exc`: NO_SAFE_CONNECTION
    when TLS found it was not the server expected, else CANNOT_REACH."""
    if isinstance(exc, ssl.SSLError):
        return NO_SAFE_CONNECTION.format(where=where, why=untrusted(exc))
    return CANNOT_REACH.format(where=where, why=unreachable(exc))


def unreachable(exc: BaseException) -> str:
    """Why a connection failed with `exc`, for CANNOT_REACH's {why}: one of UNREACHABLE or
    NO_SUCH_NAME when the client knows the cause, else the system's own words."""
    if isinstance(exc, socket.gaierror):
        return NO_SUCH_NAME
    if isinstance(exc, TimeoutError):
        return UNREACHABLE[errno.ETIMEDOUT]
    if isinstance(exc, OSError):
        return UNREACHABLE.get(exc.errno or 0) or exc.strerror or str(exc) or type(exc).__name__
    return str(exc) or type(exc).__name__


def untrusted(exc: ssl.SSLError) -> str:
    """Why TLS refused the server, for NO_SAFE_CONNECTION's {why}: the pin's sentence, one of
    UNTRUSTED, NO_TLS when the other end answered in something else, else OpenSSL's words."""
    if isinstance(exc, ssl.SSLCertVerificationError):
        return UNTRUSTED.get(exc.verify_code) or exc.verify_message or str(exc)
    if getattr(exc, "reason", None) in ("WRONG_VERSION_NUMBER", "RECORD_LAYER_FAILURE",
                                        "PACKET_LENGTH_TOO_LONG"):
        return NO_TLS
    return str(exc)


def told(message: Mapping[str, Any]) -> str:
    """The sentence an `error`, `bye`, `refused` or `lost` message carries (its `message`, else
    its `reason`), as the player reads it."""
    return shown(str(message.get("message") or message.get("reason") or ""))
