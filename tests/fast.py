"""Which bundled maps stay in the fast test set (`pytest -m "not slow"`); the rest are slow."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

FAST_MAPS = ("blitz", "duel")  # the quickest to play out: few units, short games


def map_cases(paths: Iterable[Path]) -> list[Any]:
    """Map files as parametrized cases named by their stem, every other map marked slow."""
    return [pytest.param(p, id=p.stem, marks=() if p.stem in FAST_MAPS else pytest.mark.slow)
            for p in paths]
