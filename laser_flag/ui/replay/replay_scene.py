"""Watch a recorded game again: the board as the game drew it, a timeline to scrub, buttons and
keys to play, pause, step and jump, a team's view under fog, and a new game played on from any
moment."""

from __future__ import annotations

import pygame

from ...board.palette import Palette
from ...bots import LEVELS
from ...engine.game_map import TEAMS
from ...i18n import N_, _
from ...play.fog_view import TeamView
from ...play.recording import Recording
from ...play.replay_player import VIEWS, ReplayPlayer
from ...saves import LoadedSave
from ...sound.cues import classes_of, sounds_for
from ..game.board_pointer import BoardPointer
from ..game.game_draw import BoardMarks, draw_game_board
from ..game.game_view import turn_line
from ..game.layout import Layout
from ..game.panel import log_entry_at
from ..game.plan_marks import PlanMarks
from ..game.roll_view import RollView
from ..menu.player_picker import level_button_name
from ..routes import PlayGame
from ..scale import scaled, text_scale
from ..scene import Pop, Replace, Scene, Transition
from ..widgets import Button, button_at, draw_buttons, draw_tooltip
from .replay_panel import (
    ReplayView,
    draw_replay_panel,
    replay_buttons,
    replay_panel_layout,
)
from .replay_timeline import Timeline, draw_timeline, round_of, timeline_height

GAP = 10  # px at scale 1: between the board, the timeline and the controls
CONTROL_H = 34
# (name, label, what it does): the controls under the timeline, left to right.
CONTROLS = (
    ("start", "|<", N_("The game's start (Home)")),
    ("turn_back", "<<", N_("The start of this turn, or the one before (Down)")),
    ("step_back", "<", N_("One action back (Left)")),
    ("play", N_("Play"), N_("Play or pause (Space)")),
    ("step", ">", N_("One action on, played (Right)")),
    ("turn_on", ">>", N_("The start of the next turn (Up)")),
    ("end", ">|", N_("The game's end (End)")),
)
PLAY_W = 2  # the Play button is this many times as wide as the others


