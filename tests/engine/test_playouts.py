"""Random playouts (OpenSpiel style): the API holds to the end of many seeded games."""

import random
from pathlib import Path

import pytest

from laser_flag.engine import Game, Move, load_map
from laser_flag.engine.events import GameOver, Scored, Shot
from laser_flag.engine.game_map import WALL
from tests.fast import map_cases

MAPS = sorted(Path(__file__).resolve().parents[2].glob("maps/*.json"))
GAMES_PER_MAP = -(-200 // max(len(MAPS), 1))  # at least 200 games in all


def check_invariants(game: Game) -> None:
    """No unit on a wall, one unit per tile, AP in range, snap shots within the class limit."""
    tiles = [u.pos for u in game.units]
    assert len(tiles) == len(set(tiles))
    for u in game.units:
        cls = game.rules[u.unit_class]
        assert game.map.in_bounds(u.pos) and game.map.kind(u.pos) != WALL
        assert 0 <= u.ap <= game.rules.ap_per_turn
        assert 0 <= u.snap_shots <= cls.max_snap_shots
        assert u.elevated == game.map.is_cover(u.pos)
        assert u.laser in ("charged", "charging", "deactivated")


def play(game: Game, rng: random.Random) -> list:
    """Play uniformly random legal actions to the end, checking the state after each one."""
    events = []
    hits = {"1": 0, "2": 0}
    while game.winner is None:
        actions = game.legal_actions()
        assert actions, "a game that is not over always offers EndTurn"
        new = game.apply(rng.choice(actions))
        for e in new:
            if isinstance(e, Shot) and e.hit:
                hits[game.map.units[e.shooter].team] += 1
        events += new
        check_invariants(game)
        assert game.scores == hits
    return events


@pytest.mark.parametrize("path", map_cases(MAPS))
def test_random_playouts_keep_the_rules_invariants(path):
    gm = load_map(path)
    for seed in range(GAMES_PER_MAP):
        game = Game(gm, seed=seed)
        events = play(game, random.Random(seed))
        assert isinstance(events[-1], GameOver)
        assert game.legal_actions() == []
        scored = [e for e in events if isinstance(e, Scored)]
        assert len(scored) == sum(game.scores.values())


@pytest.mark.parametrize("path", map_cases(MAPS[:3]))
def test_same_seed_and_actions_give_the_same_game(path):
    gm = load_map(path)
    runs = []
    for _ in range(2):
        game = Game(gm, seed=11)
        runs.append((play(game, random.Random(5)), game.scores, game.winner))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("path", map_cases(MAPS[:3]))
def test_the_reach_kept_between_actions_is_always_a_fresh_search(path):
    """Game keeps each unit's move search until a unit arrives at or leaves a tile it asked
    about (the legal Moves and their paths read it); a search made afresh (`what_if.reachable`),
    after every action of random games, must agree, paths included."""
    gm = load_map(path)
    for seed in range(3):
        game, rng = Game(gm, seed=seed), random.Random(seed)
        while game.winner is None:
            legal = game.legal_actions()
            for u in game.units:
                if game.what_if.can_move(u):
                    fresh = game.what_if.reachable(u)
                    kept = {a.to for a in legal if isinstance(a, Move) and a.unit_id == u.id}
                    assert kept == set(fresh), (seed, u)
                    assert [game.what_if.path(u, d) for d in fresh] == [fresh.path(d)
                                                                        for d in fresh]
            game.apply(rng.choice(game.legal_actions()))
