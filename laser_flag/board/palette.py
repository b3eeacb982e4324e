"""Colours of the board: each team's look from the map, an alternate palette, overlay colours."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.game_map import TEAMS, GameMap, TeamLook

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

OUTLINE_SHADES: dict[str, RGB] = {"black": (0, 0, 0), "white": (255, 255, 255)}
MIN_SYMBOL_CONTRAST = 120  # below this RGB distance a symbol vanishes into its disc


@dataclass(frozen=True)
class TeamColors:
    """How one team's units and bases are painted."""

    main: RGB  # the disc and the team's bases
    symbol: RGB  # the class symbol on the disc
    outline: RGB  # the disc's rim, black or white


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


def _distance(a: RGB, b: RGB) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


def team_colors(look: TeamLook, alternate: bool = False) -> TeamColors:
    """A team's colours; the alternate palette swaps main and second colour (RULES §2 look)."""
    main, symbol = (look.alt_color, look.color) if alternate else (look.color, look.alt_color)
    outline = OUTLINE_SHADES.get(look.outline, OUTLINE_SHADES["black"])
    if _distance(main, symbol) < MIN_SYMBOL_CONTRAST:
        symbol = outline
    return TeamColors(tuple(main), tuple(symbol), outline)


@dataclass(frozen=True)
class Palette:
    """Everything the board drawing needs to colour a map; hashable, so drawings cache by it."""

    teams: tuple[tuple[str, TeamColors], ...]
    alternate: bool = False
    highlight: Highlights = HIGHLIGHTS

    @classmethod
    def from_map(cls, gm: GameMap, alternate: bool = False) -> Palette:
        """The map's team colours, or its alternate (colour-blind friendly) palette."""
        return cls(tuple((t, team_colors(gm.teams[t], alternate)) for t in TEAMS), alternate)

    def team(self, team: str) -> TeamColors:
        for name, colors in self.teams:
            if name == team:
                return colors
        raise KeyError(team)
