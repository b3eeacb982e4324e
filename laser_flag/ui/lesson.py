"""The first lesson (Learn to play): its steps as data, and the model that walks a game through.

Pure Python, no pygame: each step names the one action that does it, the tiles to ring, how the
state shows it was done, the trainer's scripted answer and the dice the step needs. Everything is
played through the turn driver, so the lesson is a game like any other with its answers fixed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..engine.actions import Action, EndTurn, Fire, Move
from ..engine.events import Event
from ..engine.game import Game
from ..engine.game_map import Pos
from ..engine.mapfile import load_map
from ..engine.rolls import TWO_D6
from ..resources import bundled_maps
from .refusals import Refused
from .session import Session
from .turns import Turns

LESSON_MAP = ("tutorial", "lesson.json")  # under the bundled maps; not listed in the chooser
YOU, TRAINER = 0, 1  # the unit ids: one unit a side
HIT, MISS = (6, 6), (1, 1)
WATCH = "watch"  # the signal of the player holding H
DICE_SET = "The dice are set for this lesson."
NO_UNDO = "The lesson goes forward only: there is no undo here."
NOT_SAVED = "The lesson is not saved."
FINISHED = "You won, and you know the game now: Esc (or Menu) returns to the main menu."


def _unit_at(pos: Pos) -> Callable[[Game], bool]:
    return lambda game: game.unit(YOU).pos == pos


def _laser(uid: int, state: str) -> Callable[[Game], bool]:
    return lambda game: game.unit(uid).laser == state


def _team_to_move(team: str) -> Callable[[Game], bool]:
    return lambda game: game.active_team == team


def _elevated(game: Game) -> bool:
    return game.unit(YOU).elevated


def _won(game: Game) -> bool:
    return game.winner == "1"


@dataclass(frozen=True)
class Step:
    """One thing to learn: `action` does it (anything else is refused with `hint`), `check` says
    from the state that it was done, then the trainer plays `replies`; `dice` are the rolls this
    step makes, in order. A step with a `signal` (H held) takes no action at all."""

    prompt: str
    hint: str
    check: Callable[[Game], bool]
    action: Action | None = None
    signal: str | None = None
    highlight: tuple[Pos, ...] = ()
    replies: tuple[Action, ...] = ()
    dice: tuple[tuple[int, int], ...] = ()


STEPS: tuple[Step, ...] = (
    Step("Click your unit (ringed, bottom left) to select it, then click the ringed tile to walk "
         "there. A move costs 1 of your 3 action points (AP).",
         "Select your unit, then click the ringed tile (5, 3).",
         _unit_at((5, 3)), Move(YOU, (5, 3)), highlight=((5, 1), (5, 3))),
    Step("Climb onto the crate: it is cover, a low block. Stepping onto it ends the move, and a "
         "unit standing on it is elevated (easier to hit, and it shoots a little better).",
         "Click the crate (3, 3) to climb onto it.",
         _elevated, Move(YOU, (3, 3)), highlight=((3, 3),)),
    Step("Take cover beside the wall: a wall next to you shields you from shots from that side "
         "(+1 to what the shooter needs). The trainer will come from the east.",
         "Click the ringed tile (2, 5), beside the wall.",
         _unit_at((2, 5)), Move(YOU, (2, 5)), highlight=((2, 5),)),
    Step("All 3 AP are spent. Press E (or the End turn button) to end your turn; the trainer "
         "moves next.",
         "Press E to end the turn.",
         _team_to_move("2"), EndTurn(), replies=(Move(TRAINER, (5, 7)), EndTurn())),
    Step("The trainer stepped out. Click it to aim: the panel shows the roll you need on two dice "
         "and why. Click it again (or press F) to fire. " + DICE_SET + " This shot hits.",
         "Click the trainer to aim, then click it again (or F) to fire.",
         _laser(TRAINER, "deactivated"), Fire(YOU, TRAINER), highlight=((5, 7),), dice=(HIT,)),
    Step("A hit scores 1 point and switches the trainer's laser off. Firing used your AP: end the "
         "turn and watch the trainer walk to its base to recharge.",
         "Press E to end the turn.",
         _team_to_move("2"), EndTurn(), replies=(Move(TRAINER, (2, 10)), EndTurn())),
    Step("The trainer kept its unused AP as snap shots: it fires at a unit that ends a move in "
         "its sight. Hold H to shade the tiles it watches.",
         "Hold H to see the tiles the trainer watches.",
         lambda game: True, signal=WATCH),
    Step("Move to the ringed tile, in the trainer's sight, and watch its snap shot. "
         + DICE_SET + " It hits you.",
         "Click the ringed tile (4, 6) to step into the trainer's sight.",
         _laser(YOU, "deactivated"), Move(YOU, (4, 6)), highlight=((4, 6),), dice=(HIT,)),
    Step("Your laser is off. Walk onto your base (ringed) to recharge it: it starts charging "
         "there and is charged when your turn ends.",
         "Click your base (6, 4) to recharge.",
         _laser(YOU, "charging"), Move(YOU, (6, 4)), highlight=((6, 4),)),
    Step("End the turn: your laser charges, and the trainer waits on its base.",
         "Press E to end the turn.",
         _team_to_move("2"), EndTurn(), replies=(EndTurn(),)),
    Step("Your laser is charged. Step out to the ringed tile: the trainer snap-shoots again. "
         + DICE_SET + " It misses.",
         "Click the ringed tile (4, 5).",
         _unit_at((4, 5)), Move(YOU, (4, 5)), highlight=((4, 5),), dice=(MISS,)),
    Step("One more point wins. Aim at the trainer on its base and fire. " + DICE_SET
         + " This shot hits.",
         "Click the trainer to aim, then click it again (or F) to fire.",
         _won, Fire(YOU, TRAINER), highlight=((2, 10),), dice=(HIT,)),
)


class LessonDice:
    """Game(roll=...): the rolls the current step set, then (never in the lesson) real dice."""

    def __init__(self) -> None:
        self.queued: list[tuple[int, int]] = []

    def set(self, rolls: tuple[tuple[int, int], ...]) -> None:
        self.queued = list(rolls)

    def __call__(self, rng: random.Random) -> tuple[int, ...]:
        return self.queued.pop(0) if self.queued else TWO_D6.roll(rng)


class LessonTurns(Turns):
    """The lesson's turn driver: it is no game to save or continue."""

    def save(self) -> None:
        """Nothing is written: the lesson starts afresh from the menu."""
        self.message = NOT_SAVED

    def autosave(self) -> None:
        """No autosave: Continue on the menu resumes games, not the lesson."""


