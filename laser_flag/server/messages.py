"""The server's own messages (docs/PROTOCOL.md, "The server"): what a client may send besides
the seat's messages, and the lines the server sends back. Pure: no sockets.

Inside a game a seat speaks the seat protocol unchanged (`remote.protocol`); the lobby and the
spectators' messages are numbered apart, by `LOBBY`, so a program written for the seat protocol
sits at the server as at a host.
"""

from __future__ import annotations

from typing import Any

from .. import __version__
from ..engine.rules_version import RULES_VERSION
from ..remote import protocol
from ..remote.protocol import CHAT_CHARS, NAME_CHARS, Spec, short

# Bumped whenever a lobby or spectator message changes shape, as protocol.PROTOCOL is for seats.
LOBBY = 2
CODE_LENGTH = 6  # a game's code, as a host's join code
SECONDS_LIMIT = 24 * 3600  # the longest time per turn a game may give
WATCH_POLICIES = ("live", "end", "delay")  # what spectators see of a game with fog


def _is_map(value: Any) -> bool:
    """A bundled map's name, or a whole map's JSON object (checked as MAP_FORMAT.md later)."""
    return short(value, 64) or isinstance(value, dict)


# What a client may send besides the seat's messages (which `protocol.SEAT_MESSAGES` holds).
LOBBY_MESSAGES: Spec = {
    "list": {},
    "create": {"map": _is_map, "fog": lambda v: type(v) is bool,
               "seconds": lambda v: v is None or type(v) is int and 5 <= v <= SECONDS_LIMIT,
               "public": lambda v: type(v) is bool,
               "watch": lambda v: v in WATCH_POLICIES[1:],
               "team": lambda v: v in ("1", "2")},
    "watch": {"code": lambda v: short(v, 40)},
    "replay": {},
}
LOBBY_OPTIONAL = {"create": {"fog", "seconds", "public", "watch", "team"}}
CLIENT_MESSAGES: Spec = {**protocol.SEAT_MESSAGES, **LOBBY_MESSAGES}
CLIENT_OPTIONAL = {**protocol.OPTIONAL, **LOBBY_OPTIONAL}


def check_client_message(message: dict[str, Any]) -> dict[str, Any]:
    """A client's message, a seat's or a lobby's, checked strictly (protocol.ProtocolError)."""
    if message["type"] == "hello":
        return protocol.check_seat_message(message)
    return protocol.check_message(message, CLIENT_MESSAGES, CLIENT_OPTIONAL)


def server_hello() -> dict[str, Any]:
    """The first line on every connection: a host's hello without a game (no map, no team
    yet), and the lobby's number."""
    return {"type": "hello", "game": protocol.GAME, "protocol": protocol.PROTOCOL,
            "rules": RULES_VERSION, "version": __version__, "lobby": LOBBY}


def created(code: str, secret: str, team: str) -> dict[str, Any]:
    """A game was made: its code, and the creator's seat secret and team."""
    return {"type": "created", "code": code, "secret": secret, "team": team}


def seat(code: str, secret: str, team: str) -> dict[str, Any]:
    """A seat is this connection's: the secret that takes it again after a drop."""
    return {"type": "seat", "code": code, "secret": secret, "team": team}


def games(listed: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "games", "games": listed}


def chat(text: str, sender: str) -> dict[str, Any]:
    return protocol.chat(text[:CHAT_CHARS], sender[:NAME_CHARS])
