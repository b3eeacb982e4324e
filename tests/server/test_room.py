"""The room without a network: seats by code and secret, only the seat to move acts, a turn's
time runs out, spectators see under fog only what helps no player, chat stays on its side,
a rematch swaps sides, the replay is the game."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from laser_flag.engine import EndTurn, load_map
from laser_flag.engine.record import state_digest
from laser_flag.remote import protocol
from laser_flag.saves import load_save
from laser_flag.server.room import Room, Settings

from .fakes import Later, Member

MAPS = Path(__file__).resolve().parents[2] / "maps"


def room(map_name: str = "blitz", **settings: Any) -> tuple[Room, Later]:
    later = Later()
    made = Room("ABCDEF", load_map(MAPS / f"{map_name}.json"),
                Settings(**{"fog": True, **settings}), 5, later, later.time)
    return made, later


def seated(made: Room) -> tuple[Member, Member]:
    ann, bob = Member("Ann"), Member("Bob")
    made.claim("1", "Ann")
    made.sit("1", ann)
    made.sit(made.free_seat(), bob)
    return ann, bob


def answer(made: Room, member: Member, rng: random.Random) -> str:
    """The member's answer to its open turn: a random legal action, end_turn one time in ten."""
    turn = member.of("your_turn")[-1]
    moves = [a for a in turn["legal"] if a["action"] != "end_turn"]
    chosen = rng.choice(moves) if moves and rng.random() < 0.9 else {"action": "end_turn"}
    return made.act(member, {"type": "action", "ask": turn["ask"], "action": chosen})


def play_out(made: Room, players: dict[str, Member], seed: int = 1) -> None:
    rng = random.Random(seed)
    while not made.game.over:
        assert answer(made, players[made.game.active_team], rng) == ""


def test_the_creator_s_seat_is_kept_and_the_code_seats_the_other_team():
    made, _ = room()
    made.claim("2", "Ann")
    assert made.free_seat() == "1"
    ann = Member("Ann")
    made.sit("2", ann)
    assert ann.of("welcome")[0]["team"] == "2"
    assert made.seat_of(ann.of("seat")[0]["secret"]) == "2"
    assert made.seat_of("not a secret") is None and not made.started


def test_the_game_begins_when_both_sit_and_only_the_seat_to_move_acts():
    made, _ = room()
    ann, bob = seated(made)
    assert made.started and len(ann.of("your_turn")) == 1 and not bob.of("your_turn")
    ask = ann.of("your_turn")[0]["ask"]
    end = protocol.action_to_json(EndTurn())
    assert "not your turn" in made.act(bob, {"ask": ask, "action": end})
    assert "the open ask is" in made.act(ann, {"ask": ask + 1, "action": end})
    enemy = next(u for u in made.game.units if u.team == "2")
    fire = {"action": "fire", "unit_id": enemy.id, "target_id": enemy.id}
    assert "not one of the legal actions" in made.act(ann, {"ask": ask, "action": fire})
    assert "no seat" in made.act(Member("Eve"), {"ask": ask, "action": end})
    assert len(made.game.history) == 0
    assert made.act(ann, {"ask": ask, "action": end}) == ""
    assert made.game.active_team == "2" and bob.of("your_turn")


def test_a_seat_taken_again_by_its_secret_closes_the_old_connection_and_gets_its_turn_again():
    made, _ = room()
    ann, bob = seated(made)
    secret = ann.of("seat")[0]["secret"]
    again = Member("Ann")
    made.sit(made.seat_of(secret), again)
    assert "taken again" in ann.closed
    assert again.of("your_turn") == ann.of("your_turn")[-1:]


def test_when_a_turn_s_time_runs_out_the_server_ends_it():
    made, later = room(seconds=30)
    ann, bob = seated(made)
    assert ann.of("your_turn")[0]["seconds"] == 30 and len(later.due) == 1
    later.run()
    assert made.game.active_team == "2" and made.game.turn == 2
    assert [e["event"] for e in bob.of("events")[-1]["events"]] == ["turn_ended"]
    assert len(later.due) == 1  # team 2's clock


def test_a_turn_s_later_asks_and_a_seat_taken_again_are_told_the_seconds_that_remain():
    made, later = room(seconds=30)
    ann, bob = seated(made)
    later.now = 12.0
    turn = ann.of("your_turn")[-1]
    move = next(a for a in turn["legal"] if a["action"] == "move")
    assert made.act(ann, {"ask": turn["ask"], "action": move}) == ""
    assert ann.of("your_turn")[-1]["seconds"] == 18  # the turn goes on: its clock runs on
    made.left(ann)
    later.now = 25.5
    back = Member("Ann")
    made.sit(made.seat_of(ann.of("seat")[0]["secret"]), back)
    assert back.of("your_turn")[-1]["seconds"] == 4.5
    later.now = 31.0
    made.left(back)
    late = Member("Ann")
    made.sit("1", late)
    assert late.of("your_turn")[-1]["seconds"] == 0
    later.run()
    assert made.game.active_team == "2" and bob.of("your_turn")[-1]["seconds"] == 30


