"""A shot's result on the board: 'HIT' or 'MISS' with the roll and the chance, at the target,
fading by itself. No pygame: the turn driver and the replay keep these, the board draws them."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.events import Shot
from ..engine.game_map import Pos

FADE_MS = 2600  # how long a result stays on the board, fading over its last part
FADE_FROM = 0.6  # the share of FADE_MS shown at full strength


@dataclass
class ShotNote:
    """One shot's result at its target's tile; `age` in ms since it appeared (negative: the
    beam has not reached the target yet)."""

    shot: Shot
    pos: Pos
    age: float = 0.0

    @property
    def strength(self) -> float:
        """1 while fresh, falling to 0 as it fades; 0 before it appears."""
        if self.age < 0:
            return 0.0
        fading = (self.age - FADE_FROM * FADE_MS) / ((1 - FADE_FROM) * FADE_MS)
        return min(1.0, max(0.0, 1.0 - fading))

    @property
    def rise(self) -> float:
        """How far it has floated up, 0..1 over its life (it drifts off the target)."""
        return min(1.0, max(0.0, self.age / FADE_MS))


class ShotNotes:
    """The results on the board now. Their clock runs in real time, whatever the animation
    speed: they are there to be read."""

    def __init__(self) -> None:
        self.notes: list[ShotNote] = []
        self.latest: list[Shot] = []  # the shots of the last action so far: the panel shows them

    def new_action(self) -> None:
        """An action is taken: the panel's rolls start again (the board's go on fading)."""
        self.latest = []

    def add(self, shot: Shot, pos: Pos, delay_ms: float = 0.0) -> None:
        """A shot starts: its result will show at `pos` in `delay_ms` (as its beam arrives); an
        older one there gives way."""
        self.notes = [n for n in self.notes if n.pos != pos]
        self.notes.append(ShotNote(shot, pos, -delay_ms))
        self.latest.append(shot)

    def tick(self, dt_ms: float) -> None:
        for note in self.notes:
            note.age += dt_ms
        self.notes = [n for n in self.notes if n.age < FADE_MS]

    def clear(self) -> None:
        """A new viewer takes the board (a hand-off): nothing of the last turn shows."""
        self.notes, self.latest = [], []

    @property
    def alive(self) -> bool:
        """Some result is still showing (the screen must go on being drawn)."""
        return bool(self.notes)
