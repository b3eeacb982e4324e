"""The guest's side of a network game is a table of its own (`Table`), not a local game with
its saves and undo switched off: it plays what the host sends (a welcome, the events of each
action, its turn) and sends its own actions. Protocol messages are made from a real game as
the host makes them and read back as the wire carries them; no pygame, no socket."""

from __future__ import annotations

import queue
from pathlib import Path
from typing import Any

from laser_flag.bots import HUMAN
from laser_flag.engine.actions import EndTurn, Move
from laser_flag.engine.game import Game
from laser_flag.engine.game_map import TEAMS
from laser_flag.engine.mapfile import load_map
from laser_flag.engine.team_view import view
from laser_flag.play.game_at_table import GameAtTable
from laser_flag.play.guest_turns import GuestTurns
from laser_flag.play.session import Session, UndoRefusal
from laser_flag.play.table import Table
from laser_flag.play.turns import Turns
from laser_flag.remote import protocol
from tests.purity import ui_libraries_loaded_by

DUEL = Path(__file__).resolve().parents[2] / "maps" / "duel.json"
GUEST = "2"


class Wire:
    """The guest's link as the table uses it: the host's messages in `inbox`, ours in `sent`."""

    gm = None  # no map of ours: the game is played on the host's copy, as the welcome says
    name = "Ann"

    def __init__(self) -> None:
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.sent: list[dict[str, Any]] = []
        self.notify = lambda: None
        self.closed = False

    def send(self, message: dict[str, Any]) -> bool:
        self.sent.append(protocol.read_line(protocol.encode(message)))
        return True

    def close(self) -> None:
        self.closed = True

    def receive(self, message: dict[str, Any]) -> None:
        """`message` from the host, as the wire carries it."""
        self.inbox.put(protocol.read_line(protocol.encode(message)))


def members(protocol_class: type) -> set[str]:
    """Every name a Table promises: its fields, properties and methods."""
    names = set(protocol_class.__annotations__)
    names |= {n for n in vars(protocol_class) if not n.startswith("_")}
    return names


def host_game() -> Game:
    return Game(load_map(DUEL), seed=1, fog=False)


def seated(game: Game) -> tuple[GuestTurns, Wire]:
    wire = Wire()
    names = {t: f"Team {t}" for t in TEAMS}
    welcome = protocol.read_line(protocol.encode(
        protocol.welcome(game.map, GUEST, names, view(game.state(), GUEST))))
    return GuestTurns(wire, welcome, HUMAN), wire  # type: ignore[arg-type]


def played_out(table: GuestTurns) -> None:
    """Frames until the host's messages are read and their events have played."""
    for _ in range(1000):
        table.tick(100, 1.0)
        if table.playback is None and table.link.inbox.empty():
            return
    raise AssertionError("the events did not finish playing")


def test_the_guest_table_loads_no_pygame():
    assert ui_libraries_loaded_by("laser_flag.play.guest_turns", "laser_flag.play.table",
                                  "laser_flag.play.table_play") == []


def test_a_local_game_and_the_guests_side_have_every_member_of_a_table():
    game = host_game()
    local = Turns(Session.start(game.map, seed=1))
    guest, _ = seated(game)
    promised = members(Table)
    assert {"act", "end_turn", "playback", "notes", "view", "busy"} <= promised
    for table in (local, guest):
        assert [name for name in sorted(promised) if not hasattr(table, name)] == []


def test_the_guest_is_not_a_local_game_and_keeps_no_undo_or_saves():
    guest, _ = seated(host_game())
    assert not isinstance(guest, Turns)
    assert guest.why_no_undo() is UndoRefusal.BOT_PLAYING and guest.undo() is not None
    guest.save()
    assert guest.message == "The host keeps this game's saves." and guest.unsaved is None
    assert not guest.take_handoff()


def test_the_guests_game_holds_only_what_a_table_shows():
    """The guest's side is a game at a table: no save keeper, undo stack or debug dump that
    would stand switched off; the names, players and colours the welcome gave."""
    guest, _ = seated(host_game())
    played = guest.session
    assert type(played) is GameAtTable and not isinstance(played, Session)
    assert not any(hasattr(played, name) for name in ("keeper", "undo_stack", "state_file"))
    assert played.names == {t: f"Team {t}" for t in TEAMS} and played.levels[GUEST] == HUMAN
    assert played.looks == {t: t for t in TEAMS} and played.gm is guest.game.map


def test_the_guest_table_plays_the_hosts_events_and_sends_its_action_when_asked():
    game = host_game()
    guest, wire = seated(game)
    assert guest.viewer == GUEST and guest.bot_to_move  # the host's team moves first
    moved = next(a for a in game.legal_actions() if isinstance(a, Move))
    game.apply(moved)
    wire.receive(protocol.events(view(game.state(), GUEST)))
    played_out(guest)
    mover = guest.game.unit(moved.unit_id)
    assert mover is not None and mover.pos == game.unit(moved.unit_id).pos  # as at the host
    assert guest.shown_log(), "the move is in the guest's log"
    game.apply(EndTurn())
    wire.receive(protocol.events(view(game.state(), GUEST)))
    wire.receive(protocol.your_turn(7, view(game.state(), GUEST), game.index))
    played_out(guest)
    assert guest.game.active_team == GUEST and not guest.bot_to_move and not guest.busy
    ours = next(a for a in guest.game.legal_actions() if isinstance(a, Move))
    assert guest.act(ours) == []  # sent, its events to come back from the host
    assert protocol.read_action(wire.sent[-1]) == (7, ours)
    assert guest.bot_to_move and guest.refuse_for_bot().reason.startswith("Wait")


def test_a_second_welcome_seats_the_guest_again_where_the_game_stands():
    game = host_game()
    guest, wire = seated(game)
    moved = next(a for a in game.legal_actions() if isinstance(a, Move))
    game.apply(moved)
    wire.receive({"type": "lost", "message": "The connection was lost"})
    played_out(guest)
    assert guest.bot_to_move and "joining again" in guest.message
    wire.receive(protocol.welcome(game.map, GUEST, {t: t for t in TEAMS},
                                  view(game.state(), GUEST)))
    played_out(guest)
    assert guest.message == "Joined the host's game." and guest.away == ""
    assert guest.game.unit(moved.unit_id) == game.unit(moved.unit_id)  # the move missed, known
