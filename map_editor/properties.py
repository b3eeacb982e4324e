"""Map properties as the file's JSON values, with defaults, so only real changes are written."""

from __future__ import annotations

import copy
import re
from typing import Any

from laser_flag.engine.game_map import (
    DEFAULT_ALT_TEAM_COLOR,
    DEFAULT_B_W_TEAM_COLOR,
    DEFAULT_SCORE_LIMIT,
    DEFAULT_TEAM_COLOR,
    DEFAULT_TEAM_NAMES,
    LEVEL,
    MIN_SIDE,
)
from laser_flag.engine.mapfile import map_problems
from laser_flag.engine.ruleset import ALL_AP, COLUMNS, DEFAULT_RULESET
from laser_flag.i18n import N_, _

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
SAMPLE_TILES = [[LEVEL] * MIN_SIDE] * MIN_SIDE  # a grid to check property values on
# Each rule column's words in the Rules tab: in English the file's key with spaces; the key
# itself is in the row's tooltip, for the map file and RULES.md.
RULE_LABELS = {
    "speed": N_("speed"),
    "to_hit": N_("to hit"),
    "cover_defense": N_("cover defense"),
    "elevated_defense": N_("elevated defense"),
    "elevated_attack": N_("elevated attack"),
    "max_snap_shots": N_("max snap shots"),
    "snap_shot_penalty": N_("snap shot penalty"),
    "climbs_freely": N_("climbs freely"),
    "firing_costs": N_("firing costs"),
    "moves_after_firing": N_("moves after firing"),
}


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


def yes_no(column: str) -> bool:
    """Whether a rule column is a yes/no rule (a checkbox), not a number."""
    return isinstance(getattr(DEFAULT_RULESET["basic"], column), bool)


def parse_cell(column: str, text: str) -> Any:
    """A number rule's cell as typed by the designer, as its JSON value (ValueError if none)."""
    text = text.strip().lower()
    if column == "firing_costs" and text == ALL_AP:
        return ALL_AP
    if not re.fullmatch(r"-?[0-9]+", text):
        raise ValueError(_("{rule}: type a whole number, not {text!r}").format(
            rule=_(RULE_LABELS[column]), text=text))
    return int(text)


def cell_text(value: Any) -> str:
    """How a rule-table cell is shown: yes or no in the designer's words, all (the file's own
    word, which the cell takes as typed), or the number."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def check_values(values: dict[str, Any]) -> None:
    """ValueError with the first property value the game's loader would refuse (a team name
    too long, say): the loader's own check, on a sample grid."""
    problems = map_problems({"tiles": SAMPLE_TILES, "units": [], **values}, "properties")
    if problems:
        raise ValueError(problems[0].detail)


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
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise ValueError(f"{what} must be a positive whole number, not {text!r}")
    return int(text)
