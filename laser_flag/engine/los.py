"""Line of sight, RULES.md §4: exact sight-point segments and a per-map visibility cache.

All geometry is in doubled coordinates, where every sight point is an integer:
tile (r, c) is the square [2c, 2c+2] x [2r, 2r+2] and a point is (x2, y2).

The cache works on wall bitsets. For an offset (dr, dc) from tile A to tile B,
each of the 81 sight-point segments touches a fixed set of cells relative to A
(its "pattern"); B is visible from A when some pattern holds no wall. Only the
minimal patterns matter, and one pass of big-int ANDs answers an offset for
every source tile A at once. Patterns leave out A's and B's own cells, which is
exactly the rule that the ends' own wall squares are ignored: wall tiles as ends
come out exact too, with no special case.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from functools import cache
from itertools import compress, product

Pos = tuple[int, int]  # (row, col)
Point2 = tuple[int, int]  # (x2, y2): a point in doubled coordinates, x from the column

WALL = "wall"
STANDARD_SIDE = 21  # the largest side RULES.md §1 allows; smaller maps share its tables
SIGHT_OFFSETS: tuple[Point2, ...] = tuple(product(range(3), repeat=2))
_BITS_TO_BYTES = bytes.maketrans(b"01", b"\x00\x01")
_BYTES_TO_BITS = bytes.maketrans(b"\x00\x01", b"01")


def sight_points(pos: Pos) -> tuple[Point2, ...]:
    """The 9 sight points of a tile: centre, corners and edge midpoints, doubled."""
    r, c = pos
    return tuple((2 * c + i, 2 * r + j) for i, j in SIGHT_OFFSETS)


def touches(p2: Point2, q2: Point2, cell: Pos) -> bool:
    """Whether the closed segment p2-q2 meets the closed square of `cell` (separating axes)."""
    (x0, y0), (x1, y1) = p2, q2
    left, top = 2 * cell[1], 2 * cell[0]
    if max(x0, x1) < left or min(x0, x1) > left + 2 or max(y0, y1) < top or min(y0, y1) > top + 2:
        return False
    dx, dy = x1 - x0, y1 - y0
    # Which side of the segment's line each corner is on; touching unless all strictly one side.
    sides = [dx * (y - y0) - dy * (x - x0) for x in (left, left + 2) for y in (top, top + 2)]
    return min(sides) <= 0 <= max(sides)


def _walls(tiles: Sequence[Sequence[str]]) -> list[Pos]:
    return [(r, c) for r, row in enumerate(tiles) for c, kind in enumerate(row) if kind == WALL]


def _clear_of(walls: Collection[Pos], p2: Point2, q2: Point2) -> bool:
    return not any(touches(p2, q2, w) for w in walls)


def segment_clear(
    tiles: Sequence[Sequence[str]], p2: Point2, q2: Point2, ignore: Collection[Pos] = ()
) -> bool:
    """Reference check of one segment: True if it touches no wall square outside `ignore`."""
    return _clear_of([w for w in _walls(tiles) if w not in ignore], p2, q2)


def _distance(p: Pos, q: Pos) -> int:
    return max(abs(p[0] - q[0]), abs(p[1] - q[1]))


def has_los_exact(tiles: Sequence[Sequence[str]], a: Pos, b: Pos) -> bool:
    """The slow, obviously-correct LOS of RULES §4: try all 81 sight-point pairs."""
    if a == b:
        return True
    # Every segment lies in the bounding box of A and B, so only walls touching it can block.
    rows = range(max(0, min(a[0], b[0]) - 1), min(len(tiles), max(a[0], b[0]) + 2))
    cols = range(max(0, min(a[1], b[1]) - 1), min(len(tiles[0]), max(a[1], b[1]) + 2))
    walls = [(r, c) for r in rows for c in cols if tiles[r][c] == WALL and (r, c) not in (a, b)]
    walls.sort(key=lambda w: min(_distance(w, a), _distance(w, b)))  # near walls block most
    return any(_clear_of(walls, p, q) for p in sight_points(a) for q in sight_points(b))


def segment_strips(p2: Point2, q2: Point2) -> Iterator[tuple[int, int, int]]:
    """(column, first row, last row) of the cells the closed segment meets, column by column."""
    (x0, y0), (x1, y1) = sorted((p2, q2))
    columns = range((x0 - 1) // 2, x1 // 2 + 1)  # columns with 2c <= x1 and 2c + 2 >= x0
    if x0 == x1:
        for c in columns:
            yield c, (y0 - 1) // 2, y1 // 2
        return
    dx, dy = x1 - x0, y1 - y0
    two, base = 2 * dx, y0 * dx - dy * x0  # y scaled by dx stays integral: y * dx = base + dy * x
    for c in columns:  # the strip's part of the segment spans x in [xa, xb]
        xa = 2 * c if 2 * c > x0 else x0
        xb = 2 * c + 2 if 2 * c + 2 < x1 else x1
        lo, hi = (base + dy * xa, base + dy * xb) if dy >= 0 else (base + dy * xb, base + dy * xa)
        yield c, -((two - lo) // two), hi // two


@cache
def _canonical_patterns(dr: int, dc: int) -> tuple[tuple[Pos, ...], ...]:
    """Minimal cell sets (relative to A, ends excluded) of segments from (0, 0) to (dr, dc).

    Needs dr >= dc >= 0; every other offset is a reflection or transposition of one of these.
    Cell sets are bitmasks here, column-major over rows -1..dr+1, so strips are bit runs.
    """
    height = dr + 3
    ends = 1 << (height + 1) | 1 << ((dc + 1) * height + dr + 1)
    masks = {
        sum(
            ((2 << (last - first)) - 1) << ((c + 1) * height + first + 1)
            for c, first, last in segment_strips(p, q)
        )
        & ~ends
        for p in sight_points((0, 0))
        for q in sight_points((dr, dc))
    }
    minimal: list[int] = []
    for mask in sorted(masks, key=int.bit_count):
        if not any(kept & mask == kept for kept in minimal):
            minimal.append(mask)
    cells = [(i % height - 1, i // height - 1) for i in range(height * (dc + 3))]
    return tuple(tuple(compress(cells, bits_of(mask))) for mask in minimal)


def bits_of(n: int) -> bytes:
    """The bits of n, lowest first, one byte (0 or 1) each."""
    return format(n, "b")[::-1].encode().translate(_BITS_TO_BYTES)


Symmetry = tuple[bool, int, int]  # (transposed, row sign, column sign)


def _canonical_of(dr: int, dc: int) -> tuple[int, int, Symmetry]:
    """The canonical offset (R >= C >= 0) of (dr, dc) and the symmetry taking it back."""
    signs = (-1 if dr < 0 else 1, -1 if dc < 0 else 1)
    if abs(dr) >= abs(dc):
        return abs(dr), abs(dc), (False, *signs)
    return abs(dc), abs(dr), (True, *signs)


def _apply(symmetry: Symmetry, cell: Pos) -> Pos:
    """Reflect (about A's centre) and transpose a cell as the symmetry says."""
    transposed, sr, sc = symmetry
    r, c = cell[::-1] if transposed else cell
    return sr * r, sc * c


class _Tables:
    """Per-side-limit tables: each offset's patterns as indices into shifted wall sets.

    Patterns are kept for canonical offsets only; an offset of the dr >= 0 half reads them
    through its symmetry's view of the shifted wall sets (a fixed permutation of them).
    """

    def __init__(self, side: int) -> None:
        self.width = 2 * side - 1  # row stride of the padded bitset: no wrap for |dc| < side
        self.centre = (side - 1) * (self.width + 1)  # index of the empty shift
        reach = range(-side + 1, side)  # cells beyond are never on a board of this side limit
        self.index = {cell: i for i, cell in enumerate(product(reach, reach))}  # r*width+c+centre
        symmetries = list(product((False, True), (1,), (1, -1)))  # dr >= 0 needs no row flip
        self.views = [[self.index[_apply(s, cell)] for cell in self.index] for s in symmetries]
        # (dr, dc, shift, view, canonical offset): its patterns are made when a map first needs
        # them, so a small map never pays for the long offsets only a big one has.
        self.offsets: list[tuple[int, int, int, int, tuple[int, int]]] = []
        for dr, dc in product(range(side), reach):
            if dr > 0 or dc > 0:
                big, small, symmetry = _canonical_of(dr, dc)
                view = symmetries.index(symmetry)
                self.offsets.append((dr, dc, dr * self.width + dc, view, (big, small)))
        self._splits: dict[tuple[int, int], tuple[tuple[int, ...], list[tuple[int, ...]]]] = {}

    def split(self, canonical: tuple[int, int]) -> tuple[tuple[int, ...], list[tuple[int, ...]]]:
        """The canonical offset's cells all patterns share, then each pattern's others."""
        if canonical not in self._splits:
            self._splits[canonical] = _split(*canonical, self.index)
        return self._splits[canonical]


def _split(
    dr: int, dc: int, index: dict[Pos, int]
) -> tuple[tuple[int, ...], list[tuple[int, ...]]]:
    """A canonical offset's cells all patterns share, then each pattern's others, as indices."""
    patterns = [[index[cell] for cell in p if cell in index] for p in _canonical_patterns(dr, dc)]
    core = set(patterns[0]).intersection(*patterns[1:])
    return tuple(sorted(core)), [tuple(i for i in p if i not in core) for p in patterns]


@cache
def _tables(side: int) -> _Tables:
    return _Tables(side)


class Visibility:
    """The LOS cache of one map: every answer precomputed, so queries never redo geometry.

    Each tile's answers are one bitset (bit r * width + c for tile (r, c)): what a sight store
    keeps (`sight.py`), and what `sees` reads.
    """

    def __init__(self, tiles: Sequence[Sequence[str]]) -> None:
        rows, cols = len(tiles), len(tiles[0]) if tiles else 0
        self._setup(rows, cols, _seen_bitsets(tiles, rows, cols))

    @classmethod
    def from_bitsets(cls, rows: int, cols: int, seen: Sequence[int]) -> Visibility:
        """The cache of a rows x cols map from `bitsets()` of a Visibility built for it."""
        vis = cls.__new__(cls)
        vis._setup(rows, cols, seen)
        return vis

    @staticmethod
    def size(rows: int, cols: int) -> int:
        """How many bits a tile's answers span on a rows x cols map."""
        return rows * _width(rows, cols)

    def _setup(self, rows: int, cols: int, seen: Sequence[int]) -> None:
        width = _width(rows, cols)
        self._bit = {(r, c): r * width + c for r in range(rows) for c in range(cols)}
        self._seen = dict(zip(self._bit, seen, strict=True))
        self._positions: list[Pos | None] = [None] * (rows * width)
        for pos, i in self._bit.items():
            self._positions[i] = pos
        self._visible: dict[Pos, frozenset[Pos]] = {}
        self._mask = {pos: 1 << i for pos, i in self._bit.items()}  # each tile's own bit

    def bitsets(self) -> list[int]:
        """Each tile's answers in reading order, for `from_bitsets`."""
        return list(self._seen.values())

    def sees(self, a: Pos, b: Pos) -> bool:
        """Whether a has LOS to b: symmetric, a tile sees itself; KeyError off the board."""
        seen = self._seen[a]
        i = self._bit.get(b)
        return i is not None and seen >> i & 1 == 1

    def index(self, a: Pos) -> int:
        """The index of tile a's bit in every answer (`seen_bits`)."""
        return self._bit[a]

    def seen_bits(self, a: Pos) -> int:
        """Every tile a sees, as a bitset of `tile_bits`."""
        return self._seen[a]

    def tile_bits(self, tiles: Iterable[Pos]) -> int:
        """The bitset of some distinct tiles, to compare with `seen_bits`."""
        return sum(map(self._mask.__getitem__, tiles))

    def visible_from(self, a: Pos) -> frozenset[Pos]:
        """Every tile a sees, a itself included."""
        seen = self._visible.get(a)
        if seen is None:
            seen = self._visible[a] = frozenset(
                compress(self._positions, bits_of(self._seen[a])))  # type: ignore[arg-type]
        return seen


def _width(rows: int, cols: int) -> int:
    """The row stride of the answers' bitsets: the sight tables' (no wrap for any offset)."""
    return max(STANDARD_SIDE, rows, cols) * 2 - 1


def _seen_bitsets(tiles: Sequence[Sequence[str]], rows: int, cols: int) -> list[int]:
    """Each tile's bitset of the tiles it sees, in reading order, from the offset tables."""
    tables = _tables(max(STANDARD_SIDE, rows, cols))
    width, size = tables.width, rows * tables.width
    walls = sum(1 << (r * width + c) for r, c in _walls(tiles))
    # opens[i] has the bit of tile A set when A + cell(i) is not a wall.
    opens = [
        ~(walls >> s if s >= 0 else walls << -s)
        for s in range(-tables.centre, tables.centre + 1)
    ]
    views = [[opens[i] for i in view] for view in tables.views]
    # matrix[i * size + j] is 1 when padded tile i sees padded tile j.
    matrix = bytearray(size * size)
    _write_pair_diagonal(matrix, size, 0, _sources(rows, cols, width, 0, 0))
    for dr, dc, shift, view, canonical in tables.offsets:
        if dr < rows and abs(dc) < cols:
            core, rest = tables.split(canonical)
            seen = _seen(_sources(rows, cols, width, dr, dc), views[view], core, rest)
            _write_pair_diagonal(matrix, size, shift, seen)
    return [
        int(matrix[i * size : (i + 1) * size].translate(_BYTES_TO_BITS)[::-1], 2)
        for r in range(rows) for i in range(r * width, r * width + cols)
    ]


def _sources(rows: int, cols: int, width: int, dr: int, dc: int) -> int:
    """Bitset of tiles A (dr >= 0) for which A + (dr, dc) is on the board too."""
    nrows, ncols = rows - dr, cols - abs(dc)
    row_bits = ((1 << ncols) - 1) << max(0, -dc)
    every_row = ((1 << (nrows * width)) - 1) // ((1 << width) - 1)  # bit 0 of each of nrows rows
    return every_row * row_bits


def _seen(
    candidates: int, opens: list[int], core: Sequence[int], rest: Sequence[Sequence[int]]
) -> int:
    """Bitset of the candidate tiles from which some pattern is free of walls."""
    for i in core:
        candidates &= opens[i]
    seen = 0
    for cells in rest:
        if not candidates:
            break
        clear = candidates
        for i in cells:
            clear &= opens[i]
            if not clear:
                break
        seen |= clear
        candidates ^= clear
    return seen


def _write_pair_diagonal(matrix: bytearray, size: int, shift: int, seen: int) -> None:
    """Mark i -> i + shift and i + shift -> i as seen for every bit i of `seen`."""
    if not seen:
        return
    count = size - shift
    bits = bits_of(seen).ljust(count, b"\0")
    stop = (count - 1) * (size + 1) + 1
    matrix[shift : shift + stop : size + 1] = bits
    matrix[shift * size : shift * size + stop : size + 1] = bits
