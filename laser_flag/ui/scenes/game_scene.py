"""The game screen: the board and its side panel; input becomes actions, events play out."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ... import saves
from ...board.draw import draw_tiles, draw_unit, draw_units, pos_at
from ...board.palette import HIGHLIGHTS, Palette
from ...engine.actions import Action, EndTurn, Fire, IllegalAction, Move
from ...engine.events import Event, Shot
from ...engine.game_map import Pos, other_team, possessive
from .. import overlays, tk_dialogs
from ..bot_card import bot_card
from ..bot_turns import DICE_MS, BotTurns
from ..dice_box import draw_shot
from ..layout import Layout, game_layout
from ..log_text import event_text
from ..loop import Scene
from ..panel import PanelView, buttons, draw_panel, score_rects
from ..playback import Playback, duration
from ..selection import Selection
from ..session import Session
from ..unit_card import move_lines, target_lines, unit_lines
from ..unit_looks import look_of, unit_looks
from ..widgets import button_at

ARROWS = {
    pygame.K_UP: (-1, 0),
    pygame.K_DOWN: (1, 0),
    pygame.K_LEFT: (0, -1),
    pygame.K_RIGHT: (0, 1),
}
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)}
# What a watcher may still do while a bot is to move: nothing here acts for the bot's team.
WATCHER_KEYS = {pygame.K_p, pygame.K_s, pygame.K_r, pygame.K_a, pygame.K_c, pygame.K_h}
WATCHER_CTRL_KEYS = {pygame.K_s, pygame.K_z}  # save; undo, which says why it cannot


class GameScene(Scene):
    """One game in progress; the engine is only changed through `act()`."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.selection = Selection(session.game)
        self.playback: Playback | None = None
        self.watch_key = self.watch_button = False
        self.message = ""
        self.bot_turns = BotTurns(session.levels, session.seed)

    @property
    def game(self):
        return self.session.game

    @property
    def watching(self) -> bool:
        return self.watch_key or self.watch_button

    @property
    def bot_to_move(self) -> bool:
        return self.bot_turns.to_move(self.game)

    def layout(self) -> Layout:
        return game_layout(self.app.screen.get_size(), self.game.map.rows, self.game.map.cols)

    def palette(self) -> Palette:
        return Palette.from_map(self.game.map, self.app.settings.alternate_palette)

    # ----- acting ------------------------------------------------------------------------

    def act(self, action: Action | None) -> bool:
        """Apply an action (a player's or a bot's) through the engine and play its events."""
        if action is None or self.game.winner is not None:
            return False
        before = [replace(u) for u in self.game.units]
        scores, turn = dict(self.game.scores), self.game.turn
        auto_dice = DICE_MS if self.bot_to_move else None  # nobody need click a bot's dice away
        self.session.remember()
        try:
            events = self.game.apply(action)
        except IllegalAction as exc:
            self.session.undo_stack.pop()
            self.message = exc.reason
            return False
        self.message = ""
        self.playback = Playback(before, scores, events, self.played, auto_dice)
        self.selection.refresh()
        self.session.write_state()
        if self.game.turn != turn:
            self.autosave()
        return True

    def undo(self) -> None:
        """Take back the last action of this turn (Ctrl+Z), or say why it cannot be."""
        if self.bot_to_move:
            self.message = "Cannot undo: a bot is playing this turn."
            return
        unit = self.selection.unit
        reason = self.session.undo()
        if reason is not None:
            self.message = f"Cannot undo: {reason}."
            return
        self.selection = Selection(self.game)
        if unit is not None and self.selection.can_act(unit):
            self.selection.select(unit)
        self.message = "Undone."
        self.session.write_state()

    def save(self) -> None:
        """Ctrl+S: a new file in the saves folder; a failure is shown, never raised."""
        try:
            path = saves.write_save(saves.new_save_path(self.game), self.game, self.session.teams())
        except (OSError, ValueError) as exc:
            self.message = f"Could not save: {exc}"
            return
        self.message = f"Saved as {path.name}."

    def autosave(self) -> None:
        try:
            saves.autosave(self.game, self.session.teams())
        except (OSError, ValueError) as exc:
            self.message = f"Autosave failed: {exc}"

    def played(self, event: Event) -> None:
        self.session.log.append(event_text(event, self.session.roster))

    def update(self, dt_ms: int) -> None:
        if self.playback is None and self.bot_to_move:
            self.bot_step(dt_ms)
        if self.playback is not None:  # a bot's action starts playing in the same frame
            self.playback.update(dt_ms, self.app.settings.speed)
            if self.playback.done:
                self.finish_playback()

    def finish_playback(self) -> None:
        from .victory_scene import VictoryScene

        self.playback = None
        self.selection.refresh()
        if self.game.winner is not None:
            self.bot_turns.stop()
            self.app.replace(VictoryScene(self.session))

    def to_menu(self) -> None:
        """Back to the menu; a bot still thinking about this game is no longer listened to."""
        from .menu_scene import MenuScene

        self.bot_turns.stop()
        self.app.reset(MenuScene(self.session.seed, self.session.state_file))

    # ----- bots --------------------------------------------------------------------------

    def bot_step(self, dt_ms: int) -> None:
        """A frame of a bot's turn: its answer, once ready, is shown as a plan, then played."""
        decision = self.bot_turns.tick(self.game, dt_ms, self.app.settings.speed)
        if decision is None:
            return
        if not decision.play:
            self.show_plan(decision.action)
            return
        skipping = self.bot_turns.skipping(self.game)
        if not self.act(decision.action):
            self.bot_turns.fail(f"The bot chose an action the rules refuse: {self.message}")
            return
        self.show_plan(None)  # nothing shows as planned until the bot has its next answer
        if skipping:
            self.skip_playback()

    def show_plan(self, action: Action | None) -> None:
        """Select the bot's unit and mark where it goes or whom it fires at; None: clear it."""
        sel = self.selection
        sel.select(getattr(action, "unit_id", None))
        sel.hover = action.to if isinstance(action, Move) else None
        if isinstance(action, Fire):
            sel.target = action.target_id

    def skip_bot_turn(self) -> None:
        """S: the bot's turn finishes at once, without animation."""
        if self.bot_to_move:
            self.bot_turns.skip(self.game)
            if self.playback is not None:
                self.skip_playback()

    def skip_playback(self) -> None:
        self.playback.skip_all()
        self.finish_playback()

    def toggle_pause(self) -> None:
        if self.bot_turns.playing:
            self.bot_turns.toggle_pause()

    def refuse(self) -> None:
        """Input that would act for a bot's team: say so instead."""
        name = self.session.names[self.game.active_team]
        self.message = (f"It is {possessive(name)} turn (a bot): P pauses it, "
                        "S skips to the end of its turn.")

    # ----- input -------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYUP and event.key == pygame.K_h:
            self.watch_key = False
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.watch_button = False
        elif self.playback is not None and not self.bot_to_move:
            self.playback_input(event)
        elif event.type == pygame.KEYDOWN:
            self.key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse_down(event)
        elif event.type == pygame.MOUSEMOTION and not self.bot_to_move:
            self.selection.hover = pos_at(*self.board_at(), event.pos)

    def board_at(self) -> tuple:
        lay = self.layout()
        return lay.origin, lay.tile_px, self.game.map

    def playback_input(self, event: pygame.event.Event) -> None:
        """While events play: any click or key continues; S skips them all."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            self.playback.skip_all()
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.playback.proceed()
        if self.playback.done:
            self.finish_playback()

    def key(self, event: pygame.event.Event) -> None:
        key, sel = event.key, self.selection
        ctrl = event.mod & pygame.KMOD_CTRL
        if self.bot_to_move and key not in (WATCHER_CTRL_KEYS if ctrl else WATCHER_KEYS):
            if key != pygame.K_ESCAPE:  # Esc only deselects: nothing there to refuse
                self.refuse()
            return
        simple = {
            pygame.K_ESCAPE: sel.clear,
            pygame.K_e: lambda: self.act(EndTurn()),
            pygame.K_f: lambda: self.act(sel.fire_action()),
            pygame.K_r: lambda: self.button("rules"),
            pygame.K_a: self.app.settings.cycle_speed,
            pygame.K_c: self.app.settings.toggle_palette,
            pygame.K_RETURN: self.click_hover,
            pygame.K_SPACE: self.click_hover,
            pygame.K_p: self.toggle_pause,
            pygame.K_s: self.skip_bot_turn,
        }
        if ctrl and key == pygame.K_z:
            self.undo()
        elif ctrl and key == pygame.K_s:
            self.save()
        elif key == pygame.K_TAB:
            sel.cycle(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key == pygame.K_h:
            self.watch_key = True
        elif key in ARROWS:
            self.move_cursor(ARROWS[key])
        elif key in NUMBER_KEYS:
            self.select_nth(NUMBER_KEYS[key])
        elif key in simple:
            simple[key]()

    def select_nth(self, n: int) -> None:
        ours = [u.id for u in self.game.units if u.team == self.game.active_team]
        if n < len(ours):
            self.selection.select(ours[n])

    def move_cursor(self, step: tuple[int, int]) -> None:
        """Arrow keys walk a tile cursor (the hover) from the selected unit or the last hover."""
        sel = self.selection
        unit = self.game.unit(sel.unit) if sel.unit is not None else None
        start = sel.hover or (unit.pos if unit else (0, 0))
        pos = (start[0] + step[0], start[1] + step[1])
        if self.game.map.in_bounds(pos):
            sel.hover = pos

    def click_hover(self) -> None:
        if self.selection.hover is not None:
            self.click_tile(self.selection.hover)

    def click_tile(self, pos: Pos) -> None:
        self.message = ""
        self.act(self.selection.click(pos))

    def mouse_down(self, event: pygame.event.Event) -> None:
        if event.button == 3 and not self.bot_to_move:
            self.selection.select(None)
            return
        if event.button != 1:
            return
        lay = self.layout()
        hit = button_at(buttons(lay.panel, self.panel_view()), event.pos)
        team = next(
            (t for t, r in score_rects(lay.panel).items() if r.collidepoint(event.pos)), None
        )
        pos = pos_at(lay.origin, lay.tile_px, self.game.map, event.pos)
        if hit is not None:
            self.button(hit.name)
        elif team is not None:
            self.rename(team)
        elif pos is not None and self.bot_to_move:
            self.refuse()
        elif pos is not None:
            self.click_tile(pos)

    def button(self, name: str) -> None:
        from .rules_scene import RulesScene

        settings, sel = self.app.settings, self.selection
        actions = {
            "fire": lambda: self.act(sel.fire_action()),
            "end": lambda: self.act(EndTurn()),
            "undo": self.undo,
            "save": self.save,
            "watch": lambda: setattr(self, "watch_button", True),
            "rules": lambda: self.app.push(RulesScene(self.game.map)),
            "speed": settings.cycle_speed,
            "palette": settings.toggle_palette,
            "pause": self.toggle_pause,
            "skip": self.skip_bot_turn,
            "menu": self.to_menu,
        }
        actions[name]()

    def rename(self, team: str) -> None:
        name = tk_dialogs.ask_team_name(self.session.names[team])
        if name:
            self.session.names[team] = name

    # ----- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        lay, palette, gm = self.layout(), self.palette(), self.game.map
        draw_tiles(surface, gm, lay.origin, lay.tile_px, palette)
        if self.watching:
            overlays.coverage(
                surface,
                lay.origin,
                lay.tile_px,
                self.game.watch_coverage(other_team(self.game.active_team)),
            )
        if self.playback is None:
            self.draw_choices_under(surface, lay)
        draw_units(surface, unit_looks(self.game, self.playback), lay.origin, lay.tile_px, palette)
        if self.playback is None:
            self.draw_choices_over(surface, lay)
        else:
            self.draw_playback(surface, lay, palette)
        if self.bot_turns.paused:
            overlays.banner(surface, lay.board, "Paused · P to go on")
        draw_panel(surface, lay.panel, self.panel_view(), palette)

    def draw_choices_under(self, surface: pygame.Surface, lay: Layout) -> None:
        """Reach, path and target tints, under the units."""
        sel, origin, px = self.selection, lay.origin, lay.tile_px
        overlays.shade(surface, origin, px, sel.reachable, HIGHLIGHTS.reach)
        preview = sel.move_preview()
        if preview is not None:
            tint = HIGHLIGHTS.danger if preview[1].shooters else HIGHLIGHTS.path
            overlays.shade(surface, origin, px, [preview[0][-1]], tint)
            overlays.path_line(surface, origin, px, preview[0])
        if sel.target is not None:
            overlays.shade(surface, origin, px, [self.game.unit(sel.target).pos], HIGHLIGHTS.target)

    def draw_choices_over(self, surface: pygame.Surface, lay: Layout) -> None:
        """Selection ring, sight marks on enemies, the hover cursor and a move's risk tag."""
        sel, origin, px, game = self.selection, lay.origin, lay.tile_px, self.game
        if sel.hover is not None:
            overlays.ring(surface, origin, px, sel.hover, overlays.HOVER, 1)
        if sel.unit is None:
            return
        overlays.ring(surface, origin, px, game.unit(sel.unit).pos, overlays.SELECT_RING, 3)
        for uid in sel.visible:
            color, width = (
                (overlays.TARGET_RED, 4) if uid == sel.target else (overlays.SIGHT_YELLOW, 2)
            )
            overlays.crosshair(surface, origin, px, game.unit(uid).pos, color, width)
        preview = sel.move_preview()
        if preview is not None:
            risk = preview[1]
            text = (
                f"{len(risk.shooters)} snap · {float(risk.p_unhit) * 100:.0f}% safe"
                if risk.shooters
                else "safe"
            )
            color = overlays.TARGET_RED if risk.shooters else overlays.PATH_WHITE
            overlays.tag(surface, origin, px, preview[0][-1], text, color)

    def draw_playback(self, surface: pygame.Surface, lay: Layout, palette: Palette) -> None:
        """A walking unit, a laser beam, or a shot's dice."""
        playback, origin, px = self.playback, lay.origin, lay.tile_px
        walk = playback.walk()
        if walk is not None:
            uid, path, steps = walk
            look = look_of(self.game, playback, uid, path[0], playback.lasers[uid])
            draw_unit(surface, look, overlays.walking_rect(origin, px, path, steps), palette)
        shot = playback.current
        if not isinstance(shot, Shot):
            return
        a, b = playback.positions[shot.shooter], playback.positions[shot.target]
        team = palette.team(self.session.roster.team_of(shot.shooter))
        progress = playback.elapsed / max(1, duration(shot))
        overlays.laser(surface, self.game.map, origin, px, a, b, team.symbol, progress)
        if playback.showing_dice():
            draw_shot(surface, lay.board.center, shot, self.session.roster)

    # ----- the panel's words -------------------------------------------------------------

    def panel_view(self) -> PanelView:
        game, session = self.game, self.session
        scores = self.playback.scores if self.playback else game.scores
        limit = f" of {game.map.turn_limit}" if game.map.turn_limit else ""
        title, lines = self.card()
        player = self.playback is None and not self.bot_to_move  # a person may act now
        return PanelView(
            names=session.names,
            scores=dict(scores),
            limits=dict(game.map.score_limit),
            active=game.active_team,
            turn_line=f"Round {game.round}{limit} · turn {game.turn} · "
            f"{session.names[game.active_team]} to play",
            card_title=title,
            card_lines=lines,
            log=session.log,
            can_fire=player and self.selection.fire_action() is not None,
            can_end=player and game.winner is None,
            can_undo=player and session.why_no_undo() is None,
            watching=self.watching,
            speed_label=self.app.settings.speed_label,
            alternate=self.app.settings.alternate_palette,
            levels=session.levels,
            bots=self.bot_turns.playing,
            paused=self.bot_turns.paused,
            can_skip=self.bot_to_move,
        )

    def card(self) -> tuple[str, list[str]]:
        """The unit card: what is selected, targeted and hovered, or how to start."""
        sel, game, roster = self.selection, self.game, self.session.roster
        if self.bot_to_move:
            playing = self.playback is not None
            return bot_card(self.session, self.bot_turns, sel, playing, self.message)
        if self.playback is not None:
            return "Playing out...", ["Click or press a key to continue; S skips the rest."]
        if sel.unit is None:
            name = self.session.names[game.active_team]
            note = self.message or self.undo_note()
            lines = [f"{name}: pick a unit (click it, Tab, or 1-9).", note]
            return f"{name} to play", [line for line in lines if line]
        lines = unit_lines(game, sel.unit)
        if sel.target is not None:
            lines += target_lines(game, sel.unit, sel.target, roster)
            lines.append("Click the target again or press F to fire.")
        preview = sel.move_preview()
        if preview is not None:
            lines += move_lines(game, *preview)
        note = self.message or self.undo_note()
        if note:
            lines.append(note)
        return roster.unit(sel.unit), lines

    def undo_note(self) -> str:
        """Why the Undo button is greyed, when that is worth saying."""
        if self.session.why_no_undo() == "a die was rolled since":
            return "Undo unavailable: a die was rolled since."
        return ""
