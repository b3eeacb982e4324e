"""The game screen: input becomes calls on the turn driver; the board and panel show its state."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...board.draw import draw_tiles, draw_units, pos_at
from ...board.palette import Palette
from ...bots import HUMAN
from ...engine.actions import Action
from ...engine.events import Event
from ...engine.game import Game
from ...engine.game_map import Pos, other_team, possessive
from ...sound.cues import classes_of, sounds_for
from .. import overlays
from ..game_draw import (
    draw_choices_over,
    draw_choices_under,
    draw_log_marks,
    draw_playback,
    draw_watch,
)
from ..game_view import panel_view
from ..layout import Layout, game_layout
from ..name_field import NameField, draw_name_field
from ..panel import PanelView, buttons, draw_panel, log_entry_at, panel_layout, score_rects
from ..refusals import Refused
from ..routes import ShowRules, ShowVictory
from ..scene import PopToRoot, Push, Replace, Scene, Transition
from ..selection import Selection
from ..session import Session
from ..turns import Turns
from ..unit_looks import unit_looks
from ..widgets import button_at

ARROWS = {
    pygame.K_UP: (-1, 0),
    pygame.K_DOWN: (1, 0),
    pygame.K_LEFT: (0, -1),
    pygame.K_RIGHT: (0, 1),
}
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)}
# What a watcher may still do while a bot is to move: nothing here acts for the bot's team.
WATCHER_KEYS = {pygame.K_p, pygame.K_s, pygame.K_r, pygame.K_a, pygame.K_c, pygame.K_h, pygame.K_g}
WATCHER_CTRL_KEYS = {pygame.K_s, pygame.K_z}  # save; undo, which says why it cannot


class GameScene(Scene):
    """One game in progress: `turns` drives it; here input is read and the state drawn."""

    def __init__(self, session: Session) -> None:
        self.turns = Turns(session)
        self.selection = Selection(session.game)
        self.watch_key = self.watch_button = False
        self.coordinates = True  # row and column numbers along the board (G toggles them)
        self.log_hover: int | None = None  # the log entry under the mouse
        self.naming: NameField | None = None  # a team's new name being typed
        self.plan_marks = Selection(session.game)  # the bot's plan, marked like a pick
        self.plan_key: tuple | None = None  # which plan (and after how many actions) that is

    @property
    def session(self) -> Session:
        return self.turns.session

    @property
    def game(self) -> Game:
        return self.turns.game

    @property
    def watching(self) -> bool:
        return self.watch_key or self.watch_button

    @property
    def takes_text(self) -> bool:
        return self.naming is not None  # M types an m into the name, it does not mute

    def resume(self) -> None:
        self.turns.on_event = self.sound_of
        self.app.sound.play_music("music_game")

    def sound_of(self, event: Event) -> None:
        """An event's sounds as it starts to play, so a bot's turn sounds like a person's."""
        gm, levels = self.game.map, self.session.levels
        humans = frozenset(team for team, level in levels.items() if level == HUMAN)
        self.app.sound.play(sounds_for(event, classes_of(gm), gm, humans))

    def layout(self) -> Layout:
        return game_layout(self.app.screen.get_size(), self.game.map.rows, self.game.map.cols)

    def palette(self) -> Palette:
        return Palette.from_map(self.game.map, self.app.settings.alternate_palette)

    def shown(self) -> Selection:
        """What the board marks: the player's picks, or in a bot's turn the bot's plan."""
        return self.plan_marks if self.turns.bot_to_move else self.selection

    def mark_plan(self) -> None:
        """In a bot's turn the board marks its plan; the player's cursor waits for their turn."""
        self.selection.hover = None
        key = (self.turns.plan, len(self.game.history))
        if key != self.plan_key:
            self.plan_key, self.plan_marks = key, Selection.of_plan(self.game, self.turns.plan)

    # ----- acting ------------------------------------------------------------------------

    def act(self, action: Action | Refused | None) -> None:
        """Play an action, or say why there is none; a refusal keeps the picks as they are."""
        if isinstance(action, Refused):
            self.turns.message = action.reason
            self.app.sound.play(["refused"])
        elif action is not None:
            if isinstance(self.turns.act(action), Refused):
                self.app.sound.play(["refused"])
            self.selection.refresh()

    def end_turn(self) -> None:
        """E or the End turn button: asks first while a unit could still act (a setting)."""
        self.turns.end_turn(ask=self.app.settings.confirm_end_turn)
        self.selection.refresh()

    def answer_end_turn(self, key: int) -> bool:
        """While "End the turn?" is asked: E or Enter ends it, any other key keeps it; True
        when the key was only the answer (E, Enter, Esc)."""
        if key in (pygame.K_e, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.end_turn()
            return True
        self.turns.keep_turn()
        return key == pygame.K_ESCAPE

    def undo(self) -> None:
        """Ctrl+Z: the same unit stays selected when it can still act."""
        unit = self.selection.unit
        if self.turns.undo() is None:
            self.selection = Selection(self.game)
            if unit is not None and self.selection.can_act(unit):
                self.selection.select(unit)

    def update(self, dt_ms: int) -> Transition | None:
        self.turns.tick(dt_ms, self.app.settings.speed)
        if self.turns.bot_to_move:
            self.mark_plan()
        if self.turns.playback is None and self.game.over:
            return Replace(ShowVictory(self.session))
        return None

    def animating(self) -> bool:
        return self.turns.busy

    def to_menu(self) -> Transition:
        self.turns.leave()
        return PopToRoot()

    def refuse(self) -> None:
        """Input that would act for a bot's team: say so instead."""
        name = self.session.names[self.game.active_team]
        self.turns.message = (f"It is {possessive(name)} turn (a bot): P pauses it, "
                              "S skips to the end of its turn.")

    # ----- input -------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        bot = self.turns.bot_to_move
        if self.naming is not None and event.type in (pygame.KEYDOWN, pygame.KEYUP):
            self.type_name(event)  # every key goes to the name field, none to the board
        elif event.type == pygame.KEYUP and event.key == pygame.K_h:
            self.watch_key = False
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.watch_button = False
        elif self.turns.playback is not None and not bot:
            self.playback_input(event)
        elif event.type == pygame.KEYDOWN:
            return self.key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            return self.mouse_down(event)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse_moved(event.pos, bot)
        return None

    def mouse_moved(self, xy: tuple[int, int], bot: bool) -> None:
        """The hovered tile (not in a bot's turn), and the hovered log line."""
        lay = self.layout()
        if not bot:
            self.selection.hover = pos_at(lay.origin, lay.tile_px, self.game.map, xy)
        log_box = panel_layout(lay.panel, self.panel_view()).log
        self.log_hover = log_entry_at(log_box, self.session.log, xy)

    def playback_input(self, event: pygame.event.Event) -> None:
        """While events play: any click or key continues; S skips them all."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            self.turns.skip_playback()
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.turns.proceed()

    def key(self, event: pygame.event.Event) -> Transition | None:
        key, sel = event.key, self.selection
        ctrl = event.mod & pygame.KMOD_CTRL
        if self.turns.bot_to_move and key not in (WATCHER_CTRL_KEYS if ctrl else WATCHER_KEYS):
            if key != pygame.K_ESCAPE:  # Esc only deselects: nothing there to refuse
                self.refuse()
            return None
        if self.turns.confirming_end and self.answer_end_turn(key):
            return None
        simple = {
            pygame.K_ESCAPE: sel.clear,
            pygame.K_e: self.end_turn,
            pygame.K_f: lambda: self.act(sel.fire()),
            pygame.K_a: self.app.settings.cycle_speed,
            pygame.K_c: self.app.settings.toggle_palette,
            pygame.K_RETURN: self.click_hover,
            pygame.K_SPACE: self.click_hover,
            pygame.K_p: self.turns.toggle_pause,
            pygame.K_s: self.turns.skip_bot_turn,
            pygame.K_g: lambda: setattr(self, "coordinates", not self.coordinates),
        }
        if key == pygame.K_r:
            return self.button("rules")
        if ctrl and key == pygame.K_z:
            self.undo()
        elif ctrl and key == pygame.K_s:
            self.turns.save()
        elif key == pygame.K_TAB:
            sel.cycle(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key == pygame.K_h:
            self.watch_key = True
        elif key in ARROWS:
            sel.step_cursor(ARROWS[key])
        elif key in NUMBER_KEYS:
            sel.select_nth(NUMBER_KEYS[key])
        elif key in simple:
            simple[key]()
        return None

    def click_hover(self) -> None:
        if self.selection.hover is not None:
            self.click_tile(self.selection.hover)

    def click_tile(self, pos: Pos) -> None:
        self.turns.message = ""
        self.act(self.selection.click(pos))

    def mouse_down(self, event: pygame.event.Event) -> Transition | None:
        bot = self.turns.bot_to_move
        if self.naming is not None:  # a click anywhere else keeps the name typed so far
            self.naming.keep()
            self.end_naming()
        if event.button == 3 and not bot:
            self.selection.select(None)
        if event.button != 1:
            return None
        lay = self.layout()
        hit = button_at(buttons(lay.panel, self.panel_view()), event.pos)
        boxes = score_rects(lay.panel).items()
        team = next((t for t, box in boxes if box.collidepoint(event.pos)), None)
        pos = pos_at(lay.origin, lay.tile_px, self.game.map, event.pos)
        if self.turns.confirming_end and (hit is None or hit.name != "end"):
            self.turns.keep_turn()  # a click elsewhere answers no
        if hit is not None:
            return self.button(hit.name)
        if team is not None:
            self.rename(team)
        elif pos is not None and bot:
            self.refuse()
        elif pos is not None:
            self.click_tile(pos)
        return None

    def button(self, name: str) -> Transition | None:
        """A panel button; Rules and Menu leave this screen."""
        if name == "rules":
            return Push(ShowRules(self.game.map))
        if name == "menu":
            return self.to_menu()
        settings, sel, turns = self.app.settings, self.selection, self.turns
        actions = {
            "fire": lambda: self.act(sel.fire()),
            "end": self.end_turn,
            "undo": self.undo,
            "save": turns.save,
            "watch": lambda: setattr(self, "watch_button", True),
            "speed": settings.cycle_speed,
            "palette": settings.toggle_palette,
            "pause": turns.toggle_pause,
            "skip": turns.skip_bot_turn,
        }
        actions[name]()
        return None

    def rename(self, team: str) -> None:
        """A click on a score box: type the team's new name in place."""
        self.naming = NameField(team, self.session.names[team])

    def type_name(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.naming.key(event.key, event.unicode)
        if self.naming.done:
            self.end_naming()

    def end_naming(self) -> None:
        """Close the name field; a name kept (not dropped, not blank) renames the team."""
        field, self.naming = self.naming, None
        if field.name:
            self.session.names[field.team] = field.name

    # ----- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        lay, palette, game, playback = self.layout(), self.palette(), self.game, self.turns.playback
        draw_tiles(surface, game.map, lay.origin, lay.tile_px, palette)
        if self.coordinates:
            overlays.coordinates(surface, lay.board, game.map.rows, game.map.cols, lay.tile_px)
        if self.watching:
            draw_watch(surface, lay, game, other_team(game.active_team))
        if playback is None:
            draw_choices_under(surface, lay, self.shown())
        draw_units(surface, unit_looks(game, playback), lay.origin, lay.tile_px, palette)
        if playback is None:
            draw_choices_over(surface, lay, self.shown())
        else:
            draw_playback(surface, lay, palette, game, playback, self.session.roster)
        if self.log_hover is not None and self.log_hover < len(self.session.log):
            draw_log_marks(surface, lay, game, self.session.log[self.log_hover])
        if self.turns.bots.paused:
            overlays.banner(surface, lay.board, "Paused · P to go on")
        draw_panel(surface, lay.panel, self.panel_view(), palette)
        if self.naming is not None:
            draw_name_field(surface, score_rects(lay.panel)[self.naming.team], self.naming)

    # ----- the panel's words -------------------------------------------------------------

    def panel_view(self) -> PanelView:
        settings = self.app.settings
        view = panel_view(self.turns, self.selection, self.shown(), settings, self.watching)
        return replace(view, log_hover=self.log_hover)
