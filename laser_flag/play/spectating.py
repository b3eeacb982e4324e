"""A game watched on a server (docs/PROTOCOL.md, "Spectators"): what its messages have told
the spectator, and what the spectator answers. No pygame, no sockets: the screen hands each
message to `heard` and sends what it returns.

Under fog the server shows the board only as the game's creator chose: `end`, nothing of it
until the game is over; `delay`, as it stood a round ago. Whose turn it is and the score come
with every new turn whatever the board shows (both players know them).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..engine.game import Game, known_game
from ..engine.game_map import TEAMS, GameMap
from ..engine.json_reader import clip
from ..engine.mapfile import MapError, parse_map
from ..engine.team_view import TeamView
from ..i18n import _
from ..remote.reasons import told
from ..saves import write_new_file

MAP_SOURCE = "the server's map"


class Spectating:
    """The game with code `code` as its spectator knows it."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.gm: GameMap | None = None  # once the server says we are watching
        self.names: dict[str, str] = {}  # each team's, as the map or its player names it
        self.looks: dict[str, str] = {t: t for t in TEAMS}
        self.policy = "live"  # what the board shows under fog: "live", "end" or "delay"
        self.board: Game | None = None  # the last board shown, None before the first
        self.delayed = False  # the board is the game as it stood a round ago
        self.room: dict[str, Any] = {}  # the last `room` message
        self.replay: dict[str, Any] | None = None  # the save, once the game is over
        self.asked_replay = False
        self.problem = ""  # the server's last refusal, or why the connection ended
        self.gone = False  # the connection ended

    # ----- what the server says --------------------------------------------------------------

    def heard(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """Take in one message from the server; the message to send back, if any."""
        kind = message.get("type")
        if kind == "hello":
            return {"type": "watch", "code": self.code}
        if kind == "watching":
            self.watching(message)
        elif kind == "board" and self.gm is not None:
            self.show(message)
        elif kind == "room":
            self.room = message
            if message.get("state") == "over" and not self.asked_replay:
                self.asked_replay = True
                return {"type": "replay"}
        elif kind == "replay":
            self.replay = message.get("save")
        elif kind in ("error", "lost", "bye"):
            self.problem = told(message)
            self.gone = self.gone or kind != "error"  # an error leaves the connection open
        return None

    def watching(self, message: dict[str, Any]) -> None:
        try:
            self.gm = parse_map(message["map"], MAP_SOURCE)
        except MapError as err:
            self.problem, self.gone = clip(str(err), 200), True
            return
        self.names = {t: str(message["names"].get(t, t)) for t in TEAMS}
        self.looks = {t: str(message["looks"].get(t, t)) for t in TEAMS}
        self.policy = message["watch"] if message.get("fog") else "live"

    def show(self, message: dict[str, Any]) -> None:
        assert self.gm is not None
        try:
            seen = TeamView.from_json(message["view"], message.get("events"))
            self.board = known_game(self.gm, seen)
        except ValueError as err:
            self.problem = clip(f"{MAP_SOURCE}'s board: {err}", 200)
            return
        self.delayed = bool(message.get("delayed"))

    # ----- what the screen says ----------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.room.get("state") == "over"

    def player(self, team: str) -> str:
        """Who plays `team`: the name they gave, else the team's."""
        players = self.room.get("players") or {}
        return str(players.get(team) or self.names.get(team, team))

    def notice(self) -> str:
        """What the board shows, when it is not the game as it stands."""
        if self.policy == "end" and not self.over:
            return _("The board shows once the game is over.")
        if self.delayed:
            return _("The board is a round late, so that no one can help a player.")
        return ""

    def standing(self) -> list[str]:
        """The score, whose turn it is (or who won), how many watch."""
        room = self.room
        if not room:
            return []
        scores = room.get("scores") or {}
        lines = [_("Score: {one} {a} : {b} {two}").format(
            one=self.player("1"), a=scores.get("1", 0), b=scores.get("2", 0),
            two=self.player("2"))]
        if self.over:
            lines.append(self.result())
        elif room.get("state") == "waiting":
            lines.append(_("Waiting for both players"))
        else:
            lines.append(_("Round {round} · {name} to move").format(
                round=(int(room.get("turn", 1)) + 1) // 2,
                name=self.player(str(room.get("active_team")))))
        lines.append(_("{count} watching").format(count=room.get("watchers", 0)))
        return lines

    def result(self) -> str:
        winner = self.board.winner if self.board is not None else None
        if winner in TEAMS:
            return _("Game over: {name} won").format(name=self.player(winner))
        return _("Game over: a draw") if winner else _("Game over")

    def save_replay(self, folder: Path) -> Path:
        """The replay written as a new save in `folder` (OSError when it cannot be)."""
        assert self.replay is not None and self.gm is not None
        return write_new_file(replay_bytes(self.replay), self.gm.name, folder)


def replay_bytes(save: dict[str, Any]) -> bytes:
    """A server's replay (a save file's object, docs/PROTOCOL.md) as the file's bytes."""
    return json.dumps(save, ensure_ascii=False, indent=1).encode("utf-8")
