"""The Rules screen's layout: where each page's picture, caption and words go in a box of some
size, and what the class table says, apart from the drawing (rules_scene.py) so that the tests
can measure a page, and find any two lines that overlap, without drawing it.

Every size is designed at text scale 1 and scaled with the window (layout.text_scale).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...board.icons import STATUS_ICONS
from ...board.viewport import fit_tile
from ...engine.game_map import BASES, ELEVATED, LEVEL, WALL, GameMap
from ...engine.mapfile import parse_map
from ...engine.ruleset import CLASSES, Ruleset, class_label
from ...i18n import N_, _
from ..scale import scaled
from ..widgets import font, text_size, wrap
from .rules_pages import PAGES, RulePage

CLASSES_PAGE, TILES_PAGE = N_("The classes"), N_("Tiles and marks")
PAGE_NAMES = (*(page.title for page in PAGES), CLASSES_PAGE, TILES_PAGE)
TITLE_SIZE = 26  # a section's title on the table pages
TEXT_SIZE = 24
CAPTION_SIZE = 18
HEAD_SIZE = 17  # the class table's column titles
GAP = 20
SIDE_BY_SIDE = 620  # px at scale 1: a box this wide has the picture beside the words
PICTURE_SHARE = 0.5  # of the box's width, beside the words
MAX_TILE = 96  # px at scale 1: a picture's tiles never bigger
WORDS_W = 640  # px at scale 1: lines of words never longer, to be read
ROLE_TEXT, ROLE_TITLE, ROLE_CAPTION, ROLE_HEAD = "text", "title", "caption", "head"

# The class table: (column title, ruleset field); each cell in words (cell()).
COLUMNS = (
    (N_("Speed"), "speed"),
    (N_("Needs to hit"), "to_hit"),
    (N_("Shooting it in cover needs"), "cover_defense"),
    (N_("Shooting it on cover needs"), "elevated_defense"),
    (N_("On cover, it needs"), "elevated_attack"),
    (N_("Snap shots"), "max_snap_shots"),
    (N_("Its snap shot needs"), "snap_shot_penalty"),
    (N_("Climbs freely"), "climbs_freely"),
    (N_("A shot costs"), "firing_costs"),
)
LEGEND = (N_("Needs to hit: the least total of two dice that hits. In cover a unit is harder to "
             "hit (the shooter needs more); on cover it is easier to hit, and shoots better "
             "(less)."))


@dataclass(frozen=True)
class Placed:
    """One line of text where it goes in the page (from the page's top-left), its size and
    what it is (for its colour and weight)."""

    text: str
    size: int
    role: str
    rect: pygame.Rect

    @property
    def bold(self) -> bool:
        return self.role in (ROLE_TITLE, ROLE_HEAD)


@dataclass(frozen=True)
class PageLayout:
    """A page laid out in a box: its lines, its picture's board (origin and tile size, from the
    page's top-left; none on the table pages) and the height of it all."""

    lines: tuple[Placed, ...]
    height: int
    picture: pygame.Rect | None = None
    tile_px: int = 0


def place_lines(texts: list[str], size: int, role: str, x: int, y: int, width: int,
                gap: int = 0) -> tuple[list[Placed], int]:
    """Paragraphs wrapped to `width` from (x, y), `gap` px between them; and the y under them."""
    step = font(size).get_linesize()
    bold = role in (ROLE_TITLE, ROLE_HEAD)
    placed = []
    for text in texts:
        for line in wrap(text, size, width, bold):  # measured in the weight it is drawn in
            w = text_size(line, size, bold)[0]
            placed.append(Placed(line, size, role, pygame.Rect(x, y, w, step)))
            y += step
        y += gap
    return placed, y - gap if texts else y


def teaching_layout(page: RulePage, width: int, height: int, scale: float) -> PageLayout:
    """A page of words with its picture: the picture left of the words in a wide box, over them
    in a narrow one; centred in the box when it is shorter."""
    rows, cols = len(page.picture.rows), len(page.picture.rows[0].split())
    text, caption = scaled(TEXT_SIZE, scale), scaled(CAPTION_SIZE, scale)
    gap, max_tile = scaled(GAP, scale), scaled(MAX_TILE, scale)
    if width >= scaled(SIDE_BY_SIDE, scale):
        caption_h = 3 * font(caption).get_linesize()
        room = pygame.Rect(0, 0, int(width * PICTURE_SHARE), height - caption_h)
        tile = min(max_tile, fit_tile(room, rows, cols))
        words_x = cols * tile + gap
        words_w = min(width - words_x, scaled(WORDS_W, scale))
        left = (width - words_x - words_w) // 2  # the picture and the words centred together
        board = pygame.Rect(left, 0, cols * tile, rows * tile)
        notes, below = place_lines([page.picture.caption], caption, ROLE_CAPTION, left,
                                   board.bottom + 6, board.w)
        words, words_end = place_lines(list(page.paragraphs), text, ROLE_TEXT, left + words_x,
                                       0, words_w, gap // 2)
        total = max(below, words_end)
    else:
        room = pygame.Rect(0, 0, width, int(height * 0.45))
        tile = min(max_tile, fit_tile(room, rows, cols))
        board = pygame.Rect((width - cols * tile) // 2, 0, cols * tile, rows * tile)
        notes, below = place_lines([page.picture.caption], caption, ROLE_CAPTION, 0,
                                   board.bottom + 6, width)
        words, total = place_lines(list(page.paragraphs), text, ROLE_TEXT, 0, below + gap, width,
                                   gap // 2)
    shift = max(0, (height - total) // 2)  # a short page sits in the middle of its box
    lines = tuple(Placed(p.text, p.size, p.role, p.rect.move(0, shift)) for p in notes + words)
    return PageLayout(lines, total + shift, board.move(0, shift), tile)


def cell(rules: Ruleset, unit_class: str, column: str) -> str:
    """A class's number in words: what a shooter needs ('1 more', '2 less'), not a sign."""
    value = getattr(rules[unit_class], column)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if column == "firing_costs":
        return _("all AP") if value == "all" else _("{value} AP").format(value=value)
    if column == "to_hit":
        return _("{value} or more").format(value=value)
    if column in ("cover_defense", "elevated_defense", "elevated_attack", "snap_shot_penalty"):
        return needs(value)
    return str(value)


def needs(change: int) -> str:
    """A change to the needed roll in words."""
    if change == 0:
        return _("the same")
    return f"{abs(change)} {'more' if change > 0 else 'less'}"


@dataclass(frozen=True)
class TableLayout:
    """The class table: its column width, each column's title lines and the row height."""

    label_w: int
    col_w: int
    heads: tuple[tuple[str, ...], ...]
    row_h: int


def table_layout(width: int, scale: float) -> TableLayout:
    label_w = scaled(120, scale)
    col_w = (width - label_w) // len(COLUMNS)
    size = scaled(HEAD_SIZE, scale)
    heads = tuple(tuple(wrap(title, size, col_w - 8, True)) for title, __ in COLUMNS)
    return TableLayout(label_w, col_w, heads, scaled(40, scale))


def classes_layout(rules: Ruleset, width: int, scale: float) -> PageLayout:
    """The class table's words: column titles, a row per class (its name, then its numbers in
    words, each on up to two lines), the legend under it."""
    table, lines = table_layout(width, scale), []
    head, text = scaled(HEAD_SIZE, scale), scaled(19, scale)
    for j, title_lines in enumerate(table.heads):
        placed, __ = place_lines(list(title_lines), head, ROLE_HEAD,
                                table.label_w + j * table.col_w, 0, table.col_w - 8)
        lines += placed
    y = max(len(h) for h in table.heads) * font(head).get_linesize() + scaled(10, scale)
    for unit_class in CLASSES:
        top = y + scaled(8, scale)
        name, bottom = place_lines([class_label(unit_class)], text, ROLE_TITLE,
                                   scaled(44, scale), top, table.label_w - scaled(44, scale))
        lines += name
        for j, (__, column) in enumerate(COLUMNS):
            placed, end = place_lines([cell(rules, unit_class, column)], text, ROLE_TEXT,
                                      table.label_w + j * table.col_w, top, table.col_w - 8)
            lines += placed
            bottom = max(bottom, end)
        y = max(y + table.row_h, bottom + scaled(6, scale))
    legend, end = place_lines([LEGEND], scaled(CAPTION_SIZE, scale), ROLE_CAPTION, 0,
                              y + scaled(GAP, scale), width)
    return PageLayout(tuple(lines + legend), end)


def class_rows(rules: Ruleset, width: int, scale: float) -> list[int]:
    """The y of each class's row in the table (where its unit is drawn)."""
    return [p.rect.y for p in classes_layout(rules, width, scale).lines
            if p.role == ROLE_TITLE]


def sample_map(gm: GameMap | None) -> GameMap:
    """One row holding each tile kind, coloured like the map being played."""
    tiles = [[LEVEL, ELEVATED, WALL, *BASES]]
    if gm is None:
        gm = parse_map({"tiles": [[LEVEL] * 5] * 5, "units": []})
    return GameMap(tiles, [], teams=gm.teams, score_limit=gm.score_limit, turn_limit=None)


@dataclass(frozen=True)
class TilesLayout:
    """The tiles and marks page: the tiles' row (its tile size), their names, the status marks
    in columns (each mark's box), and every line of words."""

    tile_px: int
    tiles_top: int
    marks: tuple[pygame.Rect, ...]
    lines: tuple[Placed, ...]
    height: int


def tiles_layout(labels: list[str], width: int, scale: float) -> TilesLayout:
    title, text, small = scaled(TITLE_SIZE, scale), scaled(TEXT_SIZE, scale), scaled(17, scale)
    lines, __ = place_lines([_("Tiles")], title, ROLE_TITLE, 0, 0, width)
    tiles_top = lines[-1].rect.bottom + 6
    px = min(scaled(72, scale), width // len(labels))
    y_names = tiles_top + px + 4
    bottom = y_names
    for i, label in enumerate(labels):
        placed, end = place_lines([label], small, ROLE_CAPTION, i * px + 2, y_names, px - 6)
        lines += placed
        bottom = max(bottom, end)
    heading, y = place_lines([_("Status marks on a unit")], title, ROLE_TITLE, 0,
                             bottom + scaled(GAP, scale), width)
    lines += heading
    columns = 3 if width >= scaled(900, scale) else 2
    col_w = width // columns
    icon_w, icon_h = scaled(76, scale), scaled(38, scale)
    marks, row_bottom = [], y + 6
    for i, (name, description, __) in enumerate(STATUS_ICONS):
        if i % columns == 0:
            y = row_bottom + 6
        x = (i % columns) * col_w
        marks.append(pygame.Rect(x, y, icon_w, icon_h))
        words_x = x + icon_w + scaled(10, scale)
        named, end = place_lines([name], text, ROLE_HEAD, words_x, y, col_w - icon_w - 24)
        said, end = place_lines([description], small, ROLE_CAPTION, words_x, end,
                                col_w - icon_w - 24)
        lines += named + said
        row_bottom = max(row_bottom, end, y + icon_h)
    return TilesLayout(px, tiles_top, tuple(marks), tuple(lines), row_bottom)