class Lesson:
    """Where the player is in the steps; the trainer's replies wait until the events have played."""

    def __init__(self, steps: tuple[Step, ...] = STEPS) -> None:
        self.steps = steps
        self.index = 0
        self.dice = LessonDice()
        self.dice.set(steps[0].dice)
        self.replies: list[Action] = []

    @property
    def step(self) -> Step | None:
        """The step to do now; None once the lesson is won."""
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def finished(self) -> bool:
        return self.step is None

    def session(self, state_file: Path | None = None) -> Session:
        """A game on the lesson's map, its dice the ones the steps set."""
        gm = load_map(bundled_maps().joinpath(*LESSON_MAP))
        session = Session.start(gm, seed=1, state_file=state_file)
        session.game = Game(gm, seed=1, roll=self.dice)
        return session

    def refusal(self, action: Action) -> str | None:
        """Why the lesson refuses `action` now (the step's hint), or None when it is the step."""
        if self.step is None:
            return FINISHED
        return None if action == self.step.action else self.step.hint

    def act(self, turns: Turns, action: Action) -> Refused | list[Event]:
        """Play the step's action through the driver; anything else is refused with the hint."""
        hint = self.refusal(action)
        if hint is not None:
            turns.message = hint
            return Refused(hint)
        outcome = turns.act(action)
        if not isinstance(outcome, Refused) and self.step.check(turns.game):
            self.replies = list(self.step.replies)
            self.advance()
        return outcome

    def signal(self, name: str) -> None:
        """Something done without an action (H held): the step that asks for it is done."""
        if self.step is not None and self.step.signal == name:
            self.advance()

    def advance(self) -> None:
        self.index += 1
        if self.step is not None:
            self.dice.set(self.step.dice)

    @property
    def replying(self) -> bool:
        """The trainer still has scripted actions to play."""
        return bool(self.replies)

    def tick(self, turns: Turns) -> bool:
        """Once the last events have played, the trainer plays its next scripted action (True)."""
        if not self.replies or turns.playback is not None:
            return False
        turns.act(self.replies.pop(0))
        return True
