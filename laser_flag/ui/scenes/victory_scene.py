"""The Victory screen: who won and why in the winner's colours, score and shooting as a small
table, the final position; rematch or menu."""

from __future__ import annotations

import pygame

from ...board.draw import draw_board, team_disc
from ...board.palette import RGB, Palette
from ...bots import HUMAN
from ...engine.game_map import TEAMS
from ..log_text import game_over_text
from ..routes import PlayGame
from ..scene import PopToRoot, Replace, Scene, Transition
from ..session import Session
from ..team_tint import DRAW_BACKGROUND, mix, team_tint
from ..unit_looks import unit_looks
from ..widgets import (
    ACCENT,
    DIM,
    PANEL,
    TEXT,
    button_at,
    draw_box,
    draw_buttons,
    draw_text,
    fit,
    largest_fitting,
    row_of_buttons,
)

MINI_TILE_PX = 4  # the smallest tile of the final position's mini board
HEADLINE_SIZES = (72, 56, 44, 36)  # largest first: the first that fits the window
REASON_SIZES = (28, 22, 18)


def team_stats(session: Session, team: str) -> list[tuple[str, str]]:
    """Score, shots, hits, accuracy and units left of one team, as (label, value) rows."""
    game = session.game
    stats = game.stats[team]
    shots, hits = stats["shots"], stats["hits"]
    return [
        ("Score", f"{game.scores[team]} / {game.map.score_limit[team]}"),
        ("Shots fired", str(shots)),
        ("Hits", str(hits)),
        ("Accuracy", f"{hits / shots * 100:.0f}%" if shots else "-"),
        ("Units left", str(sum(1 for u in game.units if u.team == team))),
    ]


class VictoryScene(Scene):
    """Shown once the game is over; Rematch swaps sides, since moving first is an edge."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def buttons(self):
        w, h = self.app.screen.get_size()
        area = pygame.Rect(w // 2 - 330, h - 80, 660, 48)
        specs = [
            ("rematch", "Rematch, sides swapped"),
            ("again", "Same again"),
            ("menu", "Main menu"),
        ]
        return row_of_buttons(specs, area, gap=14)

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = button_at(self.buttons(), event.pos)
            if hit:
                return self.act(hit.name)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.act("menu")
        return None

    def act(self, name: str) -> Transition:
        """Back to the main menu, or a new game on this map (with the run's fixed seed, if any)."""
        if name == "menu":
            return PopToRoot()
        swap = name == "rematch"
        return Replace(PlayGame(self.session.rematch(swap, self.app.options.seed)))

    def colors(self, palette: Palette) -> tuple[RGB, RGB]:
        """(background, title): the winner's, or the game's neutral dark and gold for a draw."""
        winner = self.session.game.winner
        if winner == "draw":
            return DRAW_BACKGROUND, ACCENT
        return team_tint(palette.team(winner))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        game, names = self.session.game, self.session.names
        palette = self.session.palette(self.app.settings.alternate_palette)
        background, title = self.colors(palette)
        surface.fill(background)
        for i in range(4):  # the title band, brightest at its middle
            band = mix(background, title, 0.12 + 0.08 * i)
            pygame.draw.rect(surface, band, (0, 20 + 12 * i, w, 96 - 24 * i))
        headline = "Draw!" if game.winner == "draw" else f"{names[game.winner]} wins!"
        size = largest_fitting(headline, HEADLINE_SIZES, w - 48, bold=True)
        y = 30 + (72 - size) // 3  # a smaller headline stays in the middle of its band
        draw_text(surface, headline, (w // 2 + 3, y + 3), size, (0, 0, 0), bold=True,
                  anchor="midtop")
        draw_text(surface, headline, (w // 2, y), size, title, bold=True, anchor="midtop")
        reason = game_over_text(game.winner, game.victory, names)
        size = largest_fitting(reason, REASON_SIZES, w - 48)
        draw_text(surface, reason, (w // 2, 124), size, TEXT, anchor="midtop")
        where = f"{game.map.name} · round {game.round}, turn {game.turn}"
        draw_text(surface, where, (w // 2, 158), 22, DIM, anchor="midtop")
        table = self.draw_table(surface, pygame.Rect(w // 2 - 300, 192, 600, 210), palette, title)
        top = table.bottom + 14
        px = min((h - 90 - top) // game.map.rows, 600 // game.map.cols)
        if px >= MINI_TILE_PX:  # a window too short for the final position leaves it out
            origin = (w // 2 - px * game.map.cols // 2, top)
            draw_board(surface, game.map, unit_looks(game), origin, px, palette,
                       self.app.settings.theme)
        draw_buttons(surface, self.buttons())

    def draw_table(self, surface: pygame.Surface, box: pygame.Rect, palette: Palette,
                   title: RGB) -> pygame.Rect:
        """The stats, one row per figure and one column per team, the winner's column framed."""
        draw_box(surface, box, fill=PANEL, edge=title)
        label_w, col_w = 180, (box.w - 180) // 2
        for i, team in enumerate(TEAMS):
            column = pygame.Rect(box.x + label_w + i * col_w, box.y + 6, col_w - 6, box.h - 12)
            if team == self.session.game.winner:
                pygame.draw.rect(surface, title, column, 2, border_radius=6)
            self.draw_heading(surface, column, team, palette)
            for row, (_, value) in enumerate(team_stats(self.session, team)):
                xy = (column.centerx, column.y + 58 + row * 28)
                draw_text(surface, value, xy, 24, TEXT, anchor="midtop")
        for row, (label, _) in enumerate(team_stats(self.session, TEAMS[0])):
            draw_text(surface, label, (box.x + 20, box.y + 64 + row * 28), 22, DIM)
        return box

    def draw_heading(self, surface: pygame.Surface, column: pygame.Rect, team: str,
                     palette: Palette) -> None:
        """A team's disc, name and, for a bot, its level, over its column."""
        colors = palette.team(team)
        disc = (column.x + 20, column.y + 22)
        team_disc(surface, disc, 13, colors)
        name = self.session.names[team]
        name = fit(name, 26, column.w - 46, bold=True)  # a long one would run into the next
        draw_text(surface, name, (column.x + 40, column.y + 8), 26, TEXT, bold=True)
        level = self.session.levels[team]
        if level != HUMAN:
            draw_text(surface, f"{level} bot", (column.x + 40, column.y + 36), 16, DIM)
