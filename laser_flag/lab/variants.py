"""The maps a sweep measures: a map with one or more of its rule cells set to each of several
values (`scout.speed` to 4, 5 and 6), every combination once, each named after its changes."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from laser_flag.engine import GameMap, parse_map
from laser_flag.engine.ruleset import DEFAULT_RULESET, RulesError

from .badge import KEY


@dataclass(frozen=True)
class Vary:
    """One rule cell and the values a sweep gives it."""

    unit_class: str
    column: str
    values: tuple[Any, ...]

    def __post_init__(self) -> None:
        """ValueError naming the cell when a value is not one the rules allow."""
        for value in self.values:
            try:
                DEFAULT_RULESET.with_overrides({self.unit_class: {self.column: value}},
                                               where="--vary")
            except RulesError as err:  # its place reads `--vary.scout.speed`
                raise ValueError(str(err).replace("--vary.", "--vary ", 1)) from None

    def label(self, value: Any) -> str:
        shown = str(value).lower() if isinstance(value, bool) else value
        return f"{self.unit_class}.{self.column}={shown}"


def variants(gm: GameMap, varies: Sequence[Vary]) -> list[GameMap]:
    """`gm` once for every combination of the values (itself when nothing varies), named
    `duel.json [scout.speed=4 sniper.to_hit=7]`; its badge is dropped (it measured `gm`)."""
    if not varies:
        return [gm]
    found = []
    for values in itertools.product(*(v.values for v in varies)):
        data = gm.to_json_dict()
        data.pop(KEY, None)
        rules: dict[str, dict[str, Any]] = copy.deepcopy(data.get("rules") or {})
        for vary, value in zip(varies, values, strict=True):
            rules.setdefault(vary.unit_class, {})[vary.column] = value
        data["rules"] = rules
        name = " ".join(v.label(x) for v, x in zip(varies, values, strict=True))
        found.append(parse_map(data, f"{gm.source} [{name}]"))
    return found
