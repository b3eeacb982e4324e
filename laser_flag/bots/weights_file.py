"""A set of a bot's weights kept as data: a JSON object of `Weights`' fields and their numbers,
in points (the price of a point scored), read over a base set that gives the fields it leaves
out. A fitted valuation (benchmarks/texel.py) is written and played in this form.
"""

from __future__ import annotations

import json
from dataclasses import fields, replace
from pathlib import Path

from laser_flag.engine import ReadError, read_json

from .situation import Weights

MAX_BYTES = 64 * 1024  # a set of a dozen numbers; anything near this is not one

NUMBERS = frozenset(f.name for f in fields(Weights) if f.type in ("float", "int"))


def read_weights(path: Path | str, base: Weights) -> Weights:
    """`base` with the fields the file at `path` names set to its numbers; ValueError naming
    the file when it cannot be read, is not such an object, or names an unknown field."""
    try:  # (the reader bounds size and nesting and refuses NaN and Infinity: a file is data)
        doc = read_json(path, MAX_BYTES)
    except ReadError as err:
        raise ValueError(f"{path}: cannot read weights: {err}") from None
    if not isinstance(doc, dict) or not doc:
        raise ValueError(f"{path}: weights must be a JSON object of fields and numbers")
    for name, number in doc.items():
        if name not in NUMBERS:
            raise ValueError(f"{path}: {name!r} is not a weight (one of "
                             f"{', '.join(sorted(NUMBERS))})")
        if isinstance(number, bool) or not isinstance(number, int | float):
            raise ValueError(f"{path}: weight {name!r} must be a number, not {number!r}")
    return replace(base, **doc)


def weights_text(weights: dict[str, float]) -> str:
    """The file `read_weights` reads, for these fields."""
    return json.dumps(weights, indent=1) + "\n"
