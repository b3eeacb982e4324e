"""Computer players in the client: each decision is thought out on a worker thread.

The worker gets a copy of the game, never the game itself, so the main loop keeps drawing and
answering input while a bot thinks (up to a few seconds on big maps). An answer is used only if
the game is still exactly where it was when the question was asked.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from ..bots import Bot, bot_for_level
from ..engine.actions import Action
from ..engine.game import Game

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


class BotTurns:
    """The computer players of one game: when to think, show the plan and play; pause; skip."""

    def __init__(self, levels: dict[str, str], seed: int) -> None:
        self.bots = {team: bot_for_level(lvl, bot_seed(seed, team)) for team, lvl in levels.items()}
        self.thought: Thought | None = None
        self.shown_ms: float | None = None  # how long the current plan has shown; None: not yet
        self.paused = False
        self.skip_turn: int | None = None  # the turn to finish without animation
        self.problem = ""
        # Called on the worker thread once a decision is made: wakes an idle main loop.
        self.on_decided: Callable[[], None] = lambda: None

    @property
    def playing(self) -> bool:
        """Whether any team is played by a bot."""
        return any(bot is not None for bot in self.bots.values())

    def to_move(self, game: Game) -> bool:
        """Whether a bot plays the team to move now (and the game goes on)."""
        return not game.over and self.bots.get(game.active_team) is not None

    def thinking(self) -> bool:
        return self.thought is not None and not self.thought.done.is_set()

    def skipping(self, game: Game) -> bool:
        return self.skip_turn == game.turn

    def plan(self) -> Action | None:
        """The action being shown before it is played."""
        return self.thought.action if self.thought and self.shown_ms is not None else None

    def toggle_pause(self) -> None:
        """No further bot action is played while paused; a thought under way may finish."""
        self.paused = not self.paused
        self.problem = ""

    def progress(self) -> float | None:
        """How much of its budget the bot thinking now has used (0 to 1); None: not thinking,
        or a bot that answers at once."""
        return self.thought.bot.progress() if self.thinking() else None

    def skip(self, game: Game) -> None:
        """Finish this bot turn without animation: a bot thinking answers now with its best so
        far, and so does each of its decisions left in this turn."""
        self.skip_turn = game.turn
        if self.thought is not None:
            self.thought.hurry.set()

    def stop(self) -> None:
        """The game is left: forget the thought under way and never decide again."""
        if self.thought is not None:
            self.thought.hurry.set()  # a search under way ends at its next step
        self.thought = None
        for bot in self.bots.values():
            if bot is not None:
                bot.close()
        self.bots = {}

    def seen(self, game: Game) -> None:
        """An action was applied: every bot is told (a program is sent the events)."""
        for bot in self.bots.values():
            if bot is not None:
                bot.seen(game)

    def notice(self) -> str:
        """What last went wrong with a bot that plays on (a program's failure), once; or ""."""
        for bot in self.bots.values():
            if bot is not None and bot.problem:
                text, bot.problem = bot.problem, ""
                return text
        return ""

    def fail(self, why: str) -> None:
        """A bot could not play: pause with the reason, rather than ask it again every frame."""
        self.problem, self.paused, self.thought = why, True, None

    def tick(self, game: Game, dt_ms: float, speed: float) -> Action | None:
        """One frame of a bot's turn: start thinking, wait, show the plan; the action to play."""
        thought = self.thought
        if thought is None or not thought.answers(game):
            self._ask(game)
            return None
        if self.paused or not thought.done.is_set():
            return None
        if thought.error is not None or thought.action is None:
            self.fail(f"The computer player failed: {thought.error!r}")
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
        """Put the question to the bot to move, unless paused; never two workers at once."""
        if self.thought is not None and not self.thought.done.is_set():
            return  # a stale thought still running: let it end, its answer is dropped
        self.thought, self.shown_ms = None, None
        if not self.paused:
            self.thought = Thought(self.bots[game.active_team], game, self.skipping(game),
                                   self.on_decided)
