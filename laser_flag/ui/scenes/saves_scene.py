"""The saved games list: map, date, turn and score of each; load one to continue or to watch."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from ... import saves
from ...bots import HUMAN
from ...engine.game_map import TEAMS, other_team
from ..routes import Route
from ..scene import Pop, Replace, Scene, Transition
from ..widgets import (
    ACCENT,
    BAD,
    DIM,
    TEXT,
    Button,
    button_at,
    draw_box,
    draw_buttons,
    draw_text,
    fit,
)

ROW_H = 34
TOP = 90
BOTTOM = 84  # the buttons' strip under the list
WHEEL_ROWS = 3  # rows one notch of the mouse wheel scrolls


def result(info: saves.SaveInfo) -> str:
    """How a game ended, the winner's points first: "finished: Blue won 4-3, score"."""
    why = (info.victory or "").replace("_", " ")
    if info.winner in TEAMS:
        points = f"{info.scores[info.winner]}-{info.scores[other_team(info.winner)]}"
        return f"finished: {info.names[info.winner]} won {points}, {why}"
    if info.winner == "draw":
        return f"finished: draw {info.scores['1']}-{info.scores['2']}, {why}"
    return f"finished · score {info.scores['1']} - {info.scores['2']}"  # saved without a winner


def info_line(info: saves.SaveInfo) -> str:
    score = " - ".join(str(info.scores.get(t, 0)) for t in TEAMS)
    state = result(info) if info.over else f"round {info.round}, turn {info.turn} · score {score}"
    line = f"{info.map_name} · {info.saved_at.replace('T', ' ')[:16]} · {state}"
    players = [info.levels.get(t, HUMAN) for t in TEAMS]
    return line if players == [HUMAN, HUMAN] else f"{line} · {' vs '.join(players)}"


class SavesScene(Scene):
    """Choose a save; `open_save(path, watch)` is the menu's: where the chosen one goes.

    This list then gives way to that screen, or back to the menu (which says why not).
    """

    def __init__(self, open_save: Callable[[Path, bool], Route | None]) -> None:
        self.open_save = open_save
        self.infos, self.problems = saves.list_saves()
        self.chosen = 0
        self.top = 0  # the first row shown: saves, then one row per unreadable file

    def buttons(self) -> list[Button]:
        w, h = self.app.screen.get_size()
        specs = [("load", "Continue (Enter)"), ("watch", "Watch replay (W)"), ("back", "Back")]
        return [
            Button(name, label, pygame.Rect(24 + i * 230, h - 64, 220, 40), bool(self.infos))
            if name != "back"
            else Button(name, label, pygame.Rect(24 + i * 230, h - 64, 220, 40))
            for i, (name, label) in enumerate(specs)
        ]

    @property
    def row_count(self) -> int:
        return len(self.infos) + len(self.problems)

    @property
    def rows_shown(self) -> int:
        """How many rows fit between the title and the buttons."""
        _, h = self.app.screen.get_size()
        return max(1, (h - TOP - BOTTOM) // ROW_H)

    def row_rect(self, i: int) -> pygame.Rect:
        w, _ = self.app.screen.get_size()
        return pygame.Rect(24, TOP + (i - self.top) * ROW_H, w - 48, ROW_H - 4)

    def scroll(self, rows: int) -> None:
        self.top = min(max(0, self.top + rows), max(0, self.row_count - self.rows_shown))

    def keep_chosen_in_view(self) -> None:
        if self.chosen < self.top:
            self.top = self.chosen
        elif self.chosen >= self.top + self.rows_shown:
            self.top = self.chosen - self.rows_shown + 1

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = button_at(self.buttons(), event.pos)
            if hit is not None:
                return self.act(hit.name)
            for i in range(self.top, min(len(self.infos), self.top + self.rows_shown)):
                if self.row_rect(i).collidepoint(event.pos):
                    self.chosen = i
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * WHEEL_ROWS)
        elif event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_RETURN: "load", pygame.K_w: "watch", pygame.K_ESCAPE: "back",
                pygame.K_DOWN: "down", pygame.K_UP: "up",
            }
            if event.key in keys:
                transition = self.act(keys[event.key])
                self.keep_chosen_in_view()
                return transition
        return None

    def act(self, name: str) -> Transition | None:
        if name == "back":
            return Pop()
        if name in ("up", "down") and self.infos:
            self.chosen = (self.chosen + (1 if name == "down" else -1)) % len(self.infos)
        elif name in ("load", "watch") and self.infos:
            route = self.open_save(self.infos[self.chosen].path, name == "watch")
            return Pop() if route is None else Replace(route)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw_text(surface, "Saved games", (24, 20), 48, ACCENT, bold=True)
        draw_text(surface, fit(str(saves.saves_dir()), 18, w - 50), (26, 62), 18, DIM)
        if not self.infos:
            draw_text(surface, "No saved games yet.", (24, TOP), 24, TEXT)
        for i in range(self.top, min(self.row_count, self.top + self.rows_shown)):
            rect = self.row_rect(i)
            if i == self.chosen:
                draw_box(surface, rect)
            if i < len(self.infos):
                line = fit(info_line(self.infos[i]), 20, rect.w - 16)
                draw_text(surface, line, (rect.x + 8, rect.y + 6), 20, TEXT)
            else:
                problem = fit(f"Unreadable: {self.problems[i - len(self.infos)]}", 18, rect.w - 16)
                draw_text(surface, problem, (rect.x + 8, rect.y + 8), 18, BAD)
        if self.row_count > self.rows_shown:  # above the buttons' right end: on any window
            last = min(self.row_count, self.top + self.rows_shown)
            where = f"rows {self.top + 1}-{last} of {self.row_count} · wheel or Up/Down to scroll"
            draw_text(surface, where, (w - 24, h - 70), 16, DIM, anchor="bottomright")
        draw_buttons(surface, self.buttons())
