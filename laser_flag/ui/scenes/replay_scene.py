"""Watch a saved game again: play, pause, step one action either way, jump by turn, speed."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...board.draw import draw_tiles, draw_units
from ...board.palette import Palette
from ...engine.events import Event
from ...engine.game import Game
from ...engine.game_map import TEAMS
from ...replay_index import ReplayIndex
from ...saves import LoadedSave
from ...sound.cues import classes_of, sounds_for
from ..bot_turns import DICE_MS
from ..fog_draw import draw_fog
from ..fog_view import TeamView, ViewCache, units_before
from ..game_draw import draw_playback
from ..layout import game_layout
from ..log_text import Roster, event_text
from ..playback import Playback
from ..scene import Pop, Scene, Transition
from ..unit_looks import unit_looks
from ..widgets import (
    ACCENT,
    DIM,
    TEXT,
    Button,
    button_at,
    draw_box,
    draw_buttons,
    draw_lines,
    draw_text,
    row_of_buttons,
    wrap,
)

GAP_MS = 300  # the pause after one action has played, before the next starts, at speed 1
HELP = (
    "Space play/pause · Left/Right one action · Up/Down one turn · Home/End · "
    "A speed · V view · Esc back"
)
VIEWS: tuple[str | None, ...] = (None, *TEAMS)  # everything, or as one team saw the game
VIEW_KEY = pygame.K_v


class ReplayScene(Scene):
    """The states come from a ReplayIndex (keyframes), so even a long game opens at once."""

    def __init__(self, loaded: LoadedSave) -> None:
        names = {t: loaded.gm.teams[t].name for t in TEAMS}
        names.update({t: v for t, v in loaded.teams.get("names", {}).items() if t in names})
        self.roster = Roster(loaded.gm, names)
        self.replay = loaded.replay or ReplayIndex(
            loaded.gm, loaded.game.seed, loaded.actions, fog=loaded.game.fog)
        self.index = 0
        self.playing = False
        self.elapsed = 0
        self.playback: Playback | None = None  # the action's events, played as in the game
        self.seen_by: str | None = None  # V: everything, or the game as that team saw it
        self.views = ViewCache()

    @property
    def game(self) -> Game:
        return self.replay.game_at(self.index)

    @property
    def last(self) -> int:
        return self.replay.last

    def view(self) -> TeamView:
        """The state shown as the chosen view sees it."""
        return self.views.of(self.game, self.seen_by)

    def told(self, index: int) -> list[Event]:
        """The events of one action as the chosen view was told of them (all: everything)."""
        team = self.seen_by
        if team is None:
            return list(self.replay.events[index])
        return self.replay.seen_by(index, team)

    def lines(self, index: int) -> list[str]:
        """The log lines of one action, dice included, as the chosen view was told of them."""
        return [event_text(e, self.roster) for e in self.told(index)]

    def switch_view(self, seen_by: str | None = None, step: bool = False) -> None:
        """Everything, team 1's or team 2's view (`step`: the next one); the action shown
        starts again as that view saw it."""
        if not self.game.fog:
            return
        if step:
            seen_by = VIEWS[(VIEWS.index(self.seen_by) + 1) % len(VIEWS)]
        self.seen_by = seen_by
        if self.playback is not None:
            self.play_action(self.index)

    # ----- control -------------------------------------------------------------------------

    def step(self, delta: int) -> None:
        """One action either way: forward plays its events, back (or a jump) is instant."""
        before = self.index
        self.index = min(max(0, self.index + delta), self.last)
        self.elapsed = 0
        self.playback = None
        if self.index == before + 1:
            self.play_action(self.index)

    def play_action(self, index: int) -> None:
        """Play action `index` as the game did: the beam, the dice and the sounds, in order."""
        events = self.told(index)
        before = self.replay.game_at(index - 1)
        self.playback = Playback(units_before(before, self.seen_by, events), dict(before.scores),
                                 events, auto_dice_ms=DICE_MS, on_start=self.sound_of)

    def sound_of(self, event: Event) -> None:
        """An event played forward sounds as it did in the game (jumps stay quiet)."""
        gm = self.game.map
        self.app.sound.play(sounds_for(event, classes_of(gm), gm))

    def jump_to_turn(self, turn: int) -> None:
        """The state at the start of `turn` (clamped to the game's first and last turn)."""
        self.index = self.replay.first_of_turn(turn)
        self.elapsed = 0
        self.playback = None

    def toggle_play(self) -> None:
        if self.index == self.last and self.playback is None:
            self.index = 0
        self.playing = not self.playing
        self.elapsed = 0

    def animating(self) -> bool:
        return self.playing or self.playback is not None

    def update(self, dt_ms: int) -> None:
        speed = self.app.settings.speed
        if self.playback is not None:
            self.playback.update(dt_ms, speed)
            if self.playback.done:
                self.playback = None
            return
        if not self.playing:
            return
        self.elapsed += dt_ms
        if self.index < self.last and self.elapsed >= (GAP_MS / speed if speed else 0):
            self.step(1)
        elif self.index == self.last:
            self.playing = False

    def view_buttons(self) -> list[Button]:
        """All / team 1 / team 2, over the help at the panel's foot, the chosen one lit; none
        for a game played without fog."""
        gm = self.game.map
        if not self.game.fog:
            return []
        panel = game_layout(self.app.screen.get_size(), gm.rows, gm.cols).panel
        area = pygame.Rect(panel.x + 12, panel.bottom - 140, panel.w - 24, 36)
        specs = [(f"view{team or ''}", self.view_label(team)) for team in VIEWS]
        return [replace(b, toggled=b.name == f"view{self.seen_by or ''}")
                for b in row_of_buttons(specs, area)]

    def view_label(self, team: str | None) -> str:
        return "All" if team is None else self.roster.names[team]

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = button_at(self.view_buttons(), event.pos)
            if hit is not None:
                self.switch_view(hit.name.removeprefix("view") or None)
            return None
        if event.type != pygame.KEYDOWN:
            return None
        if event.key == pygame.K_ESCAPE:
            return Pop()
        keys = {
            pygame.K_SPACE: self.toggle_play,
            pygame.K_RIGHT: lambda: self.step(1),
            pygame.K_LEFT: lambda: self.step(-1),
            pygame.K_UP: lambda: self.jump_to_turn(self.game.turn + 1),
            pygame.K_DOWN: lambda: self.jump_to_turn(self.game.turn - 1),
            pygame.K_HOME: lambda: self.step(-self.last),
            pygame.K_END: lambda: self.step(self.last),
            pygame.K_a: self.app.settings.cycle_speed,
            VIEW_KEY: lambda: self.switch_view(step=True),
        }
        if event.key in keys:
            if event.key not in (pygame.K_SPACE, pygame.K_a, VIEW_KEY):
                self.playing = False
            keys[event.key]()
        return None

    # ----- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view()
        game = view.known
        lay = game_layout(surface.get_size(), game.map.rows, game.map.cols)
        palette = Palette.from_map(game.map, self.app.settings.alternate_palette)
        draw_tiles(surface, game.map, lay.origin, lay.tile_px, palette, self.app.settings.theme)
        draw_fog(surface, lay, palette, view, dim=True)
        draw_units(surface, unit_looks(game, self.playback), lay.origin, lay.tile_px, palette)
        if self.playback is not None:
            draw_playback(surface, lay, palette, game, self.playback, self.roster)
        panel = lay.panel
        draw_box(surface, panel)
        x, y = panel.x + 12, panel.y + 12
        draw_text(surface, "Replay", (x, y), 32, ACCENT, bold=True)
        score = " - ".join(f"{self.roster.names[t]} {game.scores[t]}" for t in TEAMS)
        state = "playing" if self.playing else "paused"
        names = self.roster.names
        seen = "everything" if self.seen_by is None else f"as {names[self.seen_by]} saw it"
        info = [
            f"Action {self.index} of {self.last} · {state}",
            f"View: {seen}",
            f"Round {game.round} · turn {game.turn}",
            score,
            f"Speed: {self.app.settings.speed_label}",
        ]
        y = draw_lines(surface, info, (x, y + 40), 20, TEXT)
        shown = [line for i in range(max(1, self.index - 5), self.index + 1)
                 for line in self.lines(i)]
        words = [w for line in shown for w in wrap(line, 18, panel.w - 24)]
        y = draw_lines(surface, words[-16:], (x, y + 12), 18, TEXT)
        draw_lines(surface, wrap(HELP, 17, panel.w - 24), (x, panel.bottom - 90), 17, DIM)
        draw_buttons(surface, self.view_buttons(), 20)
