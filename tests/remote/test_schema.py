"""docs/protocol.schema.json against the game: a valid JSON Schema that names exactly the
engine's events, units, views and actions and the messages the game builds and checks; every
message of seeded games passes it, and one with a field renamed, added or dropped does not.
(Whole games over real sockets and pipes: test_live_traffic.py.)"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from laser_flag.engine import EndTurn, Game, Move, load_map, view
from laser_flag.engine.actions import ACTIONS
from laser_flag.engine.events import EVENTS
from laser_flag.engine.game_map import TILE_KINDS
from laser_flag.engine.ruleset import CLASSES
from laser_flag.engine.terms import TEAMS, Laser, Victory
from laser_flag.engine.units import Unit
from laser_flag.remote import protocol
from laser_flag.server.messages import LOBBY

from .schema import FROM_GAME, FROM_SEAT, events_once, problems, schema

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
DEFS = schema()["$defs"]

# What the schema accepts, its words aside, for each protocol number. A change to what it
# accepts is a change of the protocol's messages: bump protocol.PROTOCOL (and the schema's
# "protocol" constants), then record the new digest here. Only when the schema was wrong about
# messages that did not change is a new digest recorded under the same number. The server's
# lobby and spectator messages are numbered apart (server.messages.LOBBY), their digest too.
ACCEPTS = {2: "57c64960dc614c7e4318f864144fd2ac81250acb0a031e4e70ae1974831bdb3e"}
LOBBY_ACCEPTS = {1: "3849f3699c4295016382e41e3882bf5e84b455df4549ccae8f5ca04d85cd658d",
                 2: "53d2bb48d1324cc06651973fcae1780679270d0a90a27ad96a13662dd6be60d9"}


def server_part(name: str) -> bool:
    """Whether a definition is the server's (the lobby's and spectators' messages)."""
    return name in ("to_server", "from_server") or name.startswith("server_")


def part(server: bool) -> dict[str, Any]:
    """The schema's seat protocol (server False) or its server messages (True), alone."""
    whole = schema()
    defs = {k: v for k, v in whole["$defs"].items() if server_part(k) == server}
    roots = [r for r in whole["anyOf"] if server_part(r["$ref"].rsplit("/", 1)[1]) == server]
    return {**whole, "anyOf": roots, "$defs": defs}


