"""Which bundled maps and lesson chapters stay in the fast test set (`pytest -m "not slow"`);
the rest are slow. A test about every map keeps every map: the others only run in `make test`."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

FAST_MAPS = ("blitz", "duel")  # the quickest to play out: few units, short games
FAST_CHAPTERS = ()  # every chapter played through is slow; the quick lesson tests stay fast


def fast_unless(slow: bool) -> tuple[pytest.MarkDecorator, ...]:
    """The marks of a case: slow when `slow`, none otherwise."""
    return (pytest.mark.slow,) if slow else ()


def map_marks(map_name: str) -> tuple[pytest.MarkDecorator, ...]:
    """A case on `map_name`: in the fast set only on a fast map."""
    return fast_unless(map_name not in FAST_MAPS)


def map_cases(paths: Iterable[Path]) -> list[Any]:
    """Map files as parametrized cases named by their stem, every other map marked slow."""
    return [pytest.param(p, id=p.stem, marks=map_marks(p.stem)) for p in paths]
