"""The seat protocol (docs/PROTOCOL.md): newline-delimited JSON between a game and a seat.

One message is one JSON object on one line, `{"type": ..., ...}`, UTF-8, ended by "\\n". The
same messages travel over TCP (a guest) and over a program's stdin/stdout (an `exec:` seat).
Everything here is pure: building messages, reading one line strictly, and cutting a byte
stream into lines with a size limit. Nothing here opens a socket or a process.

A seat is told only what its team may know: `your_turn` and `events` carry the engine's
`view(state, team)` and nothing else of the game, and the legal actions are worked out from
that view alone (RULES.md §9 makes a team's options independent of what it cannot see).
docs/protocol.schema.json describes every message exactly; docs/PROTOCOL.md says when PROTOCOL
and the engine's RULES_VERSION change, and so which games may meet.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

from .. import __version__
from ..engine.actions import ACTIONS, NAMES, Action
from ..engine.game_map import TEAMS, GameMap
from ..engine.index import MapIndex
from ..engine.json_reader import ReadError, parse
from ..engine.legal import legal
from ..engine.rules_version import RULES_VERSION
from ..engine.team_view import TeamView, known_state
from . import reasons

# Bumped whenever a message changes shape (docs/PROTOCOL.md, "Versions"): the handshake
# compares it, and docs/protocol.schema.json describes this number's messages.
PROTOCOL = 2
GAME = "laser-flag"

# Limits. A seat's lines are short (an action, a chat line); the game's carry a view, the
# legal actions and, once, the map. Anything longer is refused and skipped to its newline.
SEAT_LINE_BYTES = 16 * 1024
GAME_LINE_BYTES = 4 * 1024 * 1024
CHAT_CHARS = 200
NAME_CHARS = 40
CODE_CHARS = 12

# Messages by type, each with its fields and their checks (`check_message`).
Spec = dict[str, dict[str, Callable[[Any], bool]]]
# What a seat may send (`check_seat_message`).
SEAT_MESSAGES: Spec = {
    "hello": {"protocol": lambda v: type(v) is int, "rules": lambda v: type(v) is int,
              "version": lambda v: short(v, 40),
              "map_digest": lambda v: v is None or short(v, 64),
              "code": lambda v: short(v, 40), "name": lambda v: short(v, NAME_CHARS)},
    "action": {"ask": lambda v: type(v) is int, "action": lambda v: isinstance(v, dict)},
    "chat": {"text": lambda v: short(v, CHAT_CHARS)},
    "rematch": {},
    "bye": {"reason": lambda v: short(v, 200)},
}
OPTIONAL = {"hello": {"code", "name", "map_digest"}, "bye": {"reason"}}


class ProtocolError(ValueError):
    """A message that breaks the protocol; the text is the one line the sender is told."""


def a_or_an(word: str) -> str:
    """`an action`, `a hello`: a message's or action's name with its article, for refusals."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def short(value: Any, limit: int) -> bool:
    """A printable string of at most `limit` characters."""
    return type(value) is str and len(value) <= limit and value.isprintable()


# ----- building messages ---------------------------------------------------------------------


