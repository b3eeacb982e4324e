"""The server's games and who may reach them: making a game, listing the public ones, and
finding the seat or the game a code or a seat's secret names. Pure: no sockets."""

from __future__ import annotations

import secrets
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..engine import GameMap, MapError, load_map, parse_map
from ..engine.json_reader import clip
from ..remote import reasons
from ..remote.host import CODE_LETTERS
from .limits import Limits
from .messages import CODE_LENGTH
from .room import Later, Member, Room, Settings


def bundled_maps(folder: Path) -> dict[str, GameMap]:
    """The maps a game may name, by file stem: the bundled ones (read once, as the server
    starts; a name a client sends is only ever a key here, never a path)."""
    return {path.stem: load_map(path) for path in sorted(folder.glob("*.json"))}


class Lobby:
    """Every game on the server, by code."""

    def __init__(self, maps: dict[str, GameMap], limits: Limits, later: Later,
                 seed: int | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.maps, self.limits, self.later, self.clock = maps, limits, later, clock
        self.seed = seed  # the first game's dice (--seed); the nth game after it seed + 1000 n
        self.made = 0  # games made so far
        self.rooms: dict[str, Room] = {}
        self.creators: dict[str, str] = {}  # a game's code -> the address that made it
        self.idle_since: dict[str, float] = {}  # a game's code -> when its last member left

    def create(self, message: dict[str, Any], address: str) -> Room | str:
        """A new game as a `create` message asks; else why not, in one line."""
        if len(self.rooms) >= self.limits.games:
            return reasons.NO_NEW_GAME
        made = Counter(self.creators.values())[address]
        if made >= self.limits.games_per_address:
            return reasons.TOO_MANY_GAMES.format(count=self.limits.games_per_address)
        gm = self.game_map(message["map"])
        if isinstance(gm, str):
            return gm
        fog = message.get("fog", gm.fog_of_war)
        settings = Settings(fog, message.get("seconds"), message.get("public", True),
                            message.get("watch", "end"))
        seed = None if self.seed is None else self.seed + self.made * 1000
        try:
            room = Room(self.new_code(), gm, settings, seed, self.later, self.clock)
        except MapError as err:
            return clip(str(err), 200)
        self.made += 1
        self.rooms[room.code] = room
        self.creators[room.code] = address
        self.idle_since[room.code] = self.clock()
        return room

    def game_map(self, chosen: str | dict[str, Any]) -> GameMap | str:
        """A bundled map by name, or the creator's own map checked as any map file is."""
        if isinstance(chosen, str):
            gm = self.maps.get(chosen)
            return gm if gm is not None else (
                f"no map {clip(chosen, 40)!r} here (one of {', '.join(self.maps)})")
        try:
            return parse_map(chosen, "the map sent")
        except MapError as err:
            return clip(str(err), 200)

    def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if code not in self.rooms:
                return code

    def room(self, code: str) -> Room | None:
        """The game a code names (letters in either case)."""
        return self.rooms.get(code.strip().upper())

    def seat(self, code: str) -> tuple[Room, str] | str | None:
        """The room and team that `code` seats: a seat's secret takes that seat, a game's code
        its free seat. A string says why not (a full game); None: no such code."""
        for room in self.rooms.values():
            team = room.seat_of(code)
            if team is not None:
                return room, team
        room = self.room(code)
        if room is None:
            return None
        team = room.free_seat()
        if team is None:
            return reasons.SEATS_TAKEN
        return room, team

    def listing(self) -> list[dict[str, Any]]:
        """The public games, oldest first."""
        return [room.summary() for room in self.rooms.values() if room.settings.public]

    def sweep(self) -> None:
        """Close the games nobody has been connected to for `room_idle` seconds."""
        now = self.clock()
        for code, room in list(self.rooms.items()):
            if room.members:
                self.idle_since.pop(code, None)
                continue
            since = self.idle_since.setdefault(code, now)
            if now - since >= self.limits.room_idle:
                self.close(code, reasons.NOBODY_THERE)

    def close(self, code: str, reason: str) -> None:
        room = self.rooms.pop(code)
        self.creators.pop(code, None)
        self.idle_since.pop(code, None)
        room.close(reason)

    def left(self, member: Member) -> None:
        for room in self.rooms.values():
            if member in room.members:
                room.left(member)
