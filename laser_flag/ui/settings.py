"""Player preferences that last for one run of the client: animation speed, palette, players."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..bots import HUMAN, LEVELS
from ..engine.game_map import TEAMS

# (label, speed factor); 0 means animations are skipped and results show at once.
ANIMATION_SPEEDS: tuple[tuple[str, float], ...] = (
    ("Slow", 0.5),
    ("Normal", 1.0),
    ("Fast", 2.5),
    ("Instant", 0.0),
)


def all_human() -> dict[str, str]:
    """Hot-seat: a person plays each team."""
    return {team: HUMAN for team in TEAMS}


@dataclass
class Settings:
    """Mutable on purpose: the menu and game panel toggle the same object."""

    speed_index: int = 1
    alternate_palette: bool = False
    # Who plays each team in the next game started from the menu: Human or a bot level.
    levels: dict[str, str] = field(default_factory=all_human)
    # Ending a turn while a unit could still act asks first (E or Enter again confirms).
    confirm_end_turn: bool = True

    @property
    def speed_label(self) -> str:
        return ANIMATION_SPEEDS[self.speed_index][0]

    @property
    def speed(self) -> float:
        return ANIMATION_SPEEDS[self.speed_index][1]

    def cycle_speed(self) -> None:
        self.speed_index = (self.speed_index + 1) % len(ANIMATION_SPEEDS)

    def toggle_palette(self) -> None:
        self.alternate_palette = not self.alternate_palette

    def cycle_level(self, team: str, step: int = 1) -> None:
        """The next (or previous) of Human, Easy, Normal, Hard for `team`."""
        index = LEVELS.index(self.levels[team])
        self.levels[team] = LEVELS[(index + step) % len(LEVELS)]


@dataclass(frozen=True)
class LaunchOptions:
    """What the command line fixed for the whole run, passed to every game started in it.

    `seed` None: each new game draws fresh dice; a seed given (`--seed`): every game uses it.
    `state_file`: the debug dump of the game being played (`--state-file`).
    """

    seed: int | None = None
    state_file: Path | None = None
