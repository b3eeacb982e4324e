"""The dice generator's state as an immutable value, so that a game state holding it is one too.

A game's dice come from one Mersenne Twister (`random.Random`, seeded with the game's seed), and
a save's digest holds its state (`Rng.getstate()`), so the generator cannot change. But taking
its state costs more than a whole random action, so an `Rng` is a position instead: `at` 32-bit
words drawn from a root (a seed, or a generator state). Handles share one live generator, a
`_Stream`; one whose position the stream stands at may draw on it in place (`take`), which is
what a game played on does. Any other position (a copy that already drew, an undone state, a
branch of a search) gets a generator of its own, set to the root and moved on by its words: the
same dice, for a few microseconds.
"""

from __future__ import annotations

import random
import threading
from typing import Any

Root = int | tuple[Any, ...]  # a seed, or random.Random.getstate()


_getrandbits, _random = random.Random.getrandbits, random.Random.random


class Counting(random.Random):
    """A generator that counts the 32-bit words it has drawn (every draw of random.Random goes
    through getrandbits or random, so no word is missed)."""

    words = 0

    def getrandbits(self, k: int) -> int:
        self.words += (k + 31) // 32
        return _getrandbits(self, k)

    def random(self) -> float:
        self.words += 2  # a 53-bit float is two words
        return _random(self)


def _generator(root: Root, words: int) -> Counting:
    """A generator `words` words on from `root`."""
    gen = Counting(root if isinstance(root, int) else 0)
    if not isinstance(root, int):
        gen.setstate(root)
    if words:
        gen.getrandbits(32 * words)  # exactly `words` words, in one call
    return gen


class _Stream:
    """One live generator shared by handles; `busy` while a drawing holds it."""

    def __init__(self, gen: Counting) -> None:
        self.gen = gen
        self.busy = False
        self.lock = threading.Lock()


class Rng:
    """A generator's state, `at` words drawn from `root`: compared, hashed and copied as such."""

    __slots__ = ("root", "at", "_stream")

    def __init__(self, root: Root, at: int, stream: _Stream) -> None:
        self.root, self.at, self._stream = root, at, stream

    @classmethod
    def seeded(cls, seed: int) -> Rng:
        """The state of random.Random(seed)."""
        return cls(seed, 0, _Stream(_generator(seed, 0)))

    @classmethod
    def from_state(cls, state: tuple[Any, ...]) -> Rng:
        """The generator whose random.Random.getstate() is `state`."""
        return cls(state, 0, _Stream(_generator(state, 0)))

    def getstate(self) -> tuple[Any, ...]:
        """random.Random.getstate() of the generator at this position (a save's digest)."""
        return self.generator().getstate()

    def generator(self) -> random.Random:
        """A generator of its own at this position: drawing from it changes nothing here."""
        return _generator(self.root, self.at)

    def take(self) -> Counting:
        """A generator at this position to draw from until `done`: the shared one if it stands
        here and no other drawing holds it (a game played on), else one of its own."""
        stream = self._stream
        with stream.lock:
            if not stream.busy and stream.gen.words == self.at:
                stream.busy = True
                return stream.gen
        return _generator(self.root, self.at)

    def done(self, gen: Counting) -> Rng:
        """Where `gen` (from `take`) has drawn to, and the shared generator free again."""
        stream = self._stream
        if gen is stream.gen:
            stream.busy = False
        else:
            stream = _Stream(gen)
        return self if gen.words == self.at else Rng(self.root, gen.words, stream)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rng):
            return NotImplemented
        return self.at == other.at and self.root == other.root

    def __hash__(self) -> int:
        return hash((self.at, self.root))

    def __repr__(self) -> str:
        root = self.root if isinstance(self.root, int) else "<state>"
        return f"Rng(root={root}, at={self.at})"
