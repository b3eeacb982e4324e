"""A computer player at this computer: each decision is thought out on a worker thread.

The worker gets a copy of the game, never the game itself, so the main loop keeps drawing and
answering input while a bot thinks (up to a few seconds on big maps). An answer is used only if
the game is still exactly where it was when the question was asked; it shows as a plan for
PLAN_MS (at Normal speed) before it is played.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from ..bots import Bot, bot_for_level
from ..engine.actions import Action
from ..engine.game import Game
from ..engine.game_map import possessive
from ..i18n import _
from .seats import HumanSeat, Seat

PLAN_MS = 650  # how long a bot's unit and its path or target show before it acts (Normal speed)


def bot_seed(seed: int, team: str) -> int:
    """Each team's bot gets its own seed, so two equal bots do not break ties alike."""
    return seed * 2 + int(team)


class Thought:
    """One decision in the making: the game it is about, and the bot's answer once done."""

    def __init__(self, bot: Bot, game: Game, hurry: bool = False,
                 on_done: Callable[[], None] = lambda: None) -> None:
        self.game = game
        self.on_done = on_done
        self.bot = bot
        self.moves = len(game.history)
        self.action: Action | None = None
        self.error: Exception | None = None
        self.done = threading.Event()
        bot.hurry = self.hurry = threading.Event()  # this decision's own "answer now"
        if hurry:
            self.hurry.set()
        snapshot = game.copy()  # taken here, on the main loop, while nothing else changes it
        worker = threading.Thread(target=self._work, args=(bot, snapshot), daemon=True)
        worker.start()

    def _work(self, bot: Bot, snapshot: Game) -> None:
        try:
            self.action = bot.decide(snapshot)  # what its team sees: with fog, not all
        except Exception as exc:  # a bot's bug is reported in the game, not a dead client
            self.error = exc
        finally:
            self.done.set()
            self.on_done()

    def answers(self, game: Game) -> bool:
        """Whether this is about `game` as it stands: the same game, no action taken since."""
        return game is self.game and len(game.history) == self.moves


@dataclass
class BotPause:
    """P pauses every bot of a game at once; a bot that fails pauses them with its reason."""

    paused: bool = False
    problem: str = ""


class BotSeat(Seat):
    """`bot` plays a team here: it thinks, its plan shows, then it plays; P pauses, S skips."""

    def __init__(self, bot: Bot, pause: BotPause | None = None) -> None:
        self.bot = bot
        self.pause = pause or BotPause()
        self.thought: Thought | None = None
        self.shown_ms: float | None = None  # how long the current plan has shown; None: not yet
        self.skip_turn: int | None = None  # the turn to finish without animation
        self.closed = False
        # Called on the worker thread once a decision is made: wakes an idle main loop.
        self.on_decided: Callable[[], None] = lambda: None

    @property
    def bot_here(self) -> bool:  # type: ignore[override]
        return not self.closed  # a game over lets its bots go

    @property
    def paused(self) -> bool:  # type: ignore[override]
        return self.pause.paused

    @property
    def problem(self) -> str:  # type: ignore[override]
        return self.pause.problem

    def wake_with(self, wake: Callable[[], None]) -> None:
        self.on_decided = wake

    def thinking(self) -> bool:
        return self.thought is not None and not self.thought.done.is_set()

    def skipping(self, game: Game) -> bool:
        return self.skip_turn == game.turn

    def plan(self) -> Action | None:
        return self.thought.action if self.thought and self.shown_ms is not None else None

    def toggle_pause(self) -> None:
        """No further bot action is played while paused; a thought under way may finish."""
        self.pause.paused = not self.pause.paused
        self.pause.problem = ""

    def progress(self) -> float | None:
        """None also for a bot that answers at once."""
        return self.thought.bot.progress() if self.thinking() else None

    def skip(self, game: Game) -> None:
        """A bot thinking answers now with its best so far, and so does each of its decisions
        left in this turn."""
        self.skip_turn = game.turn
        if self.thought is not None:
            self.thought.hurry.set()

    def close(self) -> None:
        """Forget the thought under way and never decide again (a program is told `bye`)."""
        if self.thought is not None:
            self.thought.hurry.set()  # a search under way ends at its next step
        self.thought = None
        if not self.closed:
            self.closed = True
            self.bot.close()

    def seen(self, game: Game) -> None:
        """A program is sent the events."""
        if not self.closed:
            self.bot.seen(game)

    def notice(self) -> str:
        text, self.bot.problem = self.bot.problem, ""
        return text

    def fail(self, why: str) -> None:
        """Pause with the reason, rather than ask it again every frame."""
        self.pause.problem, self.pause.paused, self.thought = why, True, None

    def refusal(self, name: str) -> str:
        return (_("It is {possessive} turn (a bot): P pauses it, S skips to the end of its "
                  "turn.").format(
            possessive=possessive(name)))

    def poll(self, game: Game, dt_ms: float, speed: float) -> Action | None:
        """Start thinking, wait, show the plan; the action once it has shown long enough."""
        thought = self.thought
        if self.closed:
            return None
        if thought is None or not thought.answers(game):
            self._ask(game)
            return None
        if self.paused or not thought.done.is_set():
            return None
        if thought.error is not None or thought.action is None:
            self.fail(_("The computer player failed: {error!r}").format(error=thought.error))
            return None
        if self.shown_ms is None and speed > 0 and not self.skipping(game):
            self.shown_ms = 0.0  # the plan shows from now on
            return None
        self.shown_ms = (self.shown_ms or 0.0) + dt_ms * speed
        if speed > 0 and not self.skipping(game) and self.shown_ms < PLAN_MS:
            return None
        self.thought, self.shown_ms = None, None
        return thought.action

    def _ask(self, game: Game) -> None:
        """Put the question, unless paused; never two workers at once."""
        if self.thought is not None and not self.thought.done.is_set():
            return  # a stale thought still running: let it end, its answer is dropped
        self.thought, self.shown_ms = None, None
        if not self.paused:
            self.thought = Thought(self.bot, game, self.skipping(game), self.on_decided)


def seats_for(levels: dict[str, str], seed: int) -> dict[str, Seat]:
    """Each team's seat as `levels` name them: a person here, or a bot (a program's `exec:`
    included) seeded per team; the bots share one pause."""
    pause = BotPause()
    seats: dict[str, Seat] = {}
    for team, level in levels.items():
        bot = bot_for_level(level, bot_seed(seed, team))
        seats[team] = HumanSeat() if bot is None else BotSeat(bot, pause)
    return seats