class ReplayScene(Scene):
    """`player` holds where the replay stands; here input is read and the board drawn. `at`
    (from the victory screen's turning point): that action is played once the replay shows."""

    def __init__(self, source: LoadedSave | Recording, at: int = 0) -> None:
        self.player = ReplayPlayer(Recording.of(source))
        self.start_at = at
        self.levels = dict(self.player.recording.levels)  # who plays a game played on
        self.plan: PlanMarks | None = None
        self.scrubbing = False  # the left button held on the timeline
        self.watching = False  # H held: the enemy watchers' sight
        self.log_hover: int | None = None
        self.mouse: tuple[int, int] | None = None
        self.board = BoardPointer(self.recording.gm.rows, self.recording.gm.cols)  # zoom, pan

    @property
    def recording(self) -> Recording:
        return self.player.recording

    def resume(self) -> None:
        self.player.on_event = self.sound_of
        self.app.sound.play_music("music_game")
        if self.start_at:  # the moment asked for, played as it happened
            self.player.jump(self.start_at - 1)
            self.player.step(1)
            self.start_at = 0

    def sound_of(self, event) -> None:
        """An event played forward sounds as it did in the game (jumps stay quiet)."""
        gm = self.recording.gm
        self.app.sound.play(sounds_for(event, classes_of(gm), gm))

    # ----- layout ----------------------------------------------------------------------------

    def below(self, scale: float) -> int:
        """The room under the board: the timeline, the controls and their gaps."""
        return timeline_height(scale) + scaled(CONTROL_H + 3 * GAP, scale)

    def layout(self) -> Layout:
        """The game's layout, its panel never folded, with room under the board."""
        size = self.app.screen.get_size()
        return self.board.layout(size, self.below(text_scale(size)), fold=False)

    def timeline(self, lay: Layout) -> Timeline:
        gap = scaled(GAP, lay.scale)
        rect = pygame.Rect(lay.area.x, lay.area.bottom + gap, lay.area.w,
                           timeline_height(lay.scale))
        return Timeline(rect, self.player.last, lay.scale)

    def controls(self, lay: Layout) -> list[Button]:
        """The row under the timeline, centred under the board's area."""
        s, player = lay.scale, self.player
        height, gap = scaled(CONTROL_H, s), scaled(6, s)
        unit = min(scaled(52, s), (lay.area.w - gap * (len(CONTROLS) - 1)) // (len(CONTROLS) + 1))
        width = unit * (len(CONTROLS) + PLAY_W - 1) + gap * (len(CONTROLS) - 1)
        x = lay.area.centerx - width // 2
        y = self.timeline(lay).rect.bottom + scaled(GAP, s)
        at_start, at_end = player.index == 0, player.index == player.last
        enabled = {"start": not at_start, "turn_back": not at_start, "step_back": not at_start,
                   "step": not at_end, "turn_on": not at_end, "end": not at_end}
        result = []
        for name, label, does in CONTROLS:
            w = unit * PLAY_W if name == "play" else unit
            if name == "play":
                label = _("Pause") if player.playing else _("Play")
            result.append(Button(name, label, pygame.Rect(x, y, w, height),
                                 enabled.get(name, True), hint=does))
            x += w + gap
        return result

    def buttons(self) -> list[Button]:
        lay = self.layout()
        return self.controls(lay) + replay_buttons(lay, self.panel_view())

    def view_buttons(self) -> list[Button]:
        """All / team 1 / team 2, the chosen one lit; none for a game played without fog."""
        return [b for b in self.buttons() if b.name.startswith("view")]

    # ----- input -----------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if self.board.handle(event, self.layout()):  # the wheel zooms, a right drag pans
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.scrubbing = False
        elif event.type == pygame.MOUSEMOTION:
            self.moved(event.pos)
        elif event.type == pygame.KEYUP and event.key == pygame.K_h:
            self.watching = False
        elif event.type == pygame.KEYDOWN:
            return self.key(event.key)
        return None

    def press(self, xy: tuple[int, int]) -> Transition | None:
        hit = button_at(self.buttons(), xy)
        if hit is not None:
            return self.command(hit.name)
        line = self.timeline(self.layout())
        if line.on_rounds(xy):
            self.player.pause()
            self.player.jump_to_round(round_of(self.player.turn_marks, line.index_at(xy[0])))
        elif line.rect.collidepoint(xy):
            self.scrubbing = True
            self.player.scrub(line.index_at(xy[0]))
        return None

    def moved(self, xy: tuple[int, int]) -> None:
        self.mouse = xy
        lay = self.layout()
        if self.scrubbing:
            self.player.scrub(self.timeline(lay).index_at(xy[0]))
        parts = replay_panel_layout(lay, self.panel_view())
        self.log_hover = log_entry_at(parts.log, self.player.log(), xy, lay.scale)

    def key(self, key: int) -> Transition | None:
        if key == pygame.K_ESCAPE:
            return Pop()
        moves = {
            pygame.K_RIGHT: "step",
            pygame.K_LEFT: "step_back",
            pygame.K_UP: "turn_on",
            pygame.K_DOWN: "turn_back",
            pygame.K_HOME: "start",
            pygame.K_END: "end",
            pygame.K_PAGEUP: "round_back",
            pygame.K_PAGEDOWN: "round_on",
            pygame.K_SPACE: "play",
            pygame.K_a: "speed",
            pygame.K_v: "next_view",
        }
        if key in moves:
            return self.command(moves[key])
        if key == pygame.K_g:
            self.app.settings.flip("coordinates")
        elif key == pygame.K_h:
            self.watching = True
        return None

    def command(self, name: str) -> Transition | None:
        """A button, or the key that does the same."""
        player, game = self.player, self.player.game
        if name == "back":
            return Pop()
        if name == "play_on":
            return self.play_on()
        if name.startswith("view"):
            player.switch_view(name.removeprefix("view") or None)
            return None
        if name in (level_button_name(t) for t in TEAMS):
            team = name.removeprefix("level")
            self.levels[team] = LEVELS[(LEVELS.index(self.levels[team]) + 1) % len(LEVELS)]
            return None
        steps = {
            "step": lambda: player.step(1),
            "step_back": lambda: player.step(-1),
            "turn_on": lambda: player.jump_to_turn(game.turn + 1),
            "turn_back": lambda: player.jump_to_turn(self.turn_back()),
            "round_on": lambda: player.jump_to_round(game.round + 1),
            "round_back": lambda: player.jump_to_round(max(1, game.round - 1)),
            "start": lambda: player.jump(0),
            "end": lambda: player.jump(player.last),
        }
        if name in steps:
            player.pause()
            steps[name]()
        elif name == "play":
            player.toggle_play()
        elif name == "speed":
            self.app.settings.cycle_speed()
        elif name == "next_view":
            player.switch_view(step=True)
        return None

    def turn_back(self) -> int:
        """<<: to the start of this turn; from its start, to the start of the one before."""
        player = self.player
        turn = player.game.turn
        return turn - 1 if player.replay.first_of_turn(turn) == player.index else turn

    def play_on(self) -> Transition | None:
        """The game from the moment shown, as a new game with its own save."""
        if self.player.why_not_play_on() is not None:
            return None
        session = self.player.play_on(self.levels, self.app.options.state_file)
        return Replace(PlayGame(session))

    def update(self, dt_ms: int) -> None:
        """The replay plays on; the next action is marked and, on a board bigger than the
        window, brought into sight."""
        player = self.player
        player.tick(dt_ms, self.app.settings.speed)
        game = player.view().known
        if self.plan is None:
            self.plan = PlanMarks(game)
        self.plan.follow(game, player.plan())
        self.board.follow(self.layout(), self.plan.marks)

    def animating(self) -> bool:
        return self.player.busy

    # ----- drawing ---------------------------------------------------------------------------

    def panel_view(self) -> ReplayView:
        player = self.player
        game = player.view().known
        names = player.roster.names
        scores = player.playback.scores if player.playback else game.scores
        turn = turn_line(game, names[game.active_team])
        if game.over and player.playback is None:
            turn = _("Game over at round {round} · turn {turn}").format(
                round=game.round, turn=game.turn)
        state = _("playing") if player.playing else _("paused")
        status = _("Action {index} of {last} · {state}") if player.seen_by is None else \
            _("Action {index} of {last} · {state} · as {names} saw it")
        views = tuple((f"view{team or ''}", _("All") if team is None else names[team],
                       team == player.seen_by) for team in VIEWS) if game.fog else ()
        path = self.recording.path
        return ReplayView(
            names=dict(names), scores=dict(scores), limits=dict(game.map.score_limit),
            active=game.active_team, levels=self.recording.levels,
            source=path.name if path is not None else _("the game just played"),
            turn_line=turn, status=status.format(
                index=player.index, last=player.last, state=state,
                names=names.get(player.seen_by, "")),
            next_line=player.next_text(),
            views=views,
            rolls=tuple(RollView.of(shot, player.roster) for shot in player.shots()),
            log=player.log(), play_on_levels=dict(self.levels),
            why_no_play_on=player.why_not_play_on(),
            speed_label=self.app.settings.speed_label, log_hover=self.log_hover)

    def board_marks(self, view: TeamView) -> BoardMarks:
        """The next action marked as a bot's plan is in the game, the hovered log line's tiles,
        the shots' results at their targets, the coordinates and the watchers (H)."""
        log = self.player.log()
        line = log[self.log_hover] if self.log_hover is not None and self.log_hover < len(log) \
            else None
        settings = self.app.settings
        shown = self.plan.marks if self.plan is not None else PlanMarks(view.known).marks
        return BoardMarks(shown, settings.coordinates, self.watching, line, False, view, True,
                          self.player.notes)

    def draw(self, surface: pygame.Surface) -> None:
        lay, player = self.layout(), self.player
        view = player.view()
        palette = self.recording_palette()
        draw_game_board(surface, lay, (palette, self.app.settings.theme), player.playback,
                        player.roster, self.board_marks(view))
        draw_timeline(surface, self.timeline(lay), player, palette,
                      None if self.scrubbing else self.mouse)
        controls = self.controls(lay)
        draw_buttons(surface, controls, scaled(20, lay.scale))
        draw_replay_panel(surface, lay, self.panel_view(), palette)
        draw_tooltip(surface, self.buttons(), pygame.mouse.get_pos(), scaled(17, lay.scale))

    def recording_palette(self) -> Palette:
        """Each team in the colours it wore in the game."""
        return Palette.from_map(self.recording.gm, self.app.settings.alternate_palette,
                                self.recording.looks)
