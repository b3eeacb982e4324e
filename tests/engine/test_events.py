"""Events: a Moved whose path is read back only when asked for is the same event as any other."""

from __future__ import annotations

import dataclasses

import pytest

from laser_flag.engine.events import Moved

PATH = ((1, 2), (1, 3), (2, 4))


def test_a_lazy_moved_reads_its_path_once_and_equals_the_eager_one() -> None:
    reads = []
    lazy = Moved.along(3, lambda: reads.append(1) or PATH)
    assert not reads  # nothing read yet
    eager = Moved(3, PATH)
    assert lazy == eager and hash(lazy) == hash(eager) and repr(lazy) == repr(eager)
    assert lazy.path == PATH and lazy.blocked_by is None
    assert reads == [1]
    assert vars(lazy) == vars(eager)  # nothing of the laziness left behind
    assert dataclasses.replace(lazy, path=PATH[:1]) == Moved(3, PATH[:1])


def test_a_lazy_moved_has_no_other_attributes_and_stays_frozen() -> None:
    lazy = Moved.along(0, lambda: PATH)
    with pytest.raises(AttributeError):
        lazy.speed  # noqa: B018
    with pytest.raises(dataclasses.FrozenInstanceError):
        lazy.path = ()  # type: ignore[misc]