def digest(node: Any) -> str:
    text = json.dumps(meaning(node), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def test_the_schema_is_a_valid_draft_2020_12_schema():
    Draft202012Validator.check_schema(schema())
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def meaning(node: Any) -> Any:
    """A schema without its words (its titles and descriptions): what it accepts. The keys of
    `properties` and `$defs` are names, not keywords: a field may be called "description"."""
    if isinstance(node, list):
        return [meaning(v) for v in node]
    if not isinstance(node, dict):
        return node
    return {key: {name: meaning(sub) for name, sub in value.items()}
            if key in ("properties", "$defs") else meaning(value)
            for key, value in node.items() if key not in ("title", "description")}


def test_the_schema_is_this_protocol_s_and_accepts_what_it_was_recorded_accepting():
    for hello in ("game_hello", "seat_hello"):
        assert DEFS[hello]["properties"]["protocol"]["const"] == protocol.PROTOCOL
    assert schema()["title"].endswith(f"protocol {protocol.PROTOCOL}")
    assert digest(part(server=False)) == ACCEPTS[protocol.PROTOCOL], (
        "docs/protocol.schema.json accepts other messages than protocol "
        f"{protocol.PROTOCOL} was recorded with: see ACCEPTS")
    assert DEFS["server_hello"]["properties"]["lobby"]["const"] == LOBBY
    assert digest(part(server=True)) == LOBBY_ACCEPTS[LOBBY], (
        "docs/protocol.schema.json accepts other server messages than lobby "
        f"{LOBBY} was recorded with: see LOBBY_ACCEPTS")


def told_apart(definition: str) -> dict[str, str]:
    """The definitions a `definition` tells apart by one field's value: value -> definition,
    each value among the field's allowed ones and each once."""
    whole = DEFS[definition]
    (key,) = whole["required"]
    found = {}
    for case in whole["allOf"]:
        value = case["if"]["properties"][key]["const"]
        assert value not in found
        found[value] = case["then"]["$ref"].removeprefix("#/$defs/")
    assert list(found) == whole["properties"][key]["enum"]
    return found


def closed(definition: dict[str, Any]) -> set[str]:
    """The fields of a closed object definition, all required."""
    assert definition["additionalProperties"] is False
    assert set(definition["required"]) == set(definition["properties"])
    return set(definition["properties"])


@pytest.mark.parametrize(("key", "table"), [("event", EVENTS), ("action", ACTIONS)])
def test_every_kind_of_event_and_action_is_in_the_schema_with_the_engine_s_fields(key, table):
    assert told_apart(key) == {name: f"{key}_{name}" for name in table}
    for name, kind in table.items():
        definition = DEFS[f"{key}_{name}"]
        assert definition["properties"][key] == {"const": name}
        assert closed(definition) == {key, *(f.name for f in fields(kind))}, name


def test_units_and_views_have_the_engine_s_fields():
    assert closed(DEFS["unit"]) == {f.name for f in fields(Unit)}
    seen = view(Game(load_map(MAPS / "duel.json"), seed=1).state(), "1")
    assert closed(DEFS["view"]) == set(seen.to_json())


def test_the_seat_s_messages_are_the_ones_the_game_checks():
    shapes = told_apart(FROM_SEAT)
    assert set(shapes) == set(protocol.SEAT_MESSAGES)
    for kind, spec in protocol.SEAT_MESSAGES.items():
        shape = DEFS[shapes[kind]]
        assert shape["properties"]["type"] == {"const": kind}
        assert shape["additionalProperties"] is False
        assert set(shape["properties"]) == {"type", *spec}, kind
        assert set(shape["required"]) == {"type", *spec} - protocol.OPTIONAL.get(kind, set())


def test_the_named_values_are_the_rulebook_s():
    assert DEFS["team"]["enum"] == list(TEAMS)
    assert DEFS["winner"]["enum"] == [*TEAMS, "draw"]
    assert DEFS["laser"]["enum"] == [str(v) for v in Laser]
    assert DEFS["victory"]["enum"] == [str(v) for v in Victory]
    assert DEFS["unit_class"]["enum"] == list(CLASSES)
    assert DEFS["map"]["properties"]["tiles"]["items"]["items"]["enum"] == list(TILE_KINDS)


def built_messages() -> dict[str, list[dict[str, Any]]]:
    """One of each message the game builds, in each direction, from a game under way."""
    gm = load_map(MAPS / "duel.json")
    game = Game(gm, seed=2, fog=True)
    game.apply(game.legal_actions()[0])
    seen = view(game.state(), "2")
    return {
        FROM_GAME: [
            protocol.hello(gm, "2", True), protocol.welcome(gm, "2", {"1": "A", "2": "B"}, seen),
            protocol.your_turn(1, view(game.state(), "1"), game.index),
            protocol.your_turn(2, view(game.state(), "1"), game.index, 2.5),
            protocol.events(seen), protocol.error("refused: not one of the legal actions"),
            protocol.chat("gg"), protocol.chat("gg", "Ann"), {"type": "rematch"},
            protocol.bye("the host closed the game")],
        FROM_SEAT: [
            protocol.guest_hello(gm, "ABCDEF", "Ann"), protocol.guest_hello(None, "ABCDEF", ""),
            protocol.action(1, Move(3, (4, 5))), protocol.action(2, EndTurn()),
            protocol.chat("gg"), {"type": "rematch"}, {"type": "bye"}, protocol.bye("left")],
    }


@pytest.mark.parametrize("direction", [FROM_GAME, FROM_SEAT])
def test_every_message_the_game_builds_is_valid(direction):
    assert {m["type"] for m in built_messages()[direction]} == set(told_apart(direction))
    for message in built_messages()[direction]:
        assert problems(json.loads(protocol.encode(message)), direction) == [], message
        assert events_once(message)


def test_a_program_seat_s_time_is_in_its_your_turn():
    timed = built_messages()[FROM_GAME][3]
    assert timed["seconds"] == 2.5 and not problems(timed, FROM_GAME)
    assert problems({**timed, "seconds": 0}, FROM_GAME)
    assert problems({**timed, "seconds": "5"}, FROM_GAME)


def played(name: str, fog: bool, seed: int, plies: int):
    """Each state of a seeded random game, with the team to act's your_turn and both teams'
    events messages after each action."""
    rng = random.Random(seed)
    game = Game(load_map(MAPS / name), seed=seed, fog=fog)
    for ask in range(1, plies + 1):
        if game.over:
            return
        yield protocol.your_turn(ask, view(game.state(), game.active_team), game.index)
        options = game.legal_actions()
        game.apply(options[rng.randrange(len(options))])
        for team in TEAMS:
            yield protocol.events(view(game.state(), team))


# Between them, every kind of event: the lesson's game is over in a few shots, each one
# disqualifying (its map has no bases); blitz's bases recharge lasers. (Whole games, every
# message of them: test_live_traffic.py.)
GAMES = [("tutorial/elimination.json", True, 1), ("blitz.json", True, 5), ("blitz.json", False, 3)]


@pytest.mark.slow  # the validator takes milliseconds a view
def test_every_message_of_random_games_is_valid_and_they_hold_every_kind_of_event():
    kinds = set()
    for name, fog, seed in GAMES:
        for message in played(name, fog, seed, 30):
            assert problems(json.loads(protocol.encode(message)), FROM_GAME) == [], (name, message)
            assert events_once(message)
            kinds |= {e["event"] for e in message.get("events", [])}
    assert kinds == set(EVENTS)


@pytest.mark.parametrize("path", sorted(MAPS.rglob("*.json")), ids=lambda p: p.stem)
def test_every_bundled_map_is_a_map_a_welcome_may_carry(path):
    assert problems(load_map(path).to_json_dict(), "map") == []


def sample(direction: str, kind: str) -> dict[str, Any]:
    return copy.deepcopy(next(m for m in built_messages()[direction] if m["type"] == kind))


def an_events_message() -> dict[str, Any]:
    """An events message whose events hold a shot: duel's snipers in sight of each other."""
    for message in played("duel.json", False, 6, 400):
        if any(e["event"] == "shot" for e in message.get("events", [])):
            return copy.deepcopy(message)
    raise AssertionError("no shot in the game")


def rename(data: dict[str, Any], old: str, new: str) -> None:
    data[new] = data.pop(old)


# Each breaks a valid message the way a change to the game could: the schema must refuse it.
BREAKS = {
    "an event's field renamed": lambda m: rename(m["events"][0], "shooter", "by"),
    "an event's field dropped": lambda m: m["events"][0].pop("needed"),
    "an event gains a field": lambda m: m["events"][0].update(damage=1),
    "an event of an unknown kind": lambda m: m["events"][0].update(event="exploded"),
    "a message gains a field": lambda m: m.update(hint="fire"),
    "the view carries the events again": lambda m: m["view"].update(events=m["events"]),
    "the view loses a field": lambda m: m["view"].pop("hidden"),
    "a unit's field of the wrong kind": lambda m: m["view"]["units"][0].update(ap="3"),
    "a unit gains a field": lambda m: m["view"]["units"][0].update(hp=3),
    "a tile of three numbers": lambda m: m["view"]["units"][0].update(pos=[1, 2, 3]),
    "a laser state unheard of": lambda m: m["view"]["units"][0].update(laser="broken"),
}


@pytest.mark.parametrize("damage", BREAKS.values(), ids=BREAKS.keys())
def test_an_events_message_changed_in_shape_is_refused(damage):
    message = an_events_message()
    message["events"].sort(key=lambda e: e["event"] != "shot")  # the shot first
    assert problems(message, FROM_GAME) == []
    damage(message)
    assert problems(message, FROM_GAME)


SEAT_BREAKS = {
    "an action gains a field": lambda m: m["action"].update(fast=True),
    "an action of an unknown kind": lambda m: m["action"].update(action="jump"),
    "the ask renamed": lambda m: rename(m, "ask", "answers"),
    "a message of an unknown type": lambda m: m.update(type="resign"),
}


@pytest.mark.parametrize("damage", SEAT_BREAKS.values(), ids=SEAT_BREAKS.keys())
def test_a_seat_s_action_changed_in_shape_is_refused(damage):
    message = sample(FROM_SEAT, "action")
    assert problems(message, FROM_SEAT) == []
    damage(message)
    assert problems(message, FROM_SEAT)


@pytest.mark.parametrize("change", [
    {"protocol": 1}, {"rules": None}, {"rules": "1"}, {"version": "x" * 41}, {"map": "duel"}])
def test_a_guest_hello_of_another_shape_or_protocol_is_refused(change):
    hello = {**sample(FROM_SEAT, "hello"), **change}
    assert problems(hello, FROM_SEAT)



def test_protocol_md_tells_every_field_of_the_view_a_unit_and_each_event_in_its_tables():
    """PROTOCOL.md's tables, not the code, are where a program's author reads the fields."""
    text = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    tables = "\n".join(line for line in text.splitlines() if line.startswith("|"))
    named = [*DEFS["view"]["properties"], *DEFS["unit"]["properties"]]
    for kind in EVENTS:
        named += [kind, *(f for f in DEFS[f"event_{kind}"]["properties"] if f != "event")]
    assert [name for name in named if f"`{name}`" not in tables] == []
    assert "](protocol.schema.json)" in text
