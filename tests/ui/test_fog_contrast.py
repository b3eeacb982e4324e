"""Fog that shows: under fog of war, a tile the viewing team sees and one it does not differ
plainly on the screen, floor, cover and every kind of base alike, in each theme and palette.
Measured on the pixels the real main loop draws: each tile's average colour, seen against
unseen, by WCAG's contrast ratio."""

from __future__ import annotations

import pygame
import pytest

from laser_flag.board.draw import tile_rect
from laser_flag.board.palette import contrast
from laser_flag.board.theme import THEMES
from laser_flag.bots import HUMAN
from laser_flag.engine.mapfile import parse_map
from laser_flag.play.session import Session
from tests.engine.test_los import board

from .conftest import start_game

# WCAG 2's contrast ratio runs from 1 (the same) to 21. Arena's dark floor seen and unseen
# measured 1.25 and were reported hard to tell apart; WCAG asks 3 of a control's edge against
# its surroundings (1.4.11), where a thin line must stand out. Whole tiles side by side read
# at less: at 2 the seen tile gives off twice the light of the unseen one (flare included),
# which no screen or eye misses, while Arena's floor stays the dark floor it is.
MIN_CONTRAST = 2.0

# A wall down column 3: Alice's unit at the bottom left sees the whole left side and nothing
# of the right; each kind of tile stands once on each side, with no unit on it.
FOG_BOARD = {
    "tiles": board("1..#..2", ".e.#.e.", "u..#..u", "...#...", "2..#..1", "...#...", "...#..."),
    "units": [["1", "basic", 6, 0], ["2", "basic", 6, 6]],
    "team_names": {"1": "Alice", "2": "Bob"},
    "score_limit": {"1": 3, "2": 3},
}
SEEN_UNSEEN = {  # each kind of tile: where Alice sees it, where she does not
    "floor": ((3, 1), (3, 5)),
    "cover": ((1, 1), (1, 5)),
    "team 1 base": ((0, 0), (4, 6)),
    "team 2 base": ((4, 0), (0, 6)),
    "neutral base": ((2, 0), (2, 6)),
}


def tile_colours(app, theme: str, alternate: bool) -> dict[str, tuple]:
    """Each kind's average colour, seen and unseen, as the game screen draws a fog game
    against a bot (Alice's view)."""
    app.settings.theme_name, app.settings.alternate_palette = theme, alternate
    session = Session.start(parse_map(FOG_BOARD, "fog_board.json"), seed=1,
                            levels={"1": HUMAN, "2": "Easy"}, fog=True)
    scene = start_game(app, session)
    seen = scene.turns.view.seen
    lay = scene.layout()

    def colour(pos: tuple[int, int]) -> tuple[int, int, int]:
        return pygame.transform.average_color(app.screen, tile_rect(lay.origin, lay.tile_px,
                                                                    pos))[:3]

    found = {}
    for kind, (lit, dark) in SEEN_UNSEEN.items():
        assert lit in seen and dark not in seen, kind
        found[kind] = (colour(lit), colour(dark))
    return found


@pytest.mark.parametrize("alternate", [False, True], ids=["normal", "alternate"])
@pytest.mark.parametrize("theme", list(THEMES))
def test_seen_and_unseen_tiles_differ_plainly(app, theme, alternate):
    for kind, (seen, unseen) in tile_colours(app, theme, alternate).items():
        assert contrast(seen, unseen) >= MIN_CONTRAST, (kind, seen, unseen)
