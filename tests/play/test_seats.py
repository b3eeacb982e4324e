"""The seats without a window or a network: a bot's plan shows then plays, pause and skip, the
guest's seat at the host refusing, dropping and accepting answers on the main loop."""

from __future__ import annotations

import queue
import threading
from pathlib import Path
from typing import Any

from laser_flag.bots import Bot
from laser_flag.engine import Action, EndTurn, Game, Move
from laser_flag.engine.mapfile import load_map
from laser_flag.play.bot_seat import PLAN_MS, BotSeat
from laser_flag.play.remote_seat import RemoteSeat
from laser_flag.remote import protocol
from laser_flag.remote.host import Host
from tests.purity import ui_libraries_loaded_by

DUEL = Path(__file__).resolve().parents[2] / "maps" / "duel.json"
NORMAL, INSTANT = 1.0, 0.0


def test_the_seats_load_no_pygame():
    assert ui_libraries_loaded_by("laser_flag.play.seats", "laser_flag.play.bot_seat",
                                  "laser_flag.play.remote_seat", "laser_flag.play.host_turns",
                                  "laser_flag.play.guest_turns") == []


def new_game() -> Game:
    return Game(load_map(DUEL), seed=1)


def a_move(game: Game) -> Action:
    return next(a for a in game.legal_actions() if isinstance(a, Move))


