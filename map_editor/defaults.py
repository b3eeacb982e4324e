"""What the editor proposes from the map itself: team names that match the team colours, and
score limits scaled to the units. No Tk.

A team's name or score limit that the designer has not chosen (absent from the file, the
engine's default, or still the proposal) follows the proposal as the map changes: recolour a
team and its name follows, add units and the limits grow. A value the designer typed stays.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from typing import Any

from laser_flag.engine.game_map import (
    DEFAULT_SCORE_LIMIT,
    DEFAULT_TEAM_COLOR,
    DEFAULT_TEAM_NAMES,
    TEAMS,
    base_serves,
    other_team,
)
from laser_flag.i18n import _

RGB = tuple[int, int, int]
FOLLOWING = {"team_names": DEFAULT_TEAM_NAMES, "score_limit": DEFAULT_SCORE_LIMIT}

# Plain colour words a player says aloud ("Red's turn"), at typical screen colours.
NAMED_COLOURS: dict[str, RGB] = {
    "Black": (25, 25, 25), "Grey": (128, 128, 128), "Silver": (192, 192, 192),
    "White": (245, 245, 245),
    "Red": (210, 35, 35), "Maroon": (120, 20, 30), "Orange": (245, 140, 20),
    "Yellow": (240, 215, 40), "Olive": (120, 120, 30), "Green": (40, 160, 60),
    "Lime": (150, 230, 60), "Teal": (0, 128, 128), "Cyan": (0, 200, 210),
    "Blue": (40, 90, 220), "Navy": (20, 30, 110), "Purple": (150, 40, 160),
    "Magenta": (220, 40, 200), "Pink": (245, 140, 185), "Brown": (130, 80, 35),
}


def _distance(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """How different two colours look: RGB distance weighted by the mean red ("redmean"), a
    cheap stand-in for a perceptual colour space."""
    mean_red = (a[0] + b[0]) / 2
    dr, dg, db = a[0] - b[0], a[1] - b[1], a[2] - b[2]
    return (2 + mean_red / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean_red) / 256) * db * db


def colour_name(rgb: tuple[int, ...]) -> str:
    """The plain colour word nearest `rgb`."""
    return min(NAMED_COLOURS, key=lambda name: _distance(rgb, NAMED_COLOURS[name]))


def _lightness(rgb: tuple[int, ...]) -> int:
    return 299 * rgb[0] + 587 * rgb[1] + 114 * rgb[2]


def team_names_for(colours: Mapping[str, tuple[int, ...]]) -> dict[str, str]:
    """Each team named after its colour; two teams of one colour word are told apart as Light
    and Dark, or by number when they are equally light."""
    names = {t: colour_name(colours[t]) for t in TEAMS}
    if names["1"] != names["2"]:
        return names
    one, two = _lightness(colours["1"]), _lightness(colours["2"])
    if one == two:
        return {t: f"{names[t]} {t}" for t in TEAMS}
    lighter = "1" if one > two else "2"
    return {t: f"{_('Light') if t == lighter else _('Dark')} {names[t]}" for t in TEAMS}


def renamed(names: Mapping[str, str], before: Mapping[str, tuple[int, ...]],
            after: Mapping[str, tuple[int, ...]]) -> dict[str, str]:
    """The team names once the colours change from `before` to `after`: an unchosen name (the
    old colour's, or the engine's default) becomes the new colour's; a chosen one stays."""
    old, new = team_names_for(before), team_names_for(after)
    return {t: new[t] if names[t] in (old[t], DEFAULT_TEAM_NAMES[t]) else names[t]
            for t in TEAMS}


def scaled_score_limit(enemy_units: int, enemy_recharges: bool) -> int:
    """The points a team needs to win, scaled to the side it shoots at.

    A hit scores 1 point (RULES.md §5), so a limit should be reachable within a game and
    still take most of it. When the enemy can recharge (a base it may use), a hit unit comes
    back: the team must hit every enemy unit once and half of them again, ceil(1.5 x units),
    so 6 against 4 units and 21 (the format's default) against 14. When it cannot, a hit
    removes the unit: the limit is the enemy's unit count, the hit that would eliminate them.
    At least 1, so a map still being built has a valid limit."""
    if enemy_recharges:
        return max(1, math.ceil(1.5 * enemy_units))
    return max(1, enemy_units)


def proposals(data: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The team names and score limits this map proposes (its colours, units and bases)."""
    colours = {**DEFAULT_TEAM_COLOR, **data.get("team_color", {})}
    units = Counter(entry[0] for entry in data["units"])
    kinds = {kind for row in data["tiles"] for kind in row}
    recharges = {t: any(base_serves(kind, t) for kind in kinds) for t in TEAMS}
    limits = {t: scaled_score_limit(units[other_team(t)], recharges[other_team(t)])
              for t in TEAMS}
    return {"team_names": team_names_for(colours), "score_limit": limits}


def _unchosen(data: Mapping[str, Any], key: str, team: str, proposed: Any) -> bool:
    """Whether the designer left this team's value to the editor (absent, the engine's default,
    or the proposal)."""
    value = data.get(key, {}).get(team)
    return value is None or value in (FOLLOWING[key][team], proposed)


def shown(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    """Each team's value as the properties dialog offers it: the proposal where the designer
    left the value unchosen, the designer's own value elsewhere."""
    proposed = proposals(data)[key]
    return {t: proposed[t] if _unchosen(data, key, t, proposed[t]) else data[key][t]
            for t in TEAMS}


def follow(data: Mapping[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """An edit's new top-level `values` with the unchosen values that follow it: where the edit
    changes a team's proposal, the team's unchosen value becomes the new proposal (a key that
    is written gets every unchosen team's proposal). What the edit itself sets stays."""
    before, after = proposals(data), proposals({**data, **values})
    carried: dict[str, Any] = {}
    for key in FOLLOWING:
        if key in values or before[key] == after[key]:
            continue
        unchosen = [t for t in TEAMS if _unchosen(data, key, t, before[key][t])]
        if any(before[key][t] != after[key][t] for t in unchosen):
            carried[key] = {**data.get(key, {}), **{t: after[key][t] for t in unchosen}}
    return {**carried, **values}
