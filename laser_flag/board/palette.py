"""Colours of the board: each team's look from the map, an alternate palette, overlay colours."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ..engine.game_map import TEAMS, GameMap, TeamLook

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

OUTLINE_SHADES: dict[str, RGB] = {"black": (0, 0, 0), "white": (255, 255, 255)}
INKS: tuple[RGB, RGB] = ((255, 255, 255), (16, 16, 20))  # a class symbol is one of these
DARK_BOARD: RGB = (24, 26, 32)  # the game's own dark, which a team's bright colour must read on
MIN_BRIGHT_CONTRAST = 4.5  # a beam or a title in a team's colour against DARK_BOARD (WCAG AA)


@dataclass(frozen=True)
class TeamColors:
    """How one team's units and bases are painted."""

    main: RGB  # the disc and the team's bases: the team's colour wherever it is named
    symbol: RGB  # the class symbol on the disc: black or white, whichever reads best on it
    outline: RGB  # the disc's rim, black or white
    bright: RGB  # the team's colour lit enough to read on the dark board: beams, titles, marks


@dataclass(frozen=True)
class Highlights:
    """Overlay colours (RGBA) the client and editor lay over tiles."""

    selected: RGBA = (255, 255, 255, 255)
    reach: RGBA = (70, 170, 255, 95)
    path: RGBA = (255, 255, 255, 90)  # light enough to tell the tile under it
    target: RGBA = (255, 60, 40, 130)
    sight: RGBA = (255, 235, 120, 70)
    coverage: RGBA = (255, 80, 200, 80)
    danger: RGBA = (255, 40, 40, 90)
    invalid: RGBA = (255, 0, 0, 150)


HIGHLIGHTS = Highlights()


def luminance(color: RGB) -> float:
    """Relative luminance (WCAG 2): how light a colour looks, 0 (black) to 1 (white)."""

    def linear(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """The WCAG contrast ratio of two colours, 1 (the same) to 21 (black on white)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_on(color: RGB) -> RGB:
    """White or near-black, whichever reads better on `color` (a symbol on its disc)."""
    return max(INKS, key=lambda ink: contrast(ink, color))


def mix(a: RGB, b: RGB, share_of_b: float) -> RGB:
    return tuple(round(x + (y - x) * share_of_b) for x, y in zip(a, b, strict=True))


def brightened(color: RGB, against: RGB = DARK_BOARD) -> RGB:
    """`color` mixed with white just enough to read on `against` (a dark team's beam)."""
    for step in range(11):
        lit = mix(color, (255, 255, 255), step / 10)
        if contrast(lit, against) >= MIN_BRIGHT_CONTRAST:
            return lit
    return (255, 255, 255)


@lru_cache(maxsize=64)  # asked for every frame; a look is a few plain values
def team_colors(look: TeamLook, alternate: bool = False) -> TeamColors:
    """A team's colours; the alternate (colour-blind friendly) palette paints the discs and
    bases in the map's second colour. Symbols are black or white, never a second hue: a green
    symbol on a red disc is exactly what colour-blind players cannot read."""
    main = tuple(look.alt_color if alternate else look.color)
    outline = OUTLINE_SHADES.get(look.outline, OUTLINE_SHADES["black"])
    return TeamColors(main, ink_on(main), outline, brightened(main))


@dataclass(frozen=True)
class Palette:
    """Everything the board drawing needs to colour a map; hashable, so drawings cache by it."""

    teams: tuple[tuple[str, TeamColors], ...]
    alternate: bool = False
    highlight: Highlights = HIGHLIGHTS

    @classmethod
    def from_map(cls, gm: GameMap, alternate: bool = False,
                 looks: Mapping[str, str] | None = None) -> Palette:
        """The map's team colours, or its alternate (colour-blind friendly) palette. `looks`
        says whose colours each team wears (after a rematch with sides swapped, team 1 wears
        team 2's: a name keeps its colour); None: its own."""
        looks = looks or {t: t for t in TEAMS}
        return cls(tuple((t, team_colors(gm.teams[looks[t]], alternate)) for t in TEAMS),
                   alternate)

    def team(self, team: str) -> TeamColors:
        for name, colors in self.teams:
            if name == team:
                return colors
        raise KeyError(team)