def test_under_fog_with_end_spectators_see_nothing_until_the_game_is_over():
    made, _ = room(watch="end")
    ann, bob = seated(made)
    eve = Member("Eve")
    made.watch(eve)
    assert eve.of("watching")[0]["watch"] == "end" and ann.of("room")[-1]["watchers"] == 1
    play_out(made, {"1": ann, "2": bob})
    boards = eve.of("board")
    assert len(boards) == 1 and boards[0]["view"]["winner"] is not None
    assert not boards[0]["delayed"] and boards[0]["view"]["hidden"] == []


def test_under_fog_with_delay_spectators_see_the_board_a_full_round_late():
    made, _ = room(watch="delay")
    ann, bob = seated(made)
    eve = Member("Eve")
    made.watch(eve)
    starts = {1: made.game.state()}
    rng = random.Random(3)
    while not made.game.over:
        assert answer(made, {"1": ann, "2": bob}[made.game.active_team], rng) == ""
        starts.setdefault(made.game.turn, made.game.state())
        shown = eve.of("board")[-1]
        if not shown["delayed"]:
            assert made.game.over
            continue
        behind = made.game.turn - shown["view"]["turn"]
        assert behind >= 2 or shown["view"]["turn"] == 1
        assert len(shown["view"]["units"]) == len(starts[shown["view"]["turn"]].units)
    assert not eve.of("board")[-1]["delayed"]


def test_without_fog_spectators_see_every_action_and_the_players_hear_only_the_players():
    made, _ = room(fog=False)
    ann, bob = seated(made)
    eve = Member("Eve")
    made.watch(eve)
    made.chat(eve, "team 2 hides behind the wall")
    made.chat(ann, "good luck")
    assert [m["text"] for m in bob.of("chat")] == ["good luck"]
    assert [m["text"] for m in eve.of("chat")] == ["team 2 hides behind the wall", "good luck"]
    answer(made, ann, random.Random(1))
    assert eve.of("board")[-1]["view"]["turn"] == 1 and not eve.of("board")[-1]["delayed"]


def test_a_rematch_starts_when_both_ask_with_sides_swapped():
    made, _ = room()
    ann, bob = seated(made)
    assert "after the game" in made.rematch(ann)
    play_out(made, {"1": ann, "2": bob})
    assert made.rematch(ann) == "" and bob.of("rematch")
    names = dict(made.names)
    assert made.rematch(bob) == ""
    assert ann.of("welcome")[-1]["team"] == "2" and bob.of("welcome")[-1]["team"] == "1"
    assert made.names == {"1": names["2"], "2": names["1"]}
    assert ann.of("welcome")[-1]["looks"] == {"1": "2", "2": "1"}
    assert bob.of("your_turn") and len(made.game.history) == 0
    assert made.seat_of(ann.of("seat")[-1]["secret"]) == "2"


def test_the_replay_is_there_once_the_game_is_over_and_replays_to_it(tmp_path):
    made, _ = room()
    ann, bob = seated(made)
    assert "once the game is over" in made.replay()
    play_out(made, {"1": ann, "2": bob})
    save = made.replay()["save"]
    assert save["over"] and len(save["actions"]) == len(made.game.history)
    assert save["seed"] == 5 and save["fog"] is True
    (tmp_path / "replay.json").write_text(json.dumps(save))
    loaded = load_save(tmp_path / "replay.json")
    assert state_digest(loaded.game) == state_digest(made.game)
    assert loaded.names == {"1": "Ann", "2": "Bob"}  # who played, not the map's teams
    assert made.replay() is made.replay()  # made once for all who ask
    made.rematch(ann)
    made.rematch(bob)
    play_out(made, {"1": bob, "2": ann})
    rematch = made.replay()["save"]
    assert rematch["seed"] == 6  # the rematch's own
    assert rematch["teams"]["names"] == {"1": "Bob", "2": "Ann"}  # sides swapped


def test_spectators_are_told_whose_turn_it_is_and_the_score_at_each_new_turn_under_fog():
    made, _ = room(watch="end")
    ann, bob = seated(made)
    eve = Member("Eve")
    made.watch(eve)
    turn = ann.of("your_turn")[-1]
    assert made.act(ann, {"ask": turn["ask"], "action": {"action": "end_turn"}}) == ""
    told = eve.of("room")[-1]
    assert (told["turn"], told["active_team"], told["scores"]) == (2, "2", {"1": 0, "2": 0})
    assert not eve.of("board")


def test_what_many_spectators_are_shown_is_encoded_once(monkeypatch):
    made, _ = room(fog=False)
    ann, _bob = seated(made)
    crowd = [Member(f"Eve{i}") for i in range(5)]
    for eve in crowd:
        made.watch(eve)
    encoded = []
    real = protocol.encode
    monkeypatch.setattr(protocol, "encode", lambda message: encoded.append(message["type"])
                        or real(message))
    turn = ann.of("your_turn")[-1]
    assert made.act(ann, {"ask": turn["ask"], "action": {"action": "end_turn"}}) == ""
    assert encoded.count("board") == 1 and encoded.count("room") == 1
    assert all(eve.of("board")[-1] == crowd[0].of("board")[-1] for eve in crowd)
