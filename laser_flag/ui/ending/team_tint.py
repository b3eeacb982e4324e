"""A team's colours as a screen's background and title: the victory and hand-off screens."""

from __future__ import annotations

from ...board.palette import DARK_BOARD, RGB, TeamColors, mix

DRAW_BACKGROUND = DARK_BOARD  # the game's own dark, which a team's tint starts from


def team_tint(colors: TeamColors) -> tuple[RGB, RGB]:
    """(background, title) in the colour the team's discs have on the board: a deep tint of
    it, and it lit enough to read on that tint (a black team's title is a light grey)."""
    return mix(DRAW_BACKGROUND, colors.main, 0.3), colors.bright
