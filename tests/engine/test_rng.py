"""The dice generator's state as a value (engine/rng.py): a handle at any position draws exactly
what random.Random from the same seed would, however handles are forked and drawn from."""

from __future__ import annotations

import random
import threading

from hypothesis import given, settings
from hypothesis import strategies as st

from laser_flag.engine.rng import Rng

# (which handle to draw from, by position in the list so far; how many dice of six to roll)
draws = st.lists(st.tuples(st.integers(0, 50), st.integers(0, 4)), max_size=40)


def roll(gen: random.Random, dice: int) -> list[int]:
    out = [gen.randint(1, 6) for _ in range(dice)]
    gen.shuffle(order := [1, 2, 3])
    return out + order


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), plan=draws)
def test_every_handle_draws_what_an_own_generator_would(seed, plan):
    handles = [(Rng.seeded(seed), random.Random(seed))]
    for pick, dice in plan:
        handle, mirror = handles[pick % len(handles)]
        gen = handle.take()
        got = roll(gen, dice)
        after = handle.done(gen)
        own = random.Random()
        own.setstate(mirror.getstate())
        assert got == roll(own, dice)
        handles.append((after, own))
    for handle, mirror in handles:
        assert handle.getstate() == mirror.getstate()


def test_a_handle_from_a_generator_state_continues_it():
    source = random.Random(7)
    source.random()
    handle = Rng.from_state(source.getstate())
    gen = handle.take()
    assert [gen.random() for _ in range(3)] == [source.random() for _ in range(3)]
    assert handle.done(gen).getstate() == source.getstate()


def test_threads_drawing_from_one_handle_each_get_the_same_dice():
    handle = Rng.seeded(11)
    results: list[list[int]] = []

    def draw() -> None:
        for _ in range(200):
            gen = handle.take()
            results.append(roll(gen, 3))
            handle.done(gen)

    threads = [threading.Thread(target=draw) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert results == [roll(random.Random(11), 3)] * 800


def test_equal_positions_are_equal_values():
    a, b = Rng.seeded(3), Rng.seeded(3)
    assert a == b and hash(a) == hash(b)
    gen = a.take()
    gen.random()
    assert a.done(gen) != b and a.done(gen).at == 2
