"""A map's LOS answers (RULES.md §4), kept between games by a store the app hands the engine.

Building a map's answers takes a few hundred milliseconds; a `SightStore` keeps them by the
digest of what LOS depends on (the size and the walls), so that the next process reads them
instead. The engine itself never opens a file: the client, the editor and the lab install a
store that keeps them in files (`laser_flag.sight_files`); by default they are kept in memory,
for this process only.

What a store hands back is never trusted, for whoever can write a file can write a checksum:
answers are used only if there is one per tile, none names a tile off the board, every tile
sees itself and its orthogonal neighbours, sight is symmetric, and a random sample of pairs
agrees with the exact LOS of RULES §4 (`has_los_exact`); otherwise they are built again, and
the store is handed the true ones. A forged "everything is visible" or "nothing is" file, bits
in the padding columns and a one-sided answer are all refused; what the sample cannot promise
is an answer wrong for a pair it did not draw, which a fresh build alone could.
"""

from __future__ import annotations

import hashlib
import random
import threading
from collections.abc import Sequence
from itertools import product
from typing import Protocol

from .los import WALL, Visibility, bits_of, has_los_exact

FORMAT = "laser-flag-sight"
VERSION = 1
SAMPLE_SEEN, SAMPLE_UNSEEN = 16, 8  # pairs checked against exact LOS, claimed seen and not
Tiles = Sequence[Sequence[str]]


class SightStore(Protocol):
    """Where LOS answers are kept by walls digest: `load` may hand back anything (it is
    checked); `keep` is told a map's true answers, and may fail silently."""

    def load(self, digest: str) -> Sequence[int] | None: ...

    def keep(self, digest: str, answers: Sequence[int]) -> None: ...


class MemoryStore:
    """Answers kept in this process only, safe to share between threads."""

    def __init__(self) -> None:
        self._answers: dict[str, tuple[int, ...]] = {}
        self._lock = threading.Lock()

    def load(self, digest: str) -> Sequence[int] | None:
        with self._lock:
            return self._answers.get(digest)

    def keep(self, digest: str, answers: Sequence[int]) -> None:
        with self._lock:
            self._answers[digest] = tuple(answers)


_installed: list[SightStore] = [MemoryStore()]


def install(store: SightStore) -> None:
    """Make `store` the one every map's answers are read from and kept in, from now on (the
    app and the lab do this as they start)."""
    _installed[0] = store


def installed() -> SightStore:
    return _installed[0]


def walls_digest(tiles: Tiles) -> str:
    """The digest of everything LOS depends on: the size and which tiles are walls."""
    rows = ["".join("#" if kind == WALL else "." for kind in row) for row in tiles]
    text = f"{FORMAT} {VERSION}\n" + "\n".join(rows)
    return hashlib.sha256(text.encode()).hexdigest()


def visibility(tiles: Tiles, store: SightStore | None = None) -> Visibility:
    """The map's LOS answers: the store's if they pass every check, else built (and kept)."""
    store = store or installed()
    rows, cols = len(tiles), len(tiles[0]) if tiles else 0
    digest = walls_digest(tiles)
    kept = store.load(digest)
    if kept is not None and problem(tiles, kept) is None:
        return Visibility.from_bitsets(rows, cols, list(kept))
    vis = Visibility(tiles)
    store.keep(digest, vis.bitsets())
    return vis


def problem(tiles: Tiles, answers: Sequence[int], rng: random.Random | None = None
            ) -> str | None:
    """Why `answers` cannot be the LOS answers of `tiles` (each tile's bitset, reading order,
    as Visibility.bitsets gives them), in a few words; None when every check passes. The
    sample's pairs are drawn from `rng`, by default one no file can foresee."""
    rows, cols = len(tiles), len(tiles[0]) if tiles else 0
    board = list(product(range(rows), range(cols)))
    if len(answers) != len(board) or not all(type(a) is int for a in answers):
        return "not one answer per tile"
    vis = Visibility.from_bitsets(rows, cols, list(answers))
    on_board = vis.tile_bits(board)
    if any(a < 0 or a & on_board != a for a in answers):
        return "an answer names a tile off the board"
    if not all(vis.sees(t, n) for t in board for n in _orthogonal(t, rows, cols)):
        return "a tile that does not see itself or its neighbours"
    if not _symmetric(vis, board, Visibility.size(rows, cols)):
        return "one tile sees another that does not see it"
    return _sampled(tiles, vis, board, rng or random.Random())


def _orthogonal(tile: tuple[int, int], rows: int, cols: int) -> list[tuple[int, int]]:
    """The tile and its neighbours across a side, on the board: a segment between two sight
    points of these crosses no square but theirs, so they always see each other."""
    r, c = tile
    return [(r + dr, c + dc) for dr, dc in ((0, 0), (0, 1), (1, 0))
            if r + dr < rows and c + dc < cols]


def _symmetric(vis: Visibility, board: list[tuple[int, int]], size: int) -> bool:
    """Whether every answer's bit matrix equals its transpose (rows and columns as bytes)."""
    matrix = bytearray(size * size)
    index = [vis.index(t) for t in board]
    for i, tile in zip(index, board, strict=True):
        row = bits_of(vis.seen_bits(tile))
        matrix[i * size: i * size + len(row)] = row
    return all(matrix[i * size: (i + 1) * size] == matrix[i::size] for i in index)


def _sampled(tiles: Tiles, vis: Visibility, board: list[tuple[int, int]],
             rng: random.Random) -> str | None:
    """A random sample of the answers, each way, against the exact LOS of RULES §4."""
    for seen, count in ((True, SAMPLE_SEEN), (False, SAMPLE_UNSEEN)):
        for _ in range(count):
            a = rng.choice(board)
            seen_from = vis.visible_from(a)
            others = [b for b in board if (b in seen_from) == seen and b != a]
            if not others:
                continue
            b = rng.choice(others)
            if has_los_exact(tiles, a, b) != seen:
                return f"{a} {'sees' if seen else 'does not see'} {b}, against the rules"
    return None
