"""view(state, team): the one place that decides what a team sees and is told (RULES.md §9), as
a plain value with a JSON form that holds nothing hidden from the team."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from laser_flag.engine import (
    EndTurn,
    Game,
    Move,
    TeamView,
    known_game,
    known_state,
    load_map,
    view,
)
from laser_flag.engine import game as game_module
from laser_flag.engine.events import Moved, SeenMove
from laser_flag.engine.team_view import told, told_versions, versions
from tests.engine.conftest import MISS, Scripted, make_map

MAPS = Path(__file__).resolve().parents[2] / "maps"
# Team 1's Plain at (4, 0); team 2's Grunt behind the wall at (0, 4), its Scout in the open.
ART = ["...#.", "...#.", "...#.", ".....", "....."]
UNITS = [("1", "basic", 4, 0), ("2", "grunt", 0, 4), ("2", "scout", 4, 4)]


def fog_game(*rolls) -> Game:
    return Game(make_map(ART, UNITS), seed=3, roll=Scripted(*rolls), fog=True)


def keys_of_json(seen: TeamView) -> set[str]:
    return set(json.loads(json.dumps(seen.to_json())))


def test_without_fog_a_team_sees_and_is_told_everything():
    game = Game(load_map(MAPS / "duel.json"), seed=1)
    events = game.apply(game.legal_actions()[0])
    seen = view(game.state(), "2")
    assert seen.units == game.state().units and seen.hidden == () and seen.last_seen == {}
    assert seen.seen is None and list(seen.events) == events
    assert (seen.turn, seen.active_team, seen.fog) == (1, "1", False)


def test_with_fog_a_team_sees_its_units_and_the_enemies_in_sight_only():
    game = fog_game()
    state = game.state()
    sight = game.index.visibility
    for team in "12":
        seen = view(state, team)
        eyes = [u.pos for u in state.units if u.team == team]
        in_sight = {e.id for e in state.units
                    if e.team != team and any(sight.sees(p, e.pos) for p in eyes)}
        own = {u.id for u in state.units if u.team == team}
        assert {u.id for u in seen.units} == own | in_sight
        assert set(seen.hidden) == {u.id for u in state.units if u.team != team} - in_sight
        assert seen.seen == frozenset().union(*(sight.visible_from(p) for p in eyes))


def test_an_enemy_move_is_told_as_it_was_seen_and_its_own_team_hears_the_walk():
    """Team 1 sees the Scout set out and arrive (and snap-shoots it): a SeenMove; the Grunt
    behind the wall moves unseen: nothing; team 2 is told both walks as they were."""
    game = fog_game(MISS, MISS, MISS)
    game.apply(EndTurn())
    walk = game.apply(Move(2, (3, 4)))
    assert view(game.state(), "1").events == (SeenMove(2, ((3, 4),), seen_from=(4, 4)), walk[1])
    assert view(game.state(), "2").events == tuple(walk)
    game.apply(Move(1, (1, 4)))
    assert view(game.state(), "1").events == ()  # behind the wall all along
    assert told(game.state(), "1") == [] and told(game.state(), "2") == game.events_for("2")


def test_versions_group_the_teams_that_saw_an_event_alike():
    game = fog_game(MISS, MISS, MISS)
    game.apply(EndTurn())
    game.apply(Move(2, (3, 4)))
    (event, seen_by), _shot = versions(game.state())
    assert isinstance(event, Moved) and seen_by["2"] == event
    assert told_versions(seen_by) == [(seen_by["1"], frozenset("1")), (event, frozenset("2"))]
    open_game = Game(load_map(MAPS / "duel.json"), seed=1)
    open_game.apply(EndTurn())
    [(end, both)] = versions(open_game.state())
    assert told_versions(both) == [(end, frozenset("12"))]


@pytest.mark.slow  # every view of whole random games; test_events keeps a quick round trip
@pytest.mark.parametrize("fog", [False, True])
def test_every_view_of_random_games_round_trips_through_json(fog):
    """Both teams' views after every action of seeded games: JSON and back, equal, with exactly
    the documented keys (so nothing hidden, the dice generator least of all, rides along)."""
    for path in sorted(MAPS.glob("*.json"))[:3]:
        game, rng = Game(load_map(path), seed=5, fog=fog), random.Random(5)
        while not game.over and game.turn < 30:
            game.apply(rng.choice(game.legal_actions()))
            for team in "12":
                seen = game.observe(team)
                data, events = json.loads(json.dumps([seen.to_json(), seen.events_json()]))
                assert TeamView.from_json(data, events) == seen
                assert keys_of_json(seen) == {
                    "team", "turn", "active_team", "fog", "scores", "stats", "winner",
                    "victory", "units", "last_seen", "hidden", "seen"}


@pytest.mark.parametrize("damage", [
    lambda d: d.pop("seen"),
    lambda d: d.update(events=[]),
    lambda d: d.update(turn="3"),
    lambda d: d.update(team="3"),
    lambda d: d.update(scores={"1": 0}),
    lambda d: d.update(units=[{"id": 0}]),
    lambda d: d.update(units="everything"),
    lambda d: d.update(last_seen=[[5, [1], 2]]),
    lambda d: d.update(seen=[[1, 2, 3]]),
    lambda d: d.update(victory="resignation"),
])
def test_a_malformed_view_is_refused(damage):
    data = json.loads(json.dumps(fog_game().observe("1").to_json()))
    damage(data)
    with pytest.raises(ValueError):
        TeamView.from_json(data)


@pytest.mark.parametrize("events", [[{"event": "teleported"}], {"event": "moved"}, "moved"])
def test_malformed_events_beside_a_view_are_refused(events):
    data = json.loads(json.dumps(fog_game().observe("1").to_json()))
    with pytest.raises(ValueError):
        TeamView.from_json(data, events)


def test_a_state_made_from_a_view_holds_what_it_shows_and_plays_by_the_rules():
    game = fog_game()
    seen = game.observe("1")
    known = Game.from_state(game.map, known_state(seen, game.index), seed=1, fog=True)
    assert known.units == list(seen.units)
    assert known.legal_actions() == game.legal_actions()  # team 1's plans ignore hidden units


def same_game(one: Game, other: Game) -> bool:
    return (one.state() == other.state() and one.seed == other.seed and one.fog == other.fog
            and one.legal_actions() == other.legal_actions() and one.scores == other.scores
            and one.stats == other.stats and list(one.history) == list(other.history) == [])


@pytest.mark.parametrize("fog", [False, True])
def test_a_known_game_is_the_game_its_view_shows(fog):
    """known_game: the team's view as a game, the same as one continued from known_state."""
    gm, rng = load_map(MAPS / "gridlock.json"), random.Random(6)
    game = Game(gm, seed=6, fog=fog)
    while not game.over and game.round <= 8:
        game.apply(rng.choice(game.legal_actions()))
        for team in ("1", "2"):
            seen = game.observe(team)
            known = known_game(gm, seen, seed=9)
            assert same_game(known, Game.from_state(
                gm, known_state(seen, game.index), seed=9, fog=fog))
            assert known.units == list(seen.units) and known.observe(team).units == seen.units
            guess = [*seen.units, *(u for u in game.units if u.team != team)]  # a guess adds
            assert same_game(known_game(gm, seen, seed=9, units=guess, fog=False),
                             Game.from_state(gm, known_state(seen, game.index, guess, fog=False),
                                             seed=9, fog=False))


def test_a_known_game_is_made_without_a_start_state(monkeypatch):
    game = fog_game()
    seen = game.observe("1")
    monkeypatch.setattr(game_module, "start", None)  # a start state would fail to be made
    assert known_game(game.map, seen).units == list(seen.units)


def test_a_known_game_refuses_units_that_are_not_the_maps():
    game = fog_game()
    seen = game.observe("1")
    stranger = replace(seen.units[0], unit_class="sniper")
    with pytest.raises(ValueError, match=r"units \[0\] are not this map's"):
        known_game(game.map, replace(seen, units=(stranger,)))


def test_where_a_team_knows_enemies_to_be_is_in_sight_or_last_seen():
    game = fog_game(MISS, MISS, MISS)
    game.apply(EndTurn())
    game.apply(Move(2, (3, 4)))
    game.apply(Move(2, (1, 4)))  # out of Alice's sight: she knows it where she saw it last
    assert game.observe("1").whereabouts() == {2: (3, 4)}  # the Grunt she never saw
