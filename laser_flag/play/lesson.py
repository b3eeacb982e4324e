"""Learn to play: the model that walks a lesson's chapter through its steps (the chapters
themselves are data, in `lessons/`).

Pure Python, no pygame: each step names the one action that does it, the tiles to ring, how the
state shows it was done, the trainer's scripted answer and the dice the step needs. Everything is
played through the turn driver, so a lesson is a game like any other with its answers fixed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..engine.actions import Action
from ..engine.events import Event
from ..engine.game import Game
from ..engine.game_map import Pos
from ..engine.mapfile import load_map
from ..engine.rolls import TWO_D6
from ..i18n import N_
from ..resources import bundled_maps
from .refusals import Refused
from .session import Session
from .turns import Turns

LESSON_MAPS = "tutorial"  # the lessons' boards, under the bundled maps; not in the chooser
LEARNER = "1"  # the player's team; the trainer plays team 2
HIT, MISS = (6, 6), (1, 1)
WATCH = "watch"  # the signal of the player holding H
NEXT = "next"  # the signal of the player pressing Enter for the chapter's next board
NO_UNDO = N_("The lesson goes forward only: there is no undo here.")
NOT_SAVED = N_("The lesson is not saved.")
LESSON_ON_LEAVING = N_("Back to the menu (a lesson is not kept: its chapter starts afresh)")
REPLY_DELAY_MS = 900  # the trainer's next action is shown this long before it plays
TRAINER_SPEED = 0.5  # the trainer's moves play at Slow, whatever the setting: to be followed


# ----- what a step's state check asks --------------------------------------------------------


def unit_at(uid: int, pos: Pos) -> Callable[[Game], bool]:
    return lambda game: game.unit(uid) is not None and game.unit(uid).pos == pos


def laser(uid: int, state: str) -> Callable[[Game], bool]:
    return lambda game: game.unit(uid) is not None and game.unit(uid).laser == state


def elevated(uid: int) -> Callable[[Game], bool]:
    return lambda game: game.unit(uid) is not None and game.unit(uid).elevated


def gone(uid: int) -> Callable[[Game], bool]:
    """The unit left the board (disqualified)."""
    return lambda game: game.unit(uid) is None


def team_to_move(team: str) -> Callable[[Game], bool]:
    return lambda game: game.active_team == team


def scored(team: str, points: int) -> Callable[[Game], bool]:
    return lambda game: game.scores[team] == points


def won(game: Game) -> bool:
    return game.winner == LEARNER


def always(game: Game) -> bool:
    return True


@dataclass(frozen=True)
class Step:
    """One thing to learn: `action` does it (anything else is refused with `hint`), `check` says
    from the state that it was done, then the trainer plays `replies`. `dice` are the rolls the
    step's action makes, `reply_dice` those of the replies, in order. A step with a `signal`
    (H held, Enter for the next board) takes no action at all."""

    prompt: str
    hint: str
    check: Callable[[Game], bool]
    action: Action | None = None
    signal: str | None = None
    highlight: tuple[Pos, ...] = ()
    replies: tuple[Action, ...] = ()
    dice: tuple[tuple[int, int], ...] = ()
    reply_dice: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Board:
    """One game of a chapter: its map (a file under the lessons' folder), whether it is played
    with fog of war, and its steps."""

    map_file: str
    steps: tuple[Step, ...]
    fog: bool = False


@dataclass(frozen=True)
class Chapter:
    """A short lesson: `key` is how its completion is remembered; `done` what the prompt says
    once it is won."""

    key: str
    title: str
    summary: str
    boards: tuple[Board, ...]
    done: str


class LessonDice:
    """Game(roll=...): the rolls the current step set, then real dice (which no lesson reaches:
    `unplanned` counts them, and the tests hold it at 0)."""

    def __init__(self) -> None:
        self.queued: list[tuple[int, int]] = []
        self.unplanned = 0

    def set(self, rolls: tuple[tuple[int, int], ...]) -> None:
        self.queued = list(rolls)

    def __call__(self, rng: random.Random) -> tuple[int, ...]:
        if self.queued:
            return self.queued.pop(0)
        self.unplanned += 1
        return TWO_D6.roll(rng)


class LessonTurns(Turns):
    """The lesson's turn driver: it is no game to save or continue, and under fog the board
    always shows what the learner's team sees (the trainer is no second player at the screen)."""

    def save(self) -> None:
        """Nothing is written: the lesson starts afresh from the menu. Said when the player asks
        (Ctrl+S) while the chapter is being played; once its game is over, nothing is said."""
        if not self.game.over:
            self.message = NOT_SAVED

    @property
    def leaving(self) -> str:
        return LESSON_ON_LEAVING

    def autosave(self) -> None:
        """No autosave: Continue on the menu resumes games, not the lesson."""

    @property
    def viewer(self) -> str | None:
        return LEARNER if self.game.fog and not self.game.over else None


class Lesson:
    """Where the player is in a chapter's steps; the trainer's replies wait until the events
    have played and have been shown for a moment. `hint` is the last refusal, said beside the
    prompt."""

    def __init__(self, chapter: Chapter) -> None:
        self.chapter = chapter
        self.steps = tuple(step for board in chapter.boards for step in board.steps)
        self.boards = tuple(i for i, board in enumerate(chapter.boards) for _ in board.steps)
        self.index = 0
        self.dice = LessonDice()
        self.dice.set(self.steps[0].dice)
        self.replies: list[Action] = []
        self.hint = ""
        self.waited_ms = 0.0
        self.trainer_acting = False  # the trainer's action is playing: slowly

    @property
    def step(self) -> Step | None:
        """The step to do now; None once every step is done."""
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def finished(self) -> bool:
        """Every step done (the trainer may still be answering the last)."""
        return self.step is None

    @property
    def board(self) -> int:
        """The index of the board the current step is played on (the last once finished)."""
        return self.boards[min(self.index, len(self.steps) - 1)]

    def session(self, state_file: Path | None = None) -> Session:
        """A game on the current board's map, its dice the ones the steps set."""
        board = self.chapter.boards[self.board]
        gm = load_map(bundled_maps().joinpath(LESSON_MAPS, board.map_file))
        session = Session.start(gm, seed=1, state_file=state_file, fog=board.fog)
        session.game = Game(gm, seed=1, roll=self.dice, fog=board.fog)
        return session

    def refusal(self, action: Action) -> str | None:
        """Why the lesson refuses `action` now (the step's hint), or None when it is the step."""
        if self.step is None:
            return self.chapter.done
        return None if action == self.step.action else self.step.hint

    def act(self, turns: Turns, action: Action) -> Refused | list[Event]:
        """Play the step's action through the driver; anything else is refused with the hint."""
        hint = self.refusal(action)
        if hint is not None:
            self.hint = hint
            return Refused(hint)
        step = self.step
        outcome = turns.act(action)
        if isinstance(outcome, Refused):
            self.hint = outcome.reason
        elif step.check(turns.game):
            self.replies = list(step.replies)
            self.advance(step.reply_dice)
        return outcome

    def refused(self, reason: str) -> None:
        """A click the board refused before it became an action: said beside the prompt."""
        self.hint = reason

    def forget_hint(self) -> None:
        """The player has since done something accepted: the refusal is no longer said."""
        self.hint = ""

    def signal(self, name: str) -> None:
        """Something done without an action (H held, Enter): the step that asks for it is done."""
        if self.step is not None and self.step.signal == name:
            self.advance()

    def advance(self, reply_dice: tuple[tuple[int, int], ...] = ()) -> None:
        """The next step; the dice queued are the replies' first, then the step's own."""
        self.index += 1
        self.hint = ""
        self.dice.set(reply_dice + (self.step.dice if self.step is not None else ()))

    @property
    def replying(self) -> bool:
        """The trainer still has scripted actions to play."""
        return bool(self.replies)

    @property
    def complete(self) -> bool:
        """The chapter is done and the trainer's last answer has been given."""
        return self.finished and not self.replying

    def next_reply(self, turns: Turns) -> Action | None:
        """The trainer's action about to be played, shown on the board meanwhile."""
        return self.replies[0] if self.replies and turns.playback is None else None

    def tick(self, turns: Turns, dt_ms: float = REPLY_DELAY_MS) -> bool:
        """Once the last events have played and the trainer's next action has been shown for
        REPLY_DELAY_MS, the trainer plays it (True)."""
        if turns.playback is None:
            self.trainer_acting = False
        if not self.replies or turns.playback is not None:
            self.waited_ms = 0.0
            return False
        self.waited_ms += dt_ms
        if self.waited_ms < REPLY_DELAY_MS:
            return False
        self.waited_ms = 0.0
        self.trainer_acting = True
        turns.act(self.replies.pop(0))
        return True
