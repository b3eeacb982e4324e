"""The game screen: input becomes calls on the turn driver; the board and panel show its state."""

from __future__ import annotations

import pygame

from ...board.palette import Palette
from ...engine.actions import Action, Fire
from ...engine.game import Game
from ...engine.game_map import Pos
from ...play.refusals import Refused
from ...play.session import Session
from ...play.turns import Turns
from ..routes import AskUnsaved, HandOff, ShowRules, ShowSettings, ShowVictory
from ..scene import PopToRoot, Push, Replace, Scene, Transition
from ..widgets import Button, button_at
from . import game_keys as keys
from .board_pointer import RIGHT_CLICK, BoardPointer
from .game_draw import board_marks, draw_game_board
from .game_screen import draw_frame, frame_buttons, frame_scores, log_entry_under
from .game_sound import event_sounds
from .game_view import panel_view
from .layout import Layout
from .name_field import TYPING_EVENTS, NameField, rename_team
from .notice import Notice
from .panel import PanelView
from .plan_marks import PlanMarks
from .selection import Selection


class GameScene(Scene):
    """One game in progress: `turns` drives it; here input is read and the state drawn."""

    def __init__(self, session: Session) -> None:
        self.turns = Turns(session)
        self.selection = Selection(self.turns.view.known)  # the board as the viewer knows it
        self.watch_key = self.watch_button = False
        self.log_hover: int | None = None  # the log entry under the mouse
        self.naming: NameField | None = None  # a team's new name being typed
        self.plan = PlanMarks(self.selection.game)  # a bot's plan marked like a pick
        self.pointer = BoardPointer(session.gm.rows, session.gm.cols)  # zoom, pan, drawer
        self.notice = Notice()

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

    def text_box(self) -> pygame.Rect | None:
        """The score box a name is typed over, while it is shown."""
        return self.score_rects().get(self.naming.team) if self.naming else None

    def resume(self) -> None:
        self.turns.on_event = lambda event: self.app.sound.play(event_sounds(self.session, event))
        self.turns.on_refused = lambda: self.app.sound.play(["refused"])
        self.app.sound.play_music("music_game")

    def layout(self) -> Layout:
        return self.pointer.layout(self.app.screen.get_size())

    def palette(self) -> Palette:
        return self.session.palette(self.app.settings.alternate_palette)

    def shown(self) -> Selection:
        """What the board marks: the player's picks, or in a bot's turn the bot's plan."""
        return self.plan.marks if self.turns.bot_to_move else self.selection

    def buttons(self) -> list[Button]:
        return frame_buttons(self.layout(), self.panel_view())

    def score_rects(self) -> dict[str, pygame.Rect]:
        return frame_scores(self.layout())

    # ----- acting ------------------------------------------------------------------------

    def act(self, action: Action | Refused | None) -> None:
        """Play an action, or say why there is none; a refusal keeps the picks as they are."""
        if isinstance(action, Refused):
            self.turns.refuse(action.reason)
        elif action is not None:
            self.turns.act(action)
            if isinstance(action, Fire):
                self.selection.target = None  # the shot is taken: its odds are old news
            self.selection.refresh()

    def end_turn(self) -> None:
        """E or the End turn button: asks first while a unit could still act (a setting)."""
        self.turns.end_turn(ask=self.app.settings.confirm_end_turn)
        self.selection.refresh()

    def undo(self) -> None:
        """Ctrl+Z: the same unit stays selected when it can still act."""
        if self.turns.undo() is None:
            self.selection = self.selection.renewed(self.turns.view.known)

    def update(self, dt_ms: int) -> Transition | None:
        self.turns.hold_rolls = self.app.settings.pause_after_roll
        self.turns.tick(dt_ms, self.app.settings.speed)
        self.selection.follow(self.turns.view.known)  # fog: made anew after every action
        if self.turns.bot_to_move:  # the player's cursor waits for their own turn
            self.selection.hover = None
            self.plan.follow(self.selection.game, self.turns.plan)
        self.notice.follow(self.turns, self.selection)
        self.pointer.follow(self.layout(), self.shown())
        if self.turns.playback is None and self.game.over:
            return Replace(ShowVictory(self.session))
        return Push(HandOff(self.session)) if self.turns.take_handoff() else None

    def animating(self) -> bool:
        return self.turns.busy  # a bot thinking, events playing, results fading

    def closing(self, quitting: bool = True) -> Transition | None:
        """Closing the window (or going to the menu) with the game not saved asks first."""
        return Push(AskUnsaved(self.session, quitting)) if self.turns.unsaved else None

    def end(self) -> None:
        self.turns.leave()  # left for the menu, or over: bots stop, another copy may continue it

    # ----- input -------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        self.selection.follow(self.turns.view.known)  # an earlier event may have ended the turn
        bot = self.turns.bot_to_move
        if self.naming is not None and event.type in TYPING_EVENTS:
            self.naming.handle(event)  # every key goes to the name field, none to the board
            return self.close_name_field() if self.naming.done else None
        used = self.pointer.handle(event, self.layout())
        if used == RIGHT_CLICK and not bot:
            self.selection.select(None)
        if used:
            return None
        if event.type == pygame.KEYUP and event.key == pygame.K_h:
            self.watch_key = False
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.watch_button = False
        elif event.type == pygame.KEYDOWN:
            go_on = self.turns.input_while_playing(keys.while_playing(event.key))
            return self.key(event) if go_on else None
        elif event.type == pygame.MOUSEBUTTONDOWN:
            return self.mouse_down(event) if self.turns.input_while_playing(keys.OTHER) else None
        elif event.type == pygame.MOUSEMOTION:
            self.mouse_moved(event.pos, bot)
        return None

    def mouse_moved(self, xy: tuple[int, int], bot: bool) -> None:
        """The hovered tile (not in a bot's turn), and the hovered log line."""
        lay = self.layout()
        if not bot:
            self.selection.hover = lay.tile_at(self.game.map, xy)
        self.log_hover = log_entry_under(lay, self.panel_view(), xy)

    def key(self, event: pygame.event.Event) -> Transition | None:
        key, sel = event.key, self.selection
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if self.turns.bot_to_move and not keys.watcher_may_press(key, ctrl):
            if key != pygame.K_ESCAPE:  # Esc only deselects: nothing there to refuse
                self.turns.refuse_for_bot()
            return None
        if self.turns.confirming_end and (key in keys.YES_KEYS or key == pygame.K_ESCAPE):
            return self.end_turn() if key in keys.YES_KEYS else self.turns.keep_turn()
        self.turns.keep_turn()  # "End the turn?": E or Enter says yes, any other key no
        if keys.command_of(key, ctrl) is not None:
            return self.command(keys.command_of(key, ctrl))
        if key == pygame.K_ESCAPE:
            sel.clear()
        elif key in (pygame.K_RETURN, pygame.K_SPACE) and sel.hover is not None:
            self.click_tile(sel.hover)
        elif key == pygame.K_TAB:
            sel.cycle(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key == pygame.K_h:
            self.watch_key = True
        elif key in keys.ARROWS:
            sel.step_cursor(keys.ARROWS[key])
            self.pointer.show(self.layout(), sel.hover)
        elif key in keys.NUMBER_KEYS:
            sel.select_nth(keys.NUMBER_KEYS[key])
        return None

    def click_tile(self, pos: Pos) -> None:
        self.turns.message = ""
        outcome = self.selection.click(pos)
        if isinstance(outcome, Refused):
            self.notice.about_tile()  # it goes when the pointer leaves this tile
        self.act(outcome)

    def mouse_down(self, event: pygame.event.Event) -> Transition | None:
        if self.naming is not None:  # a click anywhere else keeps the name typed so far
            self.naming.keep()
            self.close_name_field()
        hit = button_at(self.buttons(), event.pos)
        team = next((t for t, r in self.score_rects().items() if r.collidepoint(event.pos)), None)
        pos = self.layout().tile_at(self.game.map, event.pos)
        if self.turns.confirming_end and (hit is None or hit.name != "end"):
            self.turns.keep_turn()  # a click elsewhere answers no
        if hit is not None:
            return self.command(hit.name)
        if team is not None:  # a click on a score box: type the team's new name in place
            self.naming = NameField(team, self.session.names[team])
        elif pos is not None and self.turns.bot_to_move:
            self.turns.refuse_for_bot()
        elif pos is not None:
            self.click_tile(pos)
        return None

    def command(self, name: str) -> Transition | None:
        """A panel button, or the key that does the same; Rules and Menu leave this screen."""
        if name == "rules":
            return Push(ShowRules(self.game.map))
        if name == "settings":
            return Push(ShowSettings())
        if name == "menu":  # the game is saved as it stands (Continue resumes it), or asked
            return self.closing(quitting=False) or PopToRoot()
        if name in keys.SETTING_COMMANDS:
            return keys.SETTING_COMMANDS[name](self.app.settings)
        sel, turns = self.selection, self.turns
        {
            "fire": lambda: self.act(sel.fire()),
            "end": self.end_turn,
            "undo": self.undo,
            "save": turns.save,
            "watch": lambda: setattr(self, "watch_button", True),
            "pause": turns.toggle_pause,
            "skip": turns.skip_bot_turn,
            "positions": sel.pin_next,
            "drawer": self.pointer.toggle_drawer,
        }[name]()
        return None

    def close_name_field(self) -> None:
        rename_team(self.naming, self.session.names)
        self.naming = None

    # ----- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        lay, settings, turns = self.layout(), self.app.settings, self.turns
        marks = board_marks(turns, self.shown(), settings, self.watching, self.log_hover)
        draw_game_board(surface, lay, (self.palette(), settings.theme), turns.playback,
                        self.session.roster, marks)
        draw_frame(surface, lay, self.panel_view(), self.palette(), self.naming)

    def panel_view(self) -> PanelView:
        return panel_view(self.turns, (self.selection, self.shown()), self.app.settings,
                          (self.watching, self.log_hover, self.pointer.drawer_open))
