"""Drives one game without pixels: acting, undo, saves, the bots' turns and events playing out.

GameScene turns input into calls here and draws what this holds; nothing here imports pygame,
so the whole turn flow is tested without a window (STYLE.md: a scene only calls and draws).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .. import saves
from ..engine.actions import Action, EndTurn, IllegalAction
from ..engine.events import Event
from ..engine.game import Game
from ..engine.game_map import possessive
from ..engine.team_view import told_versions, versions
from ..engine.terms import Team
from .bot_turns import DICE_MS, BotTurns
from .fog_view import TeamView, ViewCache, hot_seat_fog, units_before, viewer
from .log_text import LogLine, log_line
from .playback import Playback
from .refusals import Refused
from .session import Session, UndoRefusal

END_TURN_QUESTION = "Units can still act. End the turn? E or Enter: yes · Esc: no."


class Turns:
    """One game being played: the session, its bots, undo, saving and the events playing out.

    `message` is the last thing to tell the player (a refusal, "Saved as ...", "Undone.").
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        self.bots = BotTurns(session.levels, session.seed)
        self.playback: Playback | None = None
        self.message = ""
        self.on_event: Callable[[Event], None] = lambda event: None  # its sound, in the client
        self.on_refused: Callable[[], None] = lambda: None  # the refused click's sound
        self.confirming_end = False  # E was pressed once while units could still act
        self.views = ViewCache()
        # Two humans under fog: a resumed game, and each turn, starts behind the hand-off cover.
        self.handoff_due = hot_seat_fog(self.game, session.levels) and bool(self.game.history)

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def bot_to_move(self) -> bool:
        return self.bots.to_move(self.game)

    @property
    def busy(self) -> bool:
        """The game changes with no input: events play out, or a bot thinks or plays."""
        return self.playback is not None or (self.bot_to_move and not self.bots.paused)

    @property
    def viewer(self) -> str | None:
        """The team whose view the board shows (fog_view.viewer); None: everything."""
        return viewer(self.game, self.session.levels)

    @property
    def view(self) -> TeamView:
        """The game as the viewing team knows it: what the board shows and previews."""
        return self.views.of(self.game, self.viewer)

    def shown_log(self) -> list[LogLine]:
        """The log lines the viewing team was told of (all of them without fog)."""
        team = self.viewer
        return [line for line in self.session.log if team is None or team in line.told]

    def take_handoff(self) -> bool:
        """Whether the hand-off cover is due now (once: taking it clears it). It comes at once,
        before a frame shows the next team's view; the end of the turn plays on behind it."""
        due, self.handoff_due = self.handoff_due, False
        return due

    @property
    def plan(self) -> Action | None:
        """The bot's chosen action while it is shown, before it is played."""
        return self.bots.plan() if self.bot_to_move else None

    # ----- acting ------------------------------------------------------------------------

    def act(self, action: Action) -> Refused | list[Event]:
        """Apply a player's or a bot's action through the engine; its events start playing."""
        game = self.game
        if game.over:
            return Refused("The game is over.")
        scores = dict(game.scores)
        auto_dice = DICE_MS if self.bot_to_move else None  # nobody need click a bot's dice away
        self.session.remember()
        try:
            events = game.apply(action)
        except IllegalAction as exc:
            self.session.forget_last()
            return self.refuse(exc.reason)
        self.message = ""
        self.confirming_end = False
        self.bots.seen(game)
        self.handoff_due = isinstance(action, EndTurn) and hot_seat_fog(game, self.session.levels)
        self.play_out(events, scores, auto_dice)
        self.session.write_state()
        self.autosave()
        if game.over:  # kept under its own name too: the next game's autosave replaces this one
            self.save()
        return events

    def play_out(self, events: list[Event], scores: dict[str, int], auto_dice: int | None
                 ) -> None:
        """Play an action's events as the viewing team (after it) is told of them, from the board
        as that team knew it before. The log keeps every event with the teams told of it: those
        kept from the viewer go in at once, never shown to them."""
        team, before, game = self.viewer, self.session.undo_stack[-1][0], self.game
        shown: list[Event] = []
        told_of: dict[int, dict[Team, Event]] = {}  # by the shown event's id
        for event, seen_by in versions(game.state()):
            if team is not None and team not in seen_by:
                self.played(seen_by, before)
                continue
            shown.append(seen := event if team is None else seen_by[team])
            told_of[id(seen)] = seen_by

        def log(seen: Event) -> None:
            self.played(told_of[id(seen)], before)

        self.playback = Playback(units_before(before, team, shown), scores, shown, log,
                                 auto_dice, self.on_event)

    def refuse(self, reason: str) -> Refused:
        """Say why nothing happened (the engine's words, or the screen's), with its sound."""
        self.message = reason
        self.on_refused()
        return Refused(reason)

    @property
    def bots_here(self) -> bool:
        """Whether a bot of this computer's plays (the panel offers Pause and Skip)."""
        return self.bots.playing

    def other_side(self) -> tuple[str, list[str]] | None:
        """The unit card while someone elsewhere plays (a network game's other computer);
        None: a bot of this game's, with its own card."""
        return None

    def refuse_for_bot(self) -> Refused:
        """Input that would act for a bot's team."""
        name = self.session.names[self.game.active_team]
        return self.refuse(f"It is {possessive(name)} turn (a bot): P pauses it, "
                           "S skips to the end of its turn.")

    def played(self, seen_by: dict[Team, Event], before: Game) -> None:
        """Log an event of the action taken in `before` as each team told of it saw it."""
        session = self.session
        session.log.extend(log_line(seen, session.roster, before.turn, teams)
                           for seen, teams in told_versions(seen_by))

    def why_no_undo(self) -> UndoRefusal | None:
        """None when the player may take back the last action, else why not."""
        return UndoRefusal.BOT_PLAYING if self.bot_to_move else self.session.why_no_undo()

    def undo(self) -> UndoRefusal | None:
        """Take back the last action of this turn; None when done, else why it cannot be."""
        reason = UndoRefusal.BOT_PLAYING if self.bot_to_move else self.session.undo()
        if reason is not None:
            self.message = f"Cannot undo: {reason.value}."
            return reason
        self.message = "Undone."
        self.session.write_state()
        self.autosave()
        return None

    # ----- ending a turn: asked twice while a unit could still act -------------------------

    def could_act(self) -> bool:
        """Some unit of the team to play has a legal action other than ending the turn."""
        return any(not isinstance(a, EndTurn) for a in self.game.legal_actions())

    def end_turn(self, ask: bool) -> None:
        """End the player's turn; with `ask`, a first request while units could act only asks."""
        if ask and not self.confirming_end and self.could_act():
            self.confirming_end = True
            self.message = END_TURN_QUESTION
            return
        self.act(EndTurn())

    def keep_turn(self) -> None:
        """The player answered no: the turn goes on."""
        if self.confirming_end:
            self.confirming_end = False
            self.message = ""

    # ----- saving ------------------------------------------------------------------------

    def save(self) -> Path | None:
        """A new file in the saves folder; a failure is told in `message`, never raised."""
        try:
            path = saves.write_save(saves.new_save_path(self.game), self.game, self.session.teams())
        except (OSError, ValueError) as exc:
            self.message = f"Could not save: {exc}"
            return None
        self.message = f"Saved as {path.name}."
        return path

    def autosave(self) -> None:
        """The game as it stands, after every action: leaving or a crash loses nothing."""
        try:
            saves.autosave(self.game, self.session.teams())
        except (OSError, ValueError) as exc:
            self.message = f"Autosave failed: {exc}"

    # ----- time: the bots' turns and events playing out ------------------------------------

    def tick(self, dt_ms: float, speed: float) -> None:
        """One frame: a bot thinks, shows its plan or plays it; events play on."""
        if self.playback is None and self.bot_to_move:
            self.bot_step(dt_ms, speed)
        if self.playback is not None:  # a bot's action starts playing in the same frame
            self.playback.update(dt_ms, speed)
            if self.playback.done:
                self.settle()

    def bot_step(self, dt_ms: float, speed: float) -> None:
        """Play the bot's answer once it has been shown long enough (or at once when skipping)."""
        action = self.bots.tick(self.game, dt_ms, speed)
        if action is None:
            return
        skipping = self.bots.skipping(self.game)
        outcome = self.act(action)
        self.message = self.bots.notice() or self.message  # a program's failure, told once
        if isinstance(outcome, Refused):
            self.bots.fail(f"The bot chose an action the rules refuse: {outcome.reason}")
        elif skipping:
            self.skip_playback()

    def proceed(self) -> None:
        """A click or key while events play: finish the animation, or continue past the dice."""
        self.playback.proceed()
        if self.playback.done:
            self.settle()

    def skip_playback(self) -> None:
        """Play every event left at once."""
        self.playback.skip_all()
        self.settle()

    def settle(self) -> None:
        """The events have played: the board shows the game as it is; a game over ends the bots."""
        self.playback = None
        if self.game.over:
            self.bots.stop()

    def skip_bot_turn(self) -> None:
        """The bot's turn finishes at once, without animation."""
        if self.bot_to_move:
            self.bots.skip(self.game)
            if self.playback is not None:
                self.skip_playback()

    def toggle_pause(self) -> None:
        if self.bots.playing:
            self.bots.toggle_pause()

    def leave(self) -> None:
        """The game is left: a bot still thinking about it is no longer listened to."""
        self.bots.stop()
