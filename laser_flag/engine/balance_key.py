"""The shape of a map's `balance` key (MAP_FORMAT.md), checked when a map is read.

The badge comes from strangers' files like the rest of a map, so every value is typed and
bounded, and the counts must add up; a badge that claims a rate its counts do not give is
refused. Keys this version does not know are allowed (and kept), for newer files.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..i18n import N_, _

MAX_PAIRINGS = 16
MAX_NAME_CHARS = 40  # a bot's name, the game version, the budget
MAX_COUNT = 10**9
MAX_SHOTS_PER_ROUND = 1000  # far above any real game: a unit fires a few shots a turn
RATE_SLACK = 1e-6  # the lab writes rates rounded to 6 decimals
_DIGEST = re.compile(r"[0-9a-f]{64}")


class BadgeError(ValueError):
    """A bad `balance` value: `place` inside it and the `problem`, for mapfile to report."""

    def __init__(self, place: str, problem: str) -> None:
        super().__init__(f"{place}: {problem}")
        self.place = place
        self.problem = problem


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _need(ok: bool, place: str, problem: str) -> None:
    if not ok:
        raise BadgeError(place, problem)


def _short_text(value: Any, place: str) -> None:
    _need(isinstance(value, str) and 0 < len(value) <= MAX_NAME_CHARS, place,
          _("must be a string of 1 to {count} characters").format(count=MAX_NAME_CHARS))


def _count(value: Any, place: str, least: int = 0) -> None:
    _need(_is_int(value) and least <= value <= MAX_COUNT, place,
          _("must be an integer {least} to {most:,}").format(least=least, most=MAX_COUNT))


def _share(value: Any, place: str) -> float:
    _need(_is_number(value) and 0 <= value <= 1, place, _("must be a number 0 to 1"))
    return float(value)


def check(value: Any, place: str = "balance") -> None:
    """BadgeError unless `value` is a well-formed badge."""
    _need(isinstance(value, Mapping), place, _("must be an object"))
    for key in ("game_version", "digest", "seed", "games", "max_rounds", "pairings"):
        _need(key in value, f"{place}.{key}", _("missing (required)"))
    _short_text(value["game_version"], f"{place}.game_version")
    _need(isinstance(value["digest"], str) and bool(_DIGEST.fullmatch(value["digest"])),
          f"{place}.digest", _("must be 64 lowercase hexadecimal digits (SHA-256)"))
    _need(_is_int(value["seed"]), f"{place}.seed", _("must be an integer"))
    _count(value["games"], f"{place}.games", least=1)
    _count(value["max_rounds"], f"{place}.max_rounds", least=1)
    if value.get("budget") is not None:
        _short_text(value["budget"], f"{place}.budget")
    _check_run(value, place)
    rows = value["pairings"]
    _short_list(rows, f"{place}.pairings", N_("must be a list of 1 to {count} pairings"))
    for i, row in enumerate(rows):
        _check_row(row, f"{place}.pairings[{i}]")
        _check_length(row, value["max_rounds"], f"{place}.pairings[{i}]")


def _check_run(value: Mapping[str, Any], place: str) -> None:
    """`sequential` and `styles` (how the run stopped, the bots it measured) are optional:
    badges written before runs stopped early lack them."""
    if "sequential" in value:
        _need(isinstance(value["sequential"], bool), f"{place}.sequential",
              "must be true or false")
    if "styles" in value:
        _short_list(value["styles"], f"{place}.styles",
                    N_("must be a list of 1 to {count} bot names"))
        for i, name in enumerate(value["styles"]):
            _short_text(name, f"{place}.styles[{i}]")


def _short_list(value: Any, place: str, problem: str) -> None:
    """A list of 1 to MAX_PAIRINGS entries; `problem` (N_, with {count}) says so otherwise."""
    _need(isinstance(value, Sequence) and not isinstance(value, str)
          and 0 < len(value) <= MAX_PAIRINGS, place,
          _(problem).format(count=MAX_PAIRINGS))


def _check_row(row: Any, place: str) -> None:
    _need(isinstance(row, Mapping), place, _("must be an object"))
    for key in ("pairing", "games", "team1_wins", "team2_wins", "draws", "team1_win_rate",
                "team1_interval"):
        _need(key in row, f"{place}.{key}", _("missing (required)"))
    bots = row["pairing"]
    _need(isinstance(bots, Sequence) and not isinstance(bots, str) and len(bots) == 2,
          f"{place}.pairing", _("must be two bot names"))
    for side, name in enumerate(bots):
        _short_text(name, f"{place}.pairing[{side}]")
    for key in ("games", "team1_wins", "team2_wins", "draws"):
        _count(row[key], f"{place}.{key}")
    _need(row["team1_wins"] + row["team2_wins"] + row["draws"] == row["games"], place,
          _("team1_wins + team2_wins + draws must equal games"))
    _check_rate(row, place)


def _check_rate(row: Mapping[str, Any], place: str) -> None:
    """The rate is team 1's among decided games, inside its interval; both null without any."""
    decided = row["team1_wins"] + row["team2_wins"]
    rate, interval = row["team1_win_rate"], row["team1_interval"]
    if decided == 0:
        _need(rate is None and interval is None, place,
              _("no decided game: rate and interval must be null"))
        return
    share = _share(rate, f"{place}.team1_win_rate")
    _need(abs(share - row["team1_wins"] / decided) <= RATE_SLACK, f"{place}.team1_win_rate",
          _("must be team1_wins / (team1_wins + team2_wins)"))
    _need(isinstance(interval, Sequence) and not isinstance(interval, str)
          and len(interval) == 2, f"{place}.team1_interval", _("must be [low, high]"))
    low, high = (_share(v, f"{place}.team1_interval") for v in interval)
    _need(low <= share <= high, f"{place}.team1_interval", _("must hold the rate"))


def _check_length(row: Mapping[str, Any], max_rounds: int, place: str) -> None:
    """The pace is optional: `mean_rounds` and `capped` (how long games lasted, how many the
    round cap stopped) are missing from badges before 0.14.0, `shots_per_round` and
    `round_limit` (games the map's own round limit ended) from those before runs stopped early,
    `limit_draws` (those of them drawn) from those before the zoo's styles."""
    rounds = row.get("mean_rounds")
    if rounds is not None:
        _need(_is_number(rounds) and 0 <= rounds <= max_rounds, f"{place}.mean_rounds",
              _("must be a number 0 to max_rounds"))
    if "capped" in row:
        _count(row["capped"], f"{place}.capped")
        _need(row["capped"] <= row["draws"], f"{place}.capped",
              _("must be at most draws (a game the cap stopped is a draw)"))
    shots = row.get("shots_per_round")
    if shots is not None:
        _need(_is_number(shots) and 0 <= shots <= MAX_SHOTS_PER_ROUND,
              f"{place}.shots_per_round",
              _("must be a number 0 to {most}").format(most=MAX_SHOTS_PER_ROUND))
    if "round_limit" in row:
        _count(row["round_limit"], f"{place}.round_limit")
        _need(row["round_limit"] + row.get("capped", 0) <= row["games"],
              f"{place}.round_limit", _("round_limit + capped must be at most games"))
    if "limit_draws" in row:
        _count(row["limit_draws"], f"{place}.limit_draws")
        _need(row["limit_draws"] + row.get("capped", 0) <= row["draws"], f"{place}.limit_draws",
              _("with capped, must be at most draws"))
        _need(row["limit_draws"] <= row.get("round_limit", row["limit_draws"]),
              f"{place}.limit_draws", _("must be at most round_limit"))