class Scripted(Bot):
    """Answers with the first legal move, once the test lets it (`gate`)."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()

    def choose(self, game: Game) -> Action:
        self.gate.wait(30)
        return a_move(game)


def thought_out(seat: BotSeat, game: Game) -> None:
    """Ask, let the bot answer, and wait (with a timeout) until its answer is in."""
    assert seat.poll(game, 16, NORMAL) is None  # the question is put
    seat.bot.gate.set()  # type: ignore[attr-defined]
    assert seat.thought is not None and seat.thought.done.wait(10)


def test_a_bot_seats_plan_shows_for_plan_ms_then_plays():
    game, seat = new_game(), BotSeat(Scripted())
    thought_out(seat, game)
    assert seat.plan() is None and seat.poll(game, 16, NORMAL) is None
    assert seat.plan() == a_move(game)  # shown from now on, not yet played
    assert seat.poll(game, PLAN_MS - 1, NORMAL) is None and seat.plan() == a_move(game)
    assert seat.poll(game, 1, NORMAL) == a_move(game)
    assert seat.plan() is None


def test_a_paused_bot_seat_holds_its_answer_and_a_skipped_one_plays_it_unshown():
    game, seat = new_game(), BotSeat(Scripted())
    thought_out(seat, game)
    seat.toggle_pause()
    assert all(seat.poll(game, PLAN_MS, NORMAL) is None for _ in range(20))
    assert seat.paused and seat.plan() is None
    seat.toggle_pause()
    seat.skip(game)
    assert seat.skipping(game) and seat.poll(game, 16, NORMAL) == a_move(game)


def test_a_bot_seat_that_fails_pauses_with_the_reason_until_p():
    game, seat = new_game(), BotSeat(Scripted())
    seat.fail("The bot chose an action the rules refuse: no")
    assert seat.paused and "refuse" in seat.problem
    assert seat.poll(game, 16, NORMAL) is None and seat.thought is None  # not asked again
    seat.toggle_pause()
    assert not seat.paused and seat.problem == ""


class FakeHost:
    """What the seat uses of `remote.host.Host`: its action queue, asks and sends."""

    guest_name = "Ana"

    def __init__(self) -> None:
        self.actions: queue.Queue[dict[str, Any]] = queue.Queue()
        self.sent: list[dict[str, Any]] = []
        self.open_ask: int | None = None

    def ask(self, ask: int, message: dict[str, Any]) -> None:
        self.open_ask = ask
        self.sent.append(message)

    def close_ask(self) -> None:
        self.open_ask = None

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)


def remote(game: Game, seconds: float | None = None,
           clock: list[float] | None = None) -> tuple[RemoteSeat, FakeHost]:
    """A remote seat for the team to move; with `seconds`, its time per turn read from
    `clock[0]`, which the test moves."""
    host, now = FakeHost(), clock or [0.0]
    return RemoteSeat(host, game.active_team, seconds,  # type: ignore[arg-type]
                      lambda: now[0]), host


def test_a_remote_seat_asks_once_then_polls_without_waiting():
    game = new_game()
    seat, host = remote(game)
    assert all(seat.poll(game, 16, NORMAL) is None for _ in range(5))
    assert [m["type"] for m in host.sent] == ["your_turn"] and host.open_ask == 1


def test_a_remote_seat_refuses_an_illegal_answer_and_keeps_polling():
    game = new_game()
    seat, host = remote(game)
    seat.poll(game, 16, NORMAL)
    host.actions.put(protocol.action(1, Move(0, (0, 0))))
    assert seat.poll(game, 16, NORMAL) is None
    assert host.sent[-1]["type"] == "error" and host.open_ask == 1  # still asked
    host.actions.put(protocol.action(1, a_move(game)))
    assert seat.poll(game, 16, INSTANT) == a_move(game)
    assert host.open_ask is None  # answered: nothing more is accepted until the next ask


def test_a_stale_asks_answer_is_dropped_unrefused():
    game = new_game()
    seat, host = remote(game)
    seat.poll(game, 16, NORMAL)
    game.apply(EndTurn())  # the game moved on (as a load would): the seat asks again
    game.apply(EndTurn())
    seat.poll(game, 16, NORMAL)
    assert host.open_ask == 2
    host.actions.put(protocol.action(1, a_move(game)))  # let by before ask 1 closed
    sent = len(host.sent)
    assert seat.poll(game, 16, NORMAL) is None and len(host.sent) == sent  # dropped, silently
    host.actions.put(protocol.action(2, a_move(game)))
    assert seat.poll(game, 16, NORMAL) == a_move(game)


def test_a_rejoining_guest_is_sent_its_open_turn_again():
    game = new_game()
    seat, host = remote(game)
    seat.away = "Ana is away"
    seat.poll(game, 16, NORMAL)
    seat.seat(game, {"1": "A", "2": "B"}, {"1": "1", "2": "2"})
    assert [m["type"] for m in host.sent] == ["your_turn", "welcome", "your_turn"]
    assert seat.away == ""


def test_a_remote_seat_without_a_time_per_turn_waits_and_says_no_seconds():
    game, clock = new_game(), [0.0]
    seat, host = remote(game, clock=clock)
    seat.poll(game, 16, NORMAL)
    clock[0] = 1e9
    assert seat.poll(game, 16, NORMAL) is None and "seconds" not in host.sent[0]


def test_a_remote_seat_ends_a_turn_not_answered_in_its_time():
    game, clock = new_game(), [100.0]
    seat, host = remote(game, 30, clock)
    seat.poll(game, 16, NORMAL)
    assert host.sent[-1]["seconds"] == 30
    clock[0] = 129.9
    assert seat.poll(game, 16, NORMAL) is None and host.open_ask == 1
    clock[0] = 130.0
    assert seat.poll(game, 16, NORMAL) == EndTurn() and host.open_ask is None


def test_a_turn_keeps_its_clock_over_a_refusal_and_a_rejoin():
    game, clock = new_game(), [0.0]
    seat, host = remote(game, 30, clock)
    seat.poll(game, 16, NORMAL)
    clock[0] = 10.0
    seat.fail("refused")  # asked again within the same turn: the time goes on
    seat.poll(game, 16, NORMAL)
    assert host.sent[-1]["type"] == "your_turn" and host.sent[-1]["seconds"] == 20
    clock[0] = 25.0
    seat.seat(game, {"1": "A", "2": "B"}, {"1": "1", "2": "2"})  # back: told what is left
    assert host.sent[-1]["type"] == "your_turn" and host.sent[-1]["seconds"] == 5
    game.apply(a_move(game))  # an answer played: the next ask is the same turn's
    clock[0] = 26.0
    seat.poll(game, 16, NORMAL)
    assert host.sent[-1]["seconds"] == 4


def test_the_next_turn_has_its_whole_time_again():
    game, clock = new_game(), [0.0]
    seat, host = remote(game, 30, clock)
    seat.poll(game, 16, NORMAL)
    clock[0] = 29.0
    game.apply(EndTurn())
    game.apply(EndTurn())  # the other team's turn, then this team's next
    seat.poll(game, 16, NORMAL)
    assert host.sent[-1]["seconds"] == 30


def test_the_hosts_open_ask_is_set_and_closed_by_the_main_loop():
    host = Host(protocol.hello(load_map(DUEL), "2", False), port=0)
    host.start()
    try:
        host.ask(3, {"type": "your_turn"})
        assert host.open_ask == 3
        host.close_ask()
        assert host.open_ask is None
    finally:
        host.close()
