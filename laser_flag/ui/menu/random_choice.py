"""The Random map screen as a model: the seed and knobs chosen, and the map they make, built at
once (lab.generator, no games played: a player does not wait for the lab). No pygame: the scene
draws it and routes input here."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.game_map import GameMap
from ...engine.mapfile import parse_map
from ...lab.generator import MODE_WORDS, GeneratorError, Knobs, build
from ...random_maps import (
    DEFAULT_KNOBS,
    SIZES,
    SYMMETRY_WORDS,
    UNIT_COUNTS,
    new_seed,
    squad,
)

LEVELS_KEY = "(random map)"  # who plays each team, remembered as for a map file of this name


def _cycled(values: tuple, value: object, step: int) -> object:
    return values[(values.index(value) + step) % len(values)]


@dataclass
class RandomChoice:
    """What the player chose; the other knobs (cover, walls, raised cover, bases) keep the
    generator's defaults, and the squad is the default one's classes taken in turn."""

    seed: int = field(default_factory=new_seed)
    size: int = DEFAULT_KNOBS.size
    mode: str = DEFAULT_KNOBS.mode
    symmetry: str = DEFAULT_KNOBS.symmetry
    units: int = len(DEFAULT_KNOBS.units)
    fog: bool = False
    _made: tuple[tuple[int, Knobs], GameMap | str] | None = field(default=None, repr=False)

    def unit_counts(self) -> tuple[int, ...]:
        """The squad sizes this board takes (a team's units start on its home rows)."""
        return tuple(n for n in UNIT_COUNTS if n <= self.size - 2)

    def step(self, knob: str, step: int) -> None:
        """The next (1) or previous (-1) value of a knob, round its values."""
        if knob == "size":
            self.size = _cycled(SIZES, self.size, step)
            self.units = min(self.units, self.unit_counts()[-1])
        elif knob == "mode":
            self.mode = _cycled(tuple(MODE_WORDS), self.mode, step)
        elif knob == "symmetry":
            self.symmetry = _cycled(tuple(SYMMETRY_WORDS), self.symmetry, step)
        elif knob == "units":
            self.units = _cycled(self.unit_counts(), self.units, step)
        elif knob == "seed":
            self.seed = new_seed()
        elif knob == "fog":
            self.fog = not self.fog

    def knobs(self) -> Knobs:
        return Knobs(size=self.size, mode=self.mode, units=squad(self.units),
                     symmetry=self.symmetry)

    def made(self) -> GameMap | str:
        """The map of the seed and knobs, or why none was found (one line); built once for
        each choice."""
        key = (self.seed, self.knobs())
        if self._made is None or self._made[0] != key:
            try:
                made: GameMap | str = parse_map(build(*key), f"random-map-{self.seed}")
            except GeneratorError as err:
                made = str(err)
            self._made = (key, made)
        return self._made[1]