def encode(message: dict[str, Any]) -> bytes:
    """One message as its line: compact JSON, ASCII only, then a newline."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=True).encode() + b"\n"


# Each kind of action's field names, in order: read once (a your_turn lists dozens of actions,
# and dataclasses.fields is slow to ask each time).
FIELD_NAMES = {kind: tuple(f.name for f in fields(kind)) for kind in NAMES}  # type: ignore[arg-type]


def action_to_json(action: Action) -> dict[str, Any]:
    """{"action": "move", "unit_id": 3, "to": [4, 5]}: the name from `ACTIONS`, then the
    action's fields by name (tuples as arrays). A fresh dict each time; its arrays are shared
    between calls and are only ever read."""
    return dict(_action_json(action))


@functools.lru_cache(maxsize=1 << 14)
def _action_json(action: Action) -> dict[str, Any]:
    """action_to_json's work, done once per action (a your_turn lists dozens, and the same
    moves come back turn after turn)."""
    data: dict[str, Any] = {"action": NAMES[type(action)]}
    for name in FIELD_NAMES[type(action)]:
        value = getattr(action, name)
        data[name] = list(value) if isinstance(value, tuple) else value
    return data


def action_from_json(data: Any) -> Action:
    """The inverse of action_to_json; ProtocolError names what is wrong."""
    kind = ACTIONS.get(data.get("action")) if isinstance(data, dict) else None
    if kind is None:
        raise ProtocolError(f"not an action (one of {', '.join(ACTIONS)}): {_clip(data)}")
    names = [f.name for f in fields(kind)]  # type: ignore[arg-type]
    if sorted(data) != sorted(["action", *names]):
        raise ProtocolError(f"{a_or_an(data['action'])} action has the fields {', '.join(names)}")
    values = {n: tuple(data[n]) if isinstance(data[n], list) else data[n] for n in names}
    action = kind(**values)
    if not action.well_formed():
        raise ProtocolError(f"a malformed {data['action']} action: ids and tiles are integers")
    return action


def map_digest(gm: GameMap) -> str:
    """The SHA-256 of a map's JSON form, keys sorted: two players have the same map when equal."""
    data = {k: v for k, v in gm.to_json_dict().items() if k != "balance"}  # a badge: not play
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def hello(gm: GameMap, team: str, fog: bool) -> dict[str, Any]:
    """The game's first message to a seat: who it is talking to and on what."""
    return {"type": "hello", "game": GAME, "protocol": PROTOCOL, "rules": RULES_VERSION,
            "version": __version__, "map": Path(gm.source).stem, "map_title": gm.name,
            "map_digest": map_digest(gm), "team": team, "fog": fog}


def welcome(gm: GameMap, team: str, names: dict[str, str], seen: TeamView,
            looks: dict[str, str] | None = None) -> dict[str, Any]:
    """The seat is seated (again, after a rejoin): its team, the teams' names and whose colours
    each wears (the map's team whose colours: a rematch swaps them with the names; by default
    each its own), the map and where the game stands."""
    return {"type": "welcome", "team": team, "names": dict(names),
            "looks": dict(looks or {t: t for t in TEAMS}), "map": gm.to_json_dict(),
            "view": seen.to_json()}


def your_turn(ask: int, seen: TeamView, index: MapIndex, seconds: float | None = None, *,
              seen_json: dict[str, Any] | None = None) -> dict[str, Any]:
    """The seat's turn: its view and every legal action, worked out from that view alone;
    `seconds`, when the seat has only so long to answer (a program's seat). `seen_json`:
    the view's JSON form when it was made already (for the events just sent)."""
    options = legal(known_state(seen, index))
    message = {"type": "your_turn", "ask": ask, "view": seen_json or seen.to_json(),
               "legal": [_action_json(a) for a in options]}  # shared, only encoded and read
    if seconds is not None:
        message["seconds"] = seconds
    return message


def events(seen: TeamView) -> dict[str, Any]:
    """The last action's events as the seat's team was told of them, and its view after it
    (which, like every view sent, leaves them out)."""
    return {"type": "events", "events": seen.events_json(), "view": seen.to_json()}


def action(ask: int, chosen: Action) -> dict[str, Any]:
    return {"type": "action", "ask": ask, "action": action_to_json(chosen)}


def error(message: str) -> dict[str, Any]:
    return {"type": "error", "message": message}


def chat(text: str, sender: str = "") -> dict[str, Any]:
    return {"type": "chat", "text": text[:CHAT_CHARS], **({"from": sender} if sender else {})}


def bye(reason: str) -> dict[str, Any]:
    return {"type": "bye", "reason": reason[:200]}


def guest_hello(gm: GameMap | None, code: str, name: str) -> dict[str, Any]:
    """A guest's answer to the host's hello: what it speaks and plays, its copy of the map, the
    join code."""
    return {"type": "hello", "protocol": PROTOCOL, "rules": RULES_VERSION, "version": __version__,
            "map_digest": None if gm is None else map_digest(gm), "code": code, "name": name}


