"""Whether the games can tell: a map's verdict from its rows, honest about what is not known.

A mirror pairing (the same bot on both sides) is **fair** when the 95% Wilson interval of team
1's win rate among decided games lies wholly inside the fair band (40-60%), **leans** a team
when the interval lies wholly outside it, and is **undecided** otherwise. A map is fair when
every mirror pairing is, leans when any mirror pairing leans (the one farthest from 50% names
the team), and is "undecided (N games)" until then, N being the games of its mirror pairings.

The interval is computed here from the counts, never read from a file: a badge's counts are
checked to add up when a map loads, so a claim can only be as strong as its counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n import N_, _, ngettext
from .pairings import is_mirror
from .stats import wilson

FAIR_BAND = (0.4, 0.6)
# The verdicts are keys of the badge's JSON too: N_ marks them for the screens, which translate
# them as they draw them.
FAIR = N_("fair")
LEANS = {"1": N_("leans team 1"), "2": N_("leans team 2")}
UNDECIDED = N_("undecided")
NOT_MEASURED = N_("not measured")  # no game played in any mirror pairing
NO_MIRROR = N_("no mirror pairing")  # only mixed pairings played: they measure bots, not the map

Row = Mapping[str, Any]  # a report row or a badge's pairing: pairing, games, team1/2_wins


def interval(row: Row) -> tuple[float, float] | None:
    """Team 1's 95% interval among the row's decided games (None without any)."""
    return wilson(row["team1_wins"], row["team1_wins"] + row["team2_wins"])


def row_verdict(row: Row) -> str:
    """FAIR, LEANS["1"], LEANS["2"] or UNDECIDED for one pairing's games."""
    bounds = interval(row)
    if bounds is None:
        return UNDECIDED
    low, high = bounds
    band_low, band_high = FAIR_BAND
    if band_low <= low and high <= band_high:
        return FAIR
    if low > band_high:
        return LEANS["1"]
    if high < band_low:
        return LEANS["2"]
    return UNDECIDED


def decided(row: Row) -> bool:
    """Whether the pairing's games can tell (fair or leaning)."""
    return row_verdict(row) != UNDECIDED


@dataclass(frozen=True)
class Verdict:
    """A map's verdict: `word` (FAIR, a LEANS value, UNDECIDED, NOT_MEASURED or NO_MIRROR), the
    games of its mirror pairings, and for a lean the row that names the team."""

    word: str
    games: int
    deciding: Row | None = None

    @property
    def text(self) -> str:
        """`fair`, `leans team 1`, `undecided (96 games)`, `not measured`."""
        if self.word != UNDECIDED:
            return self.word
        return f"{UNDECIDED} ({self.games:,} game{'' if self.games == 1 else 's'})"

    @property
    def said(self) -> str:
        """`text` in the reader's language (the files and the command line keep `text`)."""
        return said_undecided(self.games) if self.word == UNDECIDED else _(self.word)

    @property
    def leaning(self) -> str | None:
        """The team the map leans to ("1" or "2"), or None."""
        return next((team for team, word in LEANS.items() if word == self.word), None)


def said_undecided(games: int) -> str:
    """`undecided (96 games)` in the reader's language."""
    return ngettext("undecided ({games:,} game)", "undecided ({games:,} games)",
                    games).format(games=games)


def judge(rows: Sequence[Row]) -> Verdict:
    """The verdict of one map from its rows (a report's, or a badge's pairings)."""
    mirrors = [r for r in rows if is_mirror(r["pairing"])]
    if not mirrors:
        return Verdict(NO_MIRROR, 0)
    games = sum(r["games"] for r in mirrors)
    if games == 0:
        return Verdict(NOT_MEASURED, 0)
    leaning = [r for r in mirrors if row_verdict(r) in LEANS.values()]
    if leaning:
        worst = max(leaning, key=lambda r: abs(_rate(r) - 0.5))
        return Verdict(row_verdict(worst), games, worst)
    if all(row_verdict(r) == FAIR for r in mirrors):
        return Verdict(FAIR, games)
    return Verdict(UNDECIDED, games)


def _rate(row: Row) -> float:
    return row["team1_wins"] / (row["team1_wins"] + row["team2_wins"])
