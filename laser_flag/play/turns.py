"""Drives one game without pixels: acting, undo, saves, the seats' turns and events playing out.

GameScene turns input into calls here and draws what this holds; nothing here imports pygame,
so the whole turn flow is tested without a window (STYLE.md: a scene only calls and draws).
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.actions import Action, EndTurn, IllegalAction
from ..engine.events import Event
from ..engine.game import Game
from ..engine.team_view import versions
from ..engine.terms import Team
from ..i18n import N_, _
from . import table_play
from .bot_seat import seats_for
from .fog_view import TeamView, ViewCache, hot_seat_fog, units_before, viewer
from .log_text import LogLine
from .playback import Playback
from .refusals import Refused
from .seats import Seat
from .session import Session, UndoRefusal
from .shot_notes import ShotNotes

KEPT_ON_LEAVING = N_("Back to the menu (this game is kept: Continue resumes it)")
PLAY_TEST_ON_LEAVING = N_("Back to the menu (a play-test is not kept: the editor has the map)")
END_TURN_QUESTION = N_("Units can still act. End the turn?")
END_TURN_ANSWERS = N_("E or Enter: end it · Esc or any other key: keep playing")


class Turns:
    """One game being played: the session, one seat per team (a person here, a bot, a guest
    elsewhere), undo, saving and the events playing out.

    `message` is the last thing to tell the player (a refusal, "Saved a copy as ...", "Undone.").
    """

    def __init__(self, session: Session, seats: dict[str, Seat] | None = None) -> None:
        self.on_event: Callable[[Event], None] = lambda event: None  # its sound, in the client
        self.on_refused: Callable[[], None] = lambda: None  # the refused click's sound
        self.hold_rolls = False  # "pause after each roll": a person's rolls wait for a key
        self.start(session, seats)
        # Two humans under fog: a resumed game, and each turn, starts behind the hand-off cover.
        self.handoff_due = self.hot_seat() and bool(self.game.history)
        if self.game.history and session.keeper.slot is None:
            # A game that starts with actions played (on from a replay's moment) has something
            # to lose already: its own file at once, so Continue and Load game list it.
            self.autosave()

    def start(self, session: Session, seats: dict[str, Seat] | None = None) -> None:
        """Play `session` from its start or where it stands, with `seats` (by default, those its
        levels name): nothing of a game played before stays (its rolls, its results on the
        board, a question asked, events playing)."""
        self.session = session
        self.seats: dict[str, Seat] = seats or seats_for(session.levels, session.seed)
        self.playback: Playback | None = None
        self.message = ""
        self.confirming_end = False  # E was pressed once while units could still act
        self.could_still_act: tuple[int, ...] = ()  # those units, ringed while it asks
        self.views = ViewCache()
        self.notes = ShotNotes()  # shots' results fading on the board

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def seat(self) -> Seat:
        """The seat of the team to move."""
        return self.seats[self.game.active_team]

    @property
    def bot_to_move(self) -> bool:
        """Whether the team to move is played by a bot here (not stopped) or on the other
        computer, and the game goes on: input waits."""
        return not self.game.over and (self.seat.bot_here or self.seat.remote)

    @property
    def paused(self) -> bool:
        """The bots are paused (P), or stopped by a failure."""
        return any(seat.paused for seat in self.seats.values())

    @property
    def busy(self) -> bool:
        """The picture changes with no input: events play out, results fade, a bot thinks or
        plays."""
        return table_play.busy(self)

    @property
    def waiting(self) -> str:
        """Why the game waits (a seat's player away), or "": input is refused with it, and no
        bot of this computer's plays meanwhile."""
        return next((seat.away for seat in self.seats.values() if seat.away), "")

    def thinking_here(self) -> bool:
        """A bot of this computer's is to move and not paused: frames run while it thinks."""
        return (self.bot_to_move and self.seat.bot_here and not self.paused
                and not self.waiting)

    def hot_seat(self) -> bool:
        """Two people share this screen under fog: each turn is handed over behind a cover."""
        return (hot_seat_fog(self.game, self.session.levels)
                and all(seat.person for seat in self.seats.values()))

    def wake_with(self, wake: Callable[[], None]) -> None:
        """`wake` is called from another thread when a seat's answer is ready."""
        for seat in self.seats.values():
            seat.wake_with(wake)

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
        return table_play.shown_log(self.session, self.viewer)

    def take_handoff(self) -> bool:
        """Whether the hand-off cover is due now (once: taking it clears it). It comes at once,
        before a frame shows the next team's view; the end of the turn plays on behind it."""
        due, self.handoff_due = self.handoff_due, False
        if due:  # the next player's board starts clean: no result of the last turn lingers
            self.notes.clear()
        return due

    @property
    def plan(self) -> Action | None:
        """The bot's chosen action while it is shown, before it is played."""
        return self.seat.plan() if self.bot_to_move else None

    # ----- acting ------------------------------------------------------------------------

    def act(self, action: Action) -> Refused | list[Event]:
        """Apply a player's or a bot's action through the engine; its events start playing."""
        game = self.game
        if game.over:
            return Refused(_("The game is over."))
        if self.waiting and not self.bot_to_move:
            return self.refuse(self.waiting)
        scores = dict(game.scores)
        hold = self.hold_rolls and not self.bot_to_move  # nobody need press a key for a bot
        self.session.remember()
        try:
            events = game.apply(action)
        except IllegalAction as exc:
            self.session.forget_last()
            return self.refuse(exc.reason)
        self.message = ""
        self.keep_turn()
        self.notes.new_action()
        for seat in self.seats.values():
            seat.seen(game)
        self.handoff_due = isinstance(action, EndTurn) and self.hot_seat()
        self.play_out(events, scores, hold)
        self.session.forget_unreachable()
        self.session.write_state()
        self.autosave()
        if game.over:  # its save is complete: no longer held
            self.session.keeper.release()
        return events

    def play_out(self, events: list[Event], scores: dict[str, int], hold: bool) -> None:
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
                                 hold, self.on_event, self.notes)

    def refuse(self, reason: str) -> Refused:
        """Say why nothing happened (the engine's words, or the screen's), with its sound."""
        return table_play.refuse(self, reason)

    @property
    def leaving(self) -> str:
        """What going to the menu does to this game: it is kept, but for the editor's
        play-test."""
        return KEPT_ON_LEAVING if self.session.keeper.kept else PLAY_TEST_ON_LEAVING

    @property
    def bots_here(self) -> bool:
        """Whether a bot of this computer's plays (the panel offers Pause and Skip)."""
        return any(seat.bot_here for seat in self.seats.values())

    def other_side(self) -> tuple[str, list[str]] | None:
        """The unit card while someone elsewhere plays (a network game's other computer);
        None: a bot of this game's, with its own card."""
        return self.seat.elsewhere(self.session.names[self.game.active_team], self.message)

    def refuse_for_bot(self) -> Refused:
        """Input that would act for a team a seat other than this screen's person plays."""
        return self.refuse(self.seat.refusal(self.session.names[self.game.active_team]))

    def played(self, seen_by: dict[Team, Event], before: Game) -> None:
        """Log an event of the action taken in `before` as each team told of it saw it."""
        table_play.log_played(self.session, seen_by, before)

    def why_no_undo(self) -> UndoRefusal | None:
        """None when the player may take back the last action, else why not."""
        return UndoRefusal.BOT_PLAYING if self.bot_to_move else self.session.why_no_undo()

    def undo(self) -> UndoRefusal | None:
        """Take back the last action of this turn; None when done, else why it cannot be."""
        reason = UndoRefusal.BOT_PLAYING if self.bot_to_move else self.session.undo()
        if reason is not None:
            self.message = _("Cannot undo: {value}.").format(value=reason.value)
            return reason
        self.message = _("Undone.")
        self.session.write_state()
        self.autosave()
        return None

    # ----- ending a turn: asked twice while a unit could still act -------------------------

    def end_turn(self, ask: bool) -> None:
        """End the player's turn; with `ask`, a first request while units could act only asks
        (the board shows the question, those units ringed)."""
        if self.waiting:
            self.refuse(self.waiting)  # not "End the turn?" first: the game waits either way
            return
        if not table_play.asked_first(self, ask):
            self.act(EndTurn())

    def keep_turn(self) -> None:
        """The player answered no: the turn goes on."""
        self.confirming_end = False
        self.could_still_act = ()

    # ----- saving ------------------------------------------------------------------------

    def save(self) -> None:
        """Ctrl+S: a copy of the game as it stands, kept under its own name; said in `message`."""
        self.message = self.session.keeper.save_copy(self.game, self.session.teams())

    def autosave(self) -> None:
        """The game as it stands, after every action, to its own file: leaving or a crash loses
        nothing. A failure is told in `message` (and asked about before the window closes)."""
        said = self.session.keeper.autosave(self.game, self.session.teams())
        if said is not None:
            self.message = said

    # ----- time: the seats' turns and events playing out -----------------------------------

    def tick(self, dt_ms: float, speed: float) -> None:
        """One frame: the seat to move is asked for its action (a bot thinks, shows its plan
        or plays it); events play on; results fade (not while a roll waits for a key). A save
        written meanwhile that failed, or moved, is said."""
        said = self.session.keeper.news()
        if said is not None:
            self.message = said
        table_play.frame(self, dt_ms, speed, self.settle,
                         self.seat_step if self.bot_to_move else None)

    def seat_step(self, dt_ms: float, speed: float) -> None:
        """Play the seat's answer once it gives one (not while the game waits for a player)."""
        if not (self.waiting and self.seat.bot_here):  # a bot here waits, as a person does
            table_play.play_seat(self, self.seat, self.seats.values(), dt_ms, speed,
                                 self.settle)

    def input_while_playing(self, kind: str) -> bool:
        """Input while a person's action plays (table_play.input_while_playing)."""
        return table_play.input_while_playing(self, kind, self.settle)

    def skip_playback(self) -> None:
        """Play every event left at once."""
        table_play.skip_playback(self, self.settle)

    def settle(self) -> None:
        """The events have played: the board shows the game as it is; a game over ends the bots."""
        self.playback = None
        if self.game.over:
            self.close_seats()

    def skip_bot_turn(self) -> None:
        """The bot's turn finishes at once, without animation."""
        table_play.skip_turn(self, self.settle)

    def toggle_pause(self) -> None:
        """P: the bots of this computer stop playing, or go on (they share one pause); not
        while the other computer plays."""
        seat = next((seat for seat in self.seats.values() if seat.bot_here), None)
        if seat is not None and not self.seat.remote:
            seat.toggle_pause()

    @property
    def unsaved(self) -> str | None:
        """Why the game as it stands is not saved (the last save failed); None when it is."""
        if not self.game.history:
            return None
        return self.session.keeper.problem

    def leave(self) -> None:
        """The game is left: a bot still thinking about it is no longer listened to, and its
        file is free for another copy of the game to continue."""
        self.close_seats()
        self.session.keeper.release()

    def close_seats(self) -> None:
        """Nothing more is asked of any seat (a program is told `bye`)."""
        for seat in self.seats.values():
            seat.close()
