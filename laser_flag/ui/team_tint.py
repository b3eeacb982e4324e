"""A team's colours as a screen's background and title: the victory and hand-off screens."""

from __future__ import annotations

from ..board.palette import RGB, TeamColors

DRAW_BACKGROUND = (24, 26, 32)  # the game's own dark, which a team's tint starts from


def mix(a: RGB, b: RGB, share_of_b: float) -> RGB:
    return tuple(round(x + (y - x) * share_of_b) for x, y in zip(a, b, strict=True))


def team_tint(colors: TeamColors) -> tuple[RGB, RGB]:
    """(background, title) in a team's colours: the livelier of its disc and symbol colour
    (a black team's red), as a deep tint, and made bright enough to read on that tint."""
    lively = max((colors.main, colors.symbol), key=lambda c: max(c) - min(c))
    title = lively if sum(lively) >= 300 else mix(lively, (255, 255, 255), 0.35)
    return mix(DRAW_BACKGROUND, lively, 0.3), title
