"""The Rules screen: the rules in words, then tiles, classes and status icons drawn as in play."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...board.draw import UnitLook, draw_tiles, draw_unit
from ...board.icons import STATUS_ICONS
from ...board.palette import Palette
from ...board.tile_labels import TILE_LABELS
from ...engine.game_map import BASES, ELEVATED, LEVEL, WALL, GameMap
from ...engine.mapfile import parse_map
from ...engine.ruleset import CLASS_LABELS, CLASSES, DEFAULT_RULESET, Ruleset
from ..rules_text import RULES_PAGE
from ..scene import Pop, Scene, Transition
from ..widgets import (
    ACCENT,
    DIM,
    TEXT,
    button_at,
    draw_box,
    draw_buttons,
    draw_lines,
    draw_text,
    row_of_buttons,
    wrap,
)

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


class RulesScene(Scene):
    """Two pages; Left/Right or the buttons turn them, Esc or R goes back."""

    def __init__(self, gm: GameMap | None = None) -> None:
        self.page = 0
        self.rules = gm.rules if gm else DEFAULT_RULESET
        self.tiles_map = sample_map(gm)
        self.palette = Palette.from_map(self.tiles_map)

    def buttons(self):
        w, h = self.app.screen.get_size()
        area = pygame.Rect(w - 24 - 420, h - 64, 420, 40)
        specs = [("prev", "< Previous"), ("next", "Next >"), ("back", "Back (Esc)")]
        ends = {"prev": self.page > 0, "next": self.page < len(PAGES) - 1}
        return [replace(b, enabled=ends.get(b.name, True)) for b in row_of_buttons(specs, area)]

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_LEFT: "prev",
                pygame.K_RIGHT: "next",
                pygame.K_ESCAPE: "back",
                pygame.K_r: "back",
                pygame.K_PAGEUP: "prev",
                pygame.K_PAGEDOWN: "next",
            }
            if event.key in keys:
                return self.act(keys[event.key])
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = button_at(self.buttons(), event.pos)
            if hit:
                return self.act(hit.name)
        return None

    def act(self, name: str) -> Transition | None:
        if name == "back":
            return Pop()
        step = 1 if name == "next" else -1  # the pages stop at either end: no wrapping round
        self.page = min(len(PAGES) - 1, max(0, self.page + step))
        return None

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw_text(surface, f"Rules · {PAGES[self.page]}", (24, 18), 44, ACCENT, bold=True)
        draw_text(
            surface,
            f"page {self.page + 1} of {len(PAGES)}",
            (w - 24, 30),
            22,
            DIM,
            anchor="topright",
        )
        area = pygame.Rect(24, 70, w - 48, h - 150)
        draw_box(surface, area)
        if self.page == 0:
            self.draw_words(surface, area.inflate(-32, -24))
        else:
            self.draw_board_page(surface, area.inflate(-32, -24))
        draw_buttons(surface, self.buttons())

    def draw_words(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        columns = 2 if area.w > 900 else 1
        col_w = (area.w - 24 * (columns - 1)) // columns
        x, y = area.x, area.y
        for i, (title, paragraphs) in enumerate(RULES_PAGE):
            if columns == 2 and i == 4:
                x, y = area.x + col_w + 24, area.y
            draw_text(surface, title, (x, y), 28, ACCENT, bold=True)
            y += 28
            for paragraph in paragraphs:
                y = draw_lines(surface, wrap(paragraph, 21, col_w), (x, y), 21, TEXT) + 6
            y += 8

    def draw_board_page(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        px = 76
        draw_text(surface, "Tiles", (area.x, area.y), 28, ACCENT, bold=True)
        origin = (area.x, area.y + 32)
        draw_tiles(surface, self.tiles_map, origin, px, self.palette, self.app.settings.theme)
        for i, kind in enumerate(self.tiles_map.tiles[0]):
            label = wrap(TILE_LABELS[kind], 18, px - 6)
            draw_lines(surface, label, (origin[0] + i * px + 2, origin[1] + px + 4), 18, DIM)
        self.draw_classes(surface, pygame.Rect(area.x, area.y + 164, area.w, 200))
        self.draw_icons(
            surface, pygame.Rect(area.x, area.y + 384, area.w, area.bottom - area.y - 384)
        )

    def draw_classes(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        draw_text(surface, "Unit classes", (area.x, area.y), 28, ACCENT, bold=True)
        col_w = min(120, (area.w - 60) // len(COLUMNS))
        y = area.y + 34
        for j, (title, _) in enumerate(COLUMNS):
            draw_text(surface, title, (area.x + 60 + j * col_w, y), 19, DIM)
        for i, unit_class in enumerate(CLASSES):
            row_y = y + 26 + i * 40
            look = UnitLook("1" if i % 2 == 0 else "2", unit_class, (0, 0))
            draw_unit(surface, look, pygame.Rect(area.x, row_y - 6, 40, 40), self.palette)
            for j, (_, column) in enumerate(COLUMNS):
                text = cell(self.rules, unit_class, column)
                draw_text(surface, text, (area.x + 60 + j * col_w, row_y + 6), 21, TEXT)

    def draw_icons(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        draw_text(surface, "Status marks on a unit", (area.x, area.y), 28, ACCENT, bold=True)
        col_w = area.w // 2
        for i, (name, description, draw_icon) in enumerate(STATUS_ICONS):
            x = area.x + (i % 2) * col_w
            y = area.y + 36 + (i // 2) * 46
            icon = pygame.Rect(x, y, 76, 38)  # wide enough for a count drawn beside its mark
            pygame.draw.rect(surface, (70, 74, 66), icon, border_radius=4)
            draw_icon(surface, icon.inflate(-28, -8).move(-10, 0))
            draw_text(surface, name, (icon.right + 10, y), 21, TEXT, bold=True)
            draw_lines(surface, wrap(description, 18, col_w - 100)[:1], (icon.right + 10, y + 19),
                       18, DIM)
