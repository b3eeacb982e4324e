"""The Rules screen's layout: how tall each page is at a given width, where the words go, and
what the class table says, apart from the drawing (rules_scene.py) so the tests can measure a
page without drawing it."""

from __future__ import annotations

from ..board.icons import STATUS_ICONS
from ..engine.game_map import BASES, ELEVATED, LEVEL, WALL, GameMap
from ..engine.mapfile import parse_map
from ..engine.ruleset import CLASS_LABELS, CLASSES, Ruleset
from .rules_text import RULES_PAGE
from .widgets import font, wrap

COLUMNS = (
    ("Class", None),
    ("Speed", "speed"),
    ("To-hit", "to_hit"),
    ("Cover def.", "cover_defense"),
    ("Elev. def.", "elevated_defense"),
    ("Elev. att.", "elevated_attack"),
    ("Snap max", "max_snap_shots"),
    ("Snap pen.", "snap_shot_penalty"),
    ("Climbs", "climbs_freely"),
    ("Firing costs", "firing_costs"),
)
PAGES = ("Playing", "Board and units")
TITLE_SIZE = 28  # a section's title; its words are TEXT_SIZE
TEXT_SIZE = 21
HEAD_SIZE = 19  # the class table's column titles
TILES_H = 164  # the row of tiles and their names
CLASS_ROW_H = 40
ICON_ROW_H = 58  # a status mark, its name and up to two lines saying what it means
GAP = 20  # between the board page's sections

Placed = tuple[str, int, tuple[int, int]]  # a line of text, its size, where (from the corner)


def sample_map(gm: GameMap | None) -> GameMap:
    """One row holding each tile kind, coloured like the map being played."""
    tiles = [[LEVEL, ELEVATED, WALL, *BASES]]
    if gm is None:
        gm = parse_map({"tiles": [[LEVEL] * 5] * 5, "units": []})
    return GameMap(tiles, [], teams=gm.teams, score_limit=gm.score_limit, turn_limit=None)


def cell(rules: Ruleset, unit_class: str, column: str | None) -> str:
    if column is None:
        return CLASS_LABELS[unit_class]
    value = getattr(rules[unit_class], column)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return (
        "all AP"
        if value == "all"
        else f"{value:+d}"
        if "def" in column or "att" in column
        else str(value)
    )


def words_layout(width: int) -> tuple[list[Placed], int]:
    """Every line of the words page in a box `width` wide (two columns when it is wide enough),
    and the height of them all."""
    columns = 2 if width > 900 else 1
    col_w = (width - 24 * (columns - 1)) // columns
    step = font(TEXT_SIZE).get_linesize()
    placed: list[Placed] = []
    x = y = bottom = 0
    for i, (title, paragraphs) in enumerate(RULES_PAGE):
        if columns == 2 and i == len(RULES_PAGE) // 2:
            x, y = col_w + 24, 0
        placed.append((title, TITLE_SIZE, (x, y)))
        y += 28
        for paragraph in paragraphs:
            for line in wrap(paragraph, TEXT_SIZE, col_w):
                placed.append((line, TEXT_SIZE, (x, y)))
                y += step
            y += 6
        y += 8
        bottom = max(bottom, y)
    return placed, bottom


def column_width(width: int) -> int:
    return min(120, (width - 60) // len(COLUMNS))


def table_heads(width: int) -> list[list[str]]:
    """Each column's title, on two lines where the columns are narrow."""
    return [wrap(title, HEAD_SIZE, column_width(width) - 6) for title, _ in COLUMNS]


def classes_height(width: int) -> int:
    heads = max(len(lines) for lines in table_heads(width)) * font(HEAD_SIZE).get_linesize()
    return 34 + heads + 8 + len(CLASSES) * CLASS_ROW_H


def board_page_height(width: int) -> int:
    icons = 36 + (len(STATUS_ICONS) + 1) // 2 * ICON_ROW_H
    return TILES_H + classes_height(width) + GAP + icons