# ----- reading messages ----------------------------------------------------------------------


def read_line(line: bytes) -> dict[str, Any]:
    """One line as a JSON object with a string "type"; ProtocolError says what is wrong
    (the depth, numbers and strings bounded as for every file the game reads)."""
    try:
        value = parse(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise ProtocolError("not UTF-8 text") from None
    except ReadError as err:
        raise ProtocolError(str(err.problem)) from None
    if not isinstance(value, dict) or type(value.get("type")) is not str:
        raise ProtocolError('a message is a JSON object with a "type"')
    return value


def check_seat_message(message: dict[str, Any]) -> dict[str, Any]:
    """A seat's message, its type known and every field present and of the right kind; a hello
    of another protocol is let through for its number alone (`incompatibility` names it: the
    one field every protocol's hello keeps)."""
    kind = message["type"]
    if kind == "hello" and type(message.get("protocol")) is int \
            and message["protocol"] != PROTOCOL:
        return message
    return check_message(message, SEAT_MESSAGES, OPTIONAL)



def check_message(message: dict[str, Any], specs: Spec,
                  optional: dict[str, set[str]]) -> dict[str, Any]:
    """`message` checked against `specs` (type -> field -> check): its type known, no field
    unknown, every field not `optional` for its type present, each passing its check."""
    kind = message["type"]
    spec = specs.get(kind)
    if spec is None:
        raise ProtocolError(f"unknown message type {_clip(kind)} "
                            f"(one of {', '.join(specs)})")
    extra = sorted(set(message) - {"type", *spec})
    if extra:
        raise ProtocolError(f"{a_or_an(kind)} message has no field {_clip(extra[0])}")
    for name, ok in spec.items():
        if name not in message:
            if name in optional.get(kind, ()):
                continue
            raise ProtocolError(f"{a_or_an(kind)} message needs {name!r}")
        if not ok(message[name]):
            raise ProtocolError(f"{a_or_an(kind)} message's {name!r} is of the wrong kind or "
                                "too long")
    return message


def incompatibility(theirs: dict[str, Any]) -> str:
    """What keeps a guest whose hello is `theirs` from playing with this game, as the host tells
    it ("" when nothing does): another protocol, else other rules (the guest's previews come
    from its own engine). The game version alone never does."""
    if theirs["protocol"] != PROTOCOL:
        return _differs(PROTOCOL, theirs["protocol"], reasons.PROTOCOL_GUEST_OLDER,
                        reasons.PROTOCOL_HOST_OLDER)
    if theirs["rules"] != RULES_VERSION:
        return _differs(RULES_VERSION, theirs["rules"], reasons.RULES_GUEST_OLDER,
                        reasons.RULES_HOST_OLDER)
    return ""


def _differs(ours: int, theirs: int, guest_older: str, host_older: str) -> str:
    return (guest_older if theirs < ours else host_older).format(ours=ours, theirs=theirs)


def read_action(message: dict[str, Any]) -> tuple[int, Action]:
    """The ask an action message answers and the action it names."""
    return message["ask"], action_from_json(message["action"])


def _clip(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class Lines:
    """Cuts a byte stream into lines of at most `limit` bytes. A longer line is skipped up to its
    newline and stands in the output as None, once, so the reader can refuse it in one line."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._buffer = bytearray()
        self._skipping = False

    def feed(self, data: bytes) -> Iterator[bytes | None]:
        """The complete lines `data` ends (without their newlines), in order."""
        self._buffer += data
        while True:
            end = self._buffer.find(b"\n")
            if end < 0:
                if len(self._buffer) > self.limit:
                    self._buffer.clear()
                    if not self._skipping:
                        self._skipping = True
                        yield None
                return
            line = bytes(self._buffer[:end])
            del self._buffer[:end + 1]
            if self._skipping:  # the tail of a line too long
                self._skipping = False
            elif len(line) > self.limit:
                yield None
            else:
                yield line
