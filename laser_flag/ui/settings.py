"""Player preferences that last for one run of the client: animation speed and palette."""

from __future__ import annotations

from dataclasses import dataclass

# (label, speed factor); 0 means animations are skipped and results show at once.
ANIMATION_SPEEDS: tuple[tuple[str, float], ...] = (
    ("Slow", 0.5),
    ("Normal", 1.0),
    ("Fast", 2.5),
    ("Instant", 0.0),
)


@dataclass
class Settings:
    """Mutable on purpose: the menu and game panel toggle the same object."""

    speed_index: int = 1
    alternate_palette: bool = False

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
