"""How loud the game plays: pygame-free, so the settings (and the turn driver) can hold it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Volumes:
    """Loudness settings, each 0..1; effective levels multiply by `master`."""

    master: float = 1.0
    music: float = 0.6
    effects: float = 1.0
    muted: bool = False

    def level(self, part: float) -> float:
        return 0.0 if self.muted else self.master * part


DEFAULTS = Volumes()  # a fresh install's levels
