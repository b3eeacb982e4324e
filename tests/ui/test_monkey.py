"""Random clicks, keys, wheel turns and window resizes through the real loop, in every place a
player reaches (tests/monkey.py): no exception, and the game's state stays valid. Each case is
replayable from its seed; `benchmarks/monkey.py` runs the long version."""

from __future__ import annotations

import pytest

from tests.monkey import PLACES, Monkey, no_dialogs

SHORT = 600  # events a place in every run
LONG = 4000


def net_marked(place: str) -> list[pytest.MarkDecorator]:
    return [pytest.mark.net] if place == "guest" else []


@pytest.mark.parametrize("place", [pytest.param(p, marks=net_marked(p)) for p in PLACES])
def test_a_short_monkey_breaks_nothing(app, monkeypatch, tmp_path, place):
    no_dialogs(monkeypatch.setattr)
    monkey = Monkey(app, place, seed=1, folder=tmp_path)
    try:
        monkey.run(SHORT)
    finally:
        monkey.leave_host()
    assert len(monkey.screens) > 1, "the monkey never left the first screen"
    assert monkey.actions > 0 or place in ("replay", "lesson"), "no action got through"


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 3])
@pytest.mark.parametrize("place", [pytest.param(p, marks=net_marked(p)) for p in PLACES])
def test_a_long_monkey_breaks_nothing(app, monkeypatch, tmp_path, place, seed):
    no_dialogs(monkeypatch.setattr)
    monkey = Monkey(app, place, seed=seed, folder=tmp_path)
    try:
        monkey.run(LONG)
    finally:
        monkey.leave_host()
