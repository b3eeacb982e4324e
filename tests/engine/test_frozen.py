"""The one fast constructor of frozen values (engine/frozen.py): a function of every field of its
class, checked against dataclasses.fields, and every value the engine makes with it whole."""

from __future__ import annotations

import inspect
import random
from dataclasses import FrozenInstanceError, dataclass, field, fields, replace

import pytest

from laser_flag.engine import Game, load_map
from laser_flag.engine.frozen import maker, remade
from laser_flag.engine.state import GameState
from laser_flag.engine.units import CHARGING, Unit
from laser_flag.resources import bundled_maps


@dataclass(frozen=True, slots=True)
class Pair:
    first: int
    second: str = "b"
    kept: list[int] = field(default_factory=list, init=False, compare=False)


@pytest.mark.parametrize("cls", [Unit, GameState, Pair])
def test_a_maker_takes_every_field_in_order_init_false_too(cls):
    assert list(inspect.signature(maker(cls)).parameters) == [f.name for f in fields(cls)]


def test_a_made_value_is_the_value_the_class_makes_and_as_frozen():
    made = maker(Unit)(3, "2", "scout", (4, 5), 2, CHARGING, 1, True, True)
    assert type(made) is Unit
    assert made == Unit(3, "2", "scout", (4, 5), 2, CHARGING, 1, True, True)
    assert hash(made) == hash(replace(made)) and repr(made) == repr(replace(made))
    with pytest.raises(FrozenInstanceError):
        made.ap = 0  # type: ignore[misc]


def test_a_field_left_out_is_refused_at_once():
    """A field added to a class is a parameter more: a caller that does not fill it fails."""
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'kept'"):
        maker(Pair)(1, "a")  # no defaults: every field is given, init=False ones too
    assert maker(Pair)(1, "a", [2]).kept == [2]


def test_only_a_slots_dataclass_has_a_maker():
    @dataclass(frozen=True)
    class NoSlots:
        first: int

    with pytest.raises(TypeError, match="NoSlots: a maker needs a dataclass with slots=True"):
        maker(NoSlots)


def test_a_remade_value_is_the_replaced_one_holding_the_same_other_fields():
    pair = maker(Pair)(1, "a", [2])
    again = remade(pair, second="b")
    assert again == replace(pair, second="b") and again.kept is pair.kept  # init=False kept
    assert pair.second == "a"
    with pytest.raises(TypeError, match="Pair has no field 'third'"):
        remade(pair, third=3)


def whole(value: object) -> bool:
    """Every field set (an unset slot raises AttributeError), and equal to its replace()."""
    return all(hasattr(value, f.name) for f in fields(value)) and replace(value) == value


@pytest.mark.parametrize("fog", [False, True])
def test_every_state_and_unit_a_game_makes_is_whole(fog):
    gm = load_map(bundled_maps() / "duel.json")
    rng = random.Random(4)
    for seed in range(3):
        game = Game(gm, seed=seed, fog=fog)
        while not game.over and game.round <= 12:
            game.apply(rng.choice(game.legal_actions()))
            state = game.state()
            assert whole(state) and all(whole(u) for u in state.units)
