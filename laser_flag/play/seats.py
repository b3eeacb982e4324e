"""Who plays each team of a game: one seat per team, asked for its action every frame.

A seat never blocks the main loop: `poll` answers at once, with an action to play or None
(not yet: a person has not acted, a bot still thinks or shows its plan, a guest has not
answered). `Turns` polls the seat of the team to move, plays what it gives through the engine,
and tells every seat `seen` after each action. Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Callable

from ..bots import HUMAN
from ..engine.actions import Action
from ..engine.game import Game
from ..engine.game_map import TEAMS, possessive
from ..i18n import _


def all_human() -> dict[str, str]:
    """Hot-seat: a person plays each team."""
    return {team: HUMAN for team in TEAMS}


class Seat:
    """A team's player. The defaults are a seat with nothing to show: no plan, no pause."""

    person = False  # a person at this screen plays it: the scene's input is its action
    remote = False  # it plays on another computer (a network game's other side)
    away = ""  # why its player cannot play now: the game waits for them (a guest gone)
    bot_here = False  # a bot of this computer's plays it (the panel offers Pause and Skip)
    paused = False  # no action of its is played (P, or a failure: `problem`)
    problem = ""  # why it stopped, for the panel

    def poll(self, game: Game, dt_ms: float, speed: float) -> Action | None:
        """Its action now, or None (not yet). `dt_ms` and `speed`: the frame's time, for a seat
        that shows its choice before it plays (speed 0: Instant, nothing shown)."""
        return None

    def seen(self, game: Game) -> None:
        """An action was applied to `game` (any team's)."""

    def close(self) -> None:
        """The game is over or left: nothing more is asked of it."""

    def plan(self) -> Action | None:
        """The action it has chosen, shown before it is played."""
        return None

    def progress(self) -> float | None:
        """How much of its thinking budget it has used (0 to 1); None: not thinking."""
        return None

    def thinking(self) -> bool:
        return False

    def skip(self, game: Game) -> None:
        """S: finish its turn without animation."""

    def skipping(self, game: Game) -> bool:
        return False

    def toggle_pause(self) -> None:
        """P: stop, or go on, playing its actions."""

    def fail(self, why: str) -> None:
        """The rules refused its action."""

    def notice(self) -> str:
        """What last went wrong with it while it plays on, once; or ""."""
        return ""

    def wake_with(self, wake: Callable[[], None]) -> None:
        """`wake` is called from another thread when its answer is ready: an idle loop wakes."""

    def refusal(self, name: str) -> str:
        """Why input at this screen cannot act for it (`name`: its team's)."""
        return _("It is {possessive} turn.").format(possessive=possessive(name))

    def elsewhere(self, name: str, message: str) -> tuple[str, list[str]] | None:
        """The unit card while it plays somewhere else; None: it plays here, with its own card."""
        return None


def card_lines(line: str, message: str) -> list[str]:
    """The unit card's `line` while the other side plays, and under it the last message unless
    it is that very line (a departure is both): each said once."""
    return [line, *([message] if message and message != line else [])]


class HumanSeat(Seat):
    """A person at this screen: their actions come from the scene (`Turns.act`)."""

    person = True

