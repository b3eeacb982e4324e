"""Events: a Moved whose path is read back only when asked for is the same event as any other."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from laser_flag.engine import Game, load_map
from laser_flag.engine.events import EVENTS, Moved, event_from_json, event_to_json

PATH = ((1, 2), (1, 3), (2, 4))


class Search:
    """A move search as Moved.along reads it back, counting its reads."""

    def __init__(self) -> None:
        self.reads: list[tuple[int, int]] = []

    def path(self, to: tuple[int, int]) -> tuple[tuple[int, int], ...]:
        self.reads.append(to)
        return PATH


def test_a_lazy_moved_reads_its_path_once_and_equals_the_eager_one() -> None:
    search = Search()
    reads = search.reads
    lazy = Moved.along(3, search, PATH[-1])
    assert not reads  # nothing read yet
    eager = Moved(3, PATH)
    assert lazy == eager and hash(lazy) == hash(eager) and repr(lazy) == repr(eager)
    assert lazy.path == PATH and lazy.blocked_by is None and lazy.path == PATH
    assert reads == [PATH[-1]]  # once, to the move's tile
    assert vars(lazy) == vars(eager)  # nothing of the laziness left behind
    assert dataclasses.replace(lazy, path=PATH[:1]) == Moved(3, PATH[:1])


def test_a_lazy_moved_has_no_other_attributes_and_stays_frozen() -> None:
    lazy = Moved.along(0, Search(), PATH[-1])
    with pytest.raises(AttributeError):
        lazy.speed  # noqa: B018
    with pytest.raises(dataclasses.FrozenInstanceError):
        lazy.path = ()  # type: ignore[misc]


# ----- every event declared once, with a plain JSON form ----------------------------------------


def test_every_event_of_random_games_round_trips_through_json() -> None:
    """The events of seeded games on three bundled maps, fog and open, and each team's view of
    them: JSON and back, equal."""
    kinds = set()
    for path in sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.json"))[:3]:
        for fog in (False, True):
            game, rng = Game(load_map(path), seed=2, fog=fog), random.Random(2)
            while not game.over:
                events = game.apply(rng.choice(game.legal_actions()))
                for event in [*events, *(e for t in "12" for e in game.observe(t).events)]:
                    back = event_from_json(json.loads(json.dumps(event_to_json(event))))
                    assert back == event and repr(back) == repr(event)
                    kinds.add(type(event))
    assert kinds == set(EVENTS.values())


@pytest.mark.parametrize("bad", [
    None, [], {"event": "jumped"}, {"event": "disqualified"},
    {"event": "disqualified", "unit": 1, "extra": 2}, {"event": "disqualified", "unit": "1"},
    {"event": "disqualified", "unit": True}, {"event": "moved", "unit": 1, "path": [[1]],
                                              "blocked_by": None},
    {"event": "scored", "team": 1, "score": 1},
])
def test_a_malformed_event_is_refused_by_name(bad) -> None:
    with pytest.raises(ValueError):
        event_from_json(bad)
