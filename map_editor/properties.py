"""Map properties as the file's JSON values, with defaults, so only real changes are written."""

from __future__ import annotations

import copy
from typing import Any

from laser_flag.engine.game_map import (
    DEFAULT_ALT_TEAM_COLOR,
    DEFAULT_B_W_TEAM_COLOR,
    DEFAULT_SCORE_LIMIT,
    DEFAULT_TEAM_COLOR,
    DEFAULT_TEAM_NAMES,
)
from laser_flag.engine.ruleset import ALL_AP, COLUMNS, DEFAULT_RULESET

from .history import ABSENT

TEAM_KEYS = ("team_names", "team_color", "alt_team_color", "b_w_team_color", "score_limit")
DEFAULTS: dict[str, Any] = {
    "name": "",
    "author": "",
    "description": "",
    "team_names": dict(DEFAULT_TEAM_NAMES),
    "team_color": {t: list(c) for t, c in DEFAULT_TEAM_COLOR.items()},
    "alt_team_color": {t: list(c) for t, c in DEFAULT_ALT_TEAM_COLOR.items()},
    "b_w_team_color": dict(DEFAULT_B_W_TEAM_COLOR),
    "score_limit": dict(DEFAULT_SCORE_LIMIT),
    "turn_limit": None,
    "fog_of_war": False,  # the game's default; players may switch it as a game starts
    "rules": {},
}
_BOOL_TEXT = {"true": True, "yes": True, "false": False, "no": False}


def effective(data: dict[str, Any], key: str) -> Any:
    """The value the game uses for `key`: the file's, filled in with the defaults."""
    if key in TEAM_KEYS:
        return {**DEFAULTS[key], **data.get(key, {})}
    return copy.deepcopy(data.get(key, DEFAULTS[key]))


def changes(data: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """The keys whose new value differs from what the map has; empty rules remove the key."""
    changed = {k: v for k, v in values.items() if v != effective(data, k)}
    if changed.get("rules") == {}:
        changed["rules"] = ABSENT
    return changed


def parse_cell(column: str, text: str) -> Any:
    """A rule-table cell typed by the designer, as its JSON value (ValueError if it is none)."""
    text = text.strip().lower()
    if isinstance(getattr(DEFAULT_RULESET["basic"], column), bool):
        if text not in _BOOL_TEXT:
            raise ValueError(f"{column}: type true or false, not {text!r}")
        return _BOOL_TEXT[text]
    if column == "firing_costs" and text == ALL_AP:
        return ALL_AP
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{column}: type a whole number, not {text!r}") from None


def cell_text(value: Any) -> str:
    """How a rule-table cell is shown: true/false, all, or the number."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def rule_overrides(cells: dict[tuple[str, str], Any]) -> dict[str, dict[str, Any]]:
    """Only the cells that differ from the default table, as a `rules` object (checked)."""
    overrides: dict[str, dict[str, Any]] = {}
    for (unit_class, column), value in cells.items():
        if value != getattr(DEFAULT_RULESET[unit_class], column):
            overrides.setdefault(unit_class, {})[column] = value
    DEFAULT_RULESET.with_overrides(overrides)  # RulesError names a bad cell
    return overrides


def rule_cells(data: dict[str, Any]) -> dict[tuple[str, str], Any]:
    """Every cell of the table in force: defaults with the map's overrides."""
    rules = DEFAULT_RULESET.with_overrides(data.get("rules", {}))
    return {(k, col): getattr(rules[k], col) for k in rules.classes for col in COLUMNS}


def positive(text: str, what: str, *, blank_ok: bool = False) -> int | None:
    """A positive whole number typed in a field; None for blank when that means 'none'."""
    text = text.strip()
    if blank_ok and not text:
        return None
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"{what} must be a positive whole number, not {text!r}")
    return int(text)
