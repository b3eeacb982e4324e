"""The Victory screen: who won and why, score and shooting per team; rematch or menu."""

from __future__ import annotations

import pygame

from ...board.draw import draw_board
from ...board.palette import Palette
from ...bots import HUMAN
from ...engine.game_map import TEAMS
from ..log_text import game_over_text
from ..routes import PlayGame
from ..scene import PopToRoot, Replace, Scene, Transition
from ..session import Session
from ..unit_looks import unit_looks
from ..widgets import (
    ACCENT,
    DIM,
    TEXT,
    button_at,
    draw_box,
    draw_buttons,
    draw_text,
    row_of_buttons,
)


def team_lines(session: Session, team: str) -> list[str]:
    """Score, shots, hits and accuracy of one team."""
    game = session.game
    stats = game.stats[team]
    shots, hits = stats["shots"], stats["hits"]
    accuracy = f"{hits / shots * 100:.0f}%" if shots else "-"
    return [
        f"Score {game.scores[team]} / {game.map.score_limit[team]}",
        f"Shots fired {shots}",
        f"Hits {hits}",
        f"Accuracy {accuracy}",
        f"Units left {sum(1 for u in game.units if u.team == team)}",
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

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        game, names = self.session.game, self.session.names
        palette = Palette.from_map(game.map, self.app.settings.alternate_palette)
        headline = "Draw!" if game.winner == "draw" else f"{names[game.winner]} wins!"
        draw_text(surface, headline, (w // 2, 30), 72, ACCENT, bold=True, anchor="midtop")
        reason = game_over_text(game.winner, game.victory, names)
        draw_text(surface, reason, (w // 2, 100), 28, TEXT, anchor="midtop")
        draw_text(
            surface,
            f"{game.map.name} · round {game.round}, turn {game.turn}",
            (w // 2, 134),
            22,
            DIM,
            anchor="midtop",
        )
        for i, team in enumerate(TEAMS):
            box = pygame.Rect(w // 2 - 330 + i * 340, 180, 320, 190)
            self.draw_team(surface, box, team, palette)
        px = max(8, min((h - 480) // game.map.rows, 600 // game.map.cols))
        origin = (w // 2 - px * game.map.cols // 2, 390)
        theme = self.app.settings.theme
        draw_board(surface, game.map, unit_looks(game), origin, px, palette, theme)
        draw_buttons(surface, self.buttons())

    def draw_team(
        self, surface: pygame.Surface, box: pygame.Rect, team: str, palette: Palette
    ) -> None:
        winner = self.session.game.winner == team
        draw_box(surface, box, edge=ACCENT if winner else (70, 76, 92))
        colors = palette.team(team)
        pygame.draw.circle(surface, colors.outline, (box.x + 26, box.y + 28), 14)
        pygame.draw.circle(surface, colors.main, (box.x + 26, box.y + 28), 11)
        draw_text(surface, self.session.names[team], (box.x + 50, box.y + 16), 30, TEXT, bold=True)
        level = self.session.levels[team]
        if level != HUMAN:
            tag = (box.right - 16, box.y + 22)
            draw_text(surface, f"{level} bot", tag, 20, DIM, anchor="topright")
        for i, line in enumerate(team_lines(self.session, team)):
            draw_text(surface, line, (box.x + 20, box.y + 56 + i * 26), 24, TEXT)
