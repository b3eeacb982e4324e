"""What follows from a state and is kept with it (engine/facts.py): states share only what never
changes, so holding or asking one state can never alter another."""

from __future__ import annotations

import functools
import random
from types import MappingProxyType

import pytest

from laser_flag.engine import Game, load_map
from laser_flag.engine.index import MapIndex
from laser_flag.engine.legal import legal
from laser_flag.engine.los import Visibility
from laser_flag.engine.movement import Reach
from laser_flag.engine.rng import Rng
from laser_flag.engine.state import GameState
from laser_flag.resources import bundled_maps

MUTABLE = (list, dict, set, bytearray)
# The map's, shared by every game on it by design: its index and LOS answers, and the searches
# it keeps; and the dice's stream, which handles share from their own positions (rng.py).
THE_MAPS = (MapIndex, Visibility, Reach, Rng)


def mutables(value: object, found: dict[int, object], seen: set[int]) -> dict[int, object]:
    """Every list, dict, set or bytearray `value` holds, however deep, by id."""
    if id(value) in seen or isinstance(value, (*THE_MAPS, str, int, float, type)):
        return found
    seen.add(id(value))
    if isinstance(value, MUTABLE):
        found[id(value)] = value
    if isinstance(value, dict | MappingProxyType):
        parts = [*value.keys(), *value.values()]
    elif isinstance(value, list | tuple | set | frozenset):
        parts = list(value)
    elif isinstance(value, functools.partial):
        parts = [value.args, value.keywords]
    else:  # an object: its slots and attributes
        names = [n for c in type(value).__mro__ for n in getattr(c, "__slots__", ())]
        parts = [getattr(value, n) for n in names if hasattr(value, n)]
        parts += list(getattr(value, "__dict__", {}).values())
    for part in parts:
        mutables(part, found, seen)
    return found


def held(state: GameState) -> dict[int, object]:
    """The mutable objects a state holds, its facts included."""
    return mutables(tuple(getattr(state, name) for name in GameState.__slots__), {}, set())


def asked(state: GameState) -> list[object]:
    """Everything legal() works out for a state, listed (each unit's search and offer)."""
    return list(legal(state))


@pytest.mark.parametrize("fog", [False, True])
def test_a_state_and_the_next_share_nothing_mutable(fog):
    gm = load_map(bundled_maps() / "duel.json")
    rng = random.Random(2)
    game = Game(gm, seed=2, fog=fog)
    while not game.over and game.round <= 10:
        before = game.state()
        asked(before)
        game.apply(rng.choice(game.legal_actions()))
        asked(game.state())
        shared = held(before).keys() & held(game.state()).keys()
        assert not shared, [type(held(before)[i]).__name__ for i in shared]


def test_asking_later_states_leaves_a_held_state_as_it_was():
    """Offers, targets, sight and searches worked out for later states (the next ones, copies,
    other threads' branches) go into those states only."""
    gm = load_map(bundled_maps() / "gridlock.json")
    game = Game(gm, seed=3, fog=True)
    rng = random.Random(3)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    held_state = game.state()
    actions = asked(held_state)
    facts = held_state.facts
    kept = (tuple(facts.offers), facts.targets, dict(facts.seen), dict(facts.reach),
            dict(facts.units))
    for _ in range(3):  # branches from the held state, each played on and asked at every step
        branch = game.copy()
        while not branch.over and len(branch.history) < 80:
            branch.apply(rng.choice(branch.legal_actions()))
    now = (tuple(facts.offers), facts.targets, dict(facts.seen), dict(facts.reach),
           dict(facts.units))
    assert now == kept
    assert all(a is b for a, b in zip(now[0], kept[0], strict=True))  # the very offers
    assert asked(held_state) == actions == list(game.legal_actions())
