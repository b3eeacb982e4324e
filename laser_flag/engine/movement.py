"""Destinations and paths of one move action (RULES.md §3, Move).

The search works on bitsets: tile (r, c) is bit r * stride + c, with one always-blocked padding
column per row so that a step off either side of a row lands on nothing. A search's states
(tile, diagonals used) are one bitset too, a level of tiles per number of diagonals. One step
of every state is then a few shifts, so a search costs about a hundred integer operations,
however many tiles it reaches.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from functools import reduce
from itertools import compress, count, repeat
from operator import or_
from typing import Any, TypeVar

from .game_map import ELEVATED, NEIGHBOURS, WALL, GameMap, Pos
from .los import bits_of

T = TypeVar("T")


class _Grid:
    """A map's tiles as bitsets (kept on the map): where a walk may stand, where it climbs,
    and from where each diagonal step is allowed; a search's levels (`_Levels`) spread them."""

    def __init__(self, gm: GameMap) -> None:
        self.stride = stride = gm.cols + 1
        self.positions: list[Pos | None] = [
            (i // stride, i % stride) if i % stride < gm.cols else None
            for i in range(gm.rows * stride)
        ]
        self.index = {pos: i for i, pos in enumerate(self.positions) if pos is not None}
        self.bit = {pos: 1 << i for pos, i in self.index.items()}
        self.open = self.bits(p for p in self.index if gm.kind(p) != WALL)
        self.cover = self.bits(p for p in self.index if gm.kind(p) == ELEVATED)
        # (bit offset of the step, is it diagonal, tiles it may start from), NEIGHBOURS order;
        # a diagonal step may not cut a wall corner.
        self.steps = [
            (dr * stride + dc, dr != 0 and dc != 0,
             self.bits(p for p in self.index if gm.kind((p[0] + dr, p[1])) != WALL
                       and gm.kind((p[0], p[1] + dc)) != WALL))
            for dr, dc in NEIGHBOURS
        ]
        self.corners = [starts for _, diagonal, starts in self.steps if diagonal]  # NW NE SW SE
        self._levels: dict[int, _Levels] = {}
        # Per bit: the bits one orthogonal step may come onto it from, then one diagonal step,
        # each in NEIGHBOURS order (the order Reach.path tries them in).
        self.arrive_from = [
            tuple([i - offset for offset, diagonal, starts in self.steps
                   if diagonal == diagonals and i >= offset and starts >> i - offset & 1]
                  for diagonals in (False, True))
            for i in range(len(self.positions))
        ]

    def bits(self, tiles: Iterable[Pos]) -> int:
        """The bitset of the tiles that are on the map."""
        return reduce(or_, map(self.bit.get, tiles, repeat(0)), 0)

    def levels(self, count: int) -> _Levels:
        """The masks of a search whose states use 0 to count - 1 diagonals (kept per count)."""
        levels = self._levels.get(count)
        if levels is None:
            levels = self._levels[count] = _Levels(self, count)
        return levels


class _Levels:
    """A search's states as one bitset: the tiles of the states with d diagonals are the grid's
    bits shifted up by d * `width` (level d), so one shift steps every level at once and a
    diagonal step is one more shift up a level. `width` leaves a gap above each level's tiles
    wider than any step, so a step off a level lands in a gap, which every mask leaves out.
    """

    def __init__(self, grid: _Grid, count: int) -> None:
        self.count, self.grid, self.stride = count, grid, grid.stride
        self.width = width = len(grid.positions) + grid.stride + 1
        self.each = sum(1 << d * width for d in range(count))  # times a grid bitset: every level
        self.all = (1 << count * width) - 1
        self.board = (1 << width) - 1
        self.below_last = (1 << (count - 1) * width) - 1  # the levels a diagonal step leaves
        self.open = grid.open * self.each
        self.cover = grid.cover * self.each
        self.not_cover = self.all ^ self.cover  # a mask of positive ints: `&` with it is cheap
        # From where each diagonal step (NW NE SW SE) may go, as seen from the row above (NW,
        # NE) or below (SW, SE), then a column across and a level up (`rises`): states below
        # the last level, on a tile the step may start from, whose landing tile is open. The
        # masks are taken before the shift, so the shifted numbers are a level narrower.
        w = grid.stride
        self.rises = left, right = width - 1, width + 1  # a column across, a level up
        nw, ne, sw, se = (starts * self.each & self.below_last for starts in grid.corners)
        self.departs = (nw >> w & self.open >> left, ne >> w & self.open >> right,
                        sw << w & self.open >> left, se << w & self.open >> right)
        self.levels_up = [d * width for d in range(1, count)]  # the shifts to each level
        self.spreads = []  # the shifts that OR each level into every level above it
        spread = width
        while spread < count * width:
            self.spreads.append(spread)
            spread *= 2

    def steps(self, states: int) -> int:
        """Every open tile one step from some state: one orthogonal step away at the state's
        level, one diagonal step away (not cutting a wall corner, from below the last level) a
        level up. The diagonal steps go on from the rows above and below: a padding column
        keeps a row's ends apart."""
        up, down = states >> self.stride, states << self.stride
        nw, ne, sw, se = self.departs
        left, right = self.rises
        return ((up | down | states >> 1 | states << 1) & self.open
                | (up & nw | down & sw) << left | (up & ne | down & se) << right)

    def and_above(self, states: int) -> int:
        """Each level's tiles, also at every level above it."""
        for spread in self.spreads:
            states |= states << spread
        return states & self.all

    def everywhere(self, tiles: int) -> int:
        """A grid bitset's tiles at every level: and_above() of level 0 alone, in fewer and
        narrower shifts (a search asks it of the blocked tiles)."""
        every = tiles
        for level in self.levels_up:
            every |= tiles << level
        return every

    def tiles(self, states: int) -> int:
        """The tiles of some states, whatever their level (a grid bitset)."""
        for spread in self.spreads:
            states |= states >> spread
        return states & self.board

    def walk_on(self, front: int, kept: int, free: int, climbs_freely: bool
                ) -> tuple[int, int, int]:
        """One step of a search from the states `front`: the next layer's states worth keeping,
        the tiles the step tries (at the levels it lands on), and `kept` with them.
        `kept` holds at each level the tiles with a state of at most that many diagonals, `free`
        the tiles a walk may stand on at every level. A step onto cover from the floor walks no
        further (unless the class climbs freely)."""
        tried = self.steps(front)
        onto = tried & free
        if not climbs_freely and onto & self.cover:  # from cover only a walk on cover goes on
            onto &= self.not_cover
            high = front & self.cover
            if high:
                onto |= self.steps(high) & free
        fewer = self.and_above(onto)
        known = onto & (kept | fewer << self.width)
        return onto ^ known, tried, kept | fewer  # (`^` of a part: no `~`, which is slow)


def grid_of(gm: GameMap) -> _Grid:
    """The map's tiles as bitsets, made once per map."""
    return gm.memo(_Grid)


def tile_bits(gm: GameMap, tiles: Iterable[Pos]) -> int:
    """The bitset of some tiles of the map, as Reach.depends_on_any and search_bits read it."""
    return grid_of(gm).bits(tiles)


def bit_of_tile(gm: GameMap) -> Mapping[Pos, int]:
    """Each tile's bit (tile_bits of that tile alone), for a caller that keeps a bitset of
    tiles up to date one tile at a time."""
    return grid_of(gm).bit


def tile_table(gm: GameMap, make: Callable[[Pos], T]) -> list[T | None]:
    """make(tile) for every tile of the map, at its bit's index (None in the padding): the
    table Reach.pick reads the destinations' entries from."""
    return [None if pos is None else make(pos) for pos in grid_of(gm).positions]


# What one search walked, shared by every Reach made of it (`Reach.also_blocking`): a plain
# tuple (layers, asked_by_layer, kept_by_layer) of tuples of ints, which the garbage collector
# stops tracking (a map keeps thousands of searches, and a full collection goes through each).
#
# `layers[k]` holds the states a walk of k steps stands on and may go on from (the states
# worth keeping), a walk with d diagonals on level d (`_Levels`); the paths are read back from
# them. `asked_by_layer[k]` holds the tiles the first k + 1 steps tried to step on, free or
# occupied, at the levels the steps land on (only ever read at any level), and
# `kept_by_layer[k]` at each level d the tiles with a state of at most d diagonals in layers 0
# to k: a search that goes on from layer k starts from them.
Walked = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class Reach:
    """The result of one move search: the destinations, a legal path to each, and which tiles'
    being free or occupied it depends on (so a caller can keep it while those stay as they were).
    """

    __slots__ = ("start", "_among", "_grid", "_levels", "_climbs_freely", "_walked", "asked",
                 "_arrivals", "size", "depends", "_indices")

    def __init__(self, grid: _Grid, levels: _Levels, start: Pos, climbs_freely: bool,
                 walked: Walked, asked: int, blocked: int, searched_among: int | None = None
                 ) -> None:
        self.start = start
        # the tiles blocked when the layers were searched (`blocked` may add some, also_blocking)
        self._among = blocked if searched_among is None else searched_among
        self._grid, self._levels = grid, levels
        self._climbs_freely = climbs_freely
        self._walked = walked
        self.asked = asked  # every tile asked, at any level
        start_tile = walked[0][0]  # the first layer: the start's tile alone
        self.depends = asked | start_tile  # depends_on_any's bits, read by Game per action
        self._arrivals = self.depends ^ (self.depends & (blocked | start_tile))  # no `~`
        self.size = self._arrivals.bit_count()  # len(): legal_actions() counts on every call
        self._indices: list[int] | None = None  # the destinations' bit indices, once asked

    def walked_on(self, speed: int) -> int:
        """The tiles whose being blocked may change more than whether they are destinations:
        those asked before the last of `speed` steps (a walk goes on from them). When the
        search stopped early (the map ran out), every tile asked."""
        asked_by_layer = self._walked[1]
        if len(asked_by_layer) < speed:
            return self.asked
        return self._levels.tiles(asked_by_layer[-2]) if speed > 1 else 0

    def also_blocking(self, blocked: int) -> Reach:
        """This search with `blocked` (a superset of its own blocked tiles, the rest of them
        outside `walked_on`) blocked too: the same walks, fewer destinations."""
        return Reach(self._grid, self._levels, self.start, self._climbs_freely, self._walked,
                     self.asked, blocked, self._among)

    def steps_alike(self, blocked: int) -> int:
        """How many of its layers a search of the same walk among `blocked` makes the same: those
        before the first step that tried a tile blocked in one search and free in the other."""
        layers, asked_by_layer, _ = self._walked
        changed = self._levels.everywhere(self._among ^ blocked)
        for k, asked in enumerate(asked_by_layer):
            if asked & changed:
                return k + 1
        return len(layers)

    def first_steps(self, steps: int) -> tuple[list[int], list[int], list[int]]:
        """Its first `steps` layers (the start's included), what they asked and kept."""
        layers, asked_by_layer, kept_by_layer = self._walked
        return (list(layers[:steps]), list(asked_by_layer[:steps - 1]),
                list(kept_by_layer[:steps]))

    def __contains__(self, pos: object) -> bool:
        i = self._grid.index.get(pos)  # type: ignore[call-overload]
        return i is not None and self._arrivals >> i & 1 == 1

    def __iter__(self) -> Iterator[Pos]:
        """The destinations in reading order (row, then column)."""
        return iter(self.pick(self._grid.positions))  # type: ignore[arg-type]

    def pick(self, table: Sequence[T]) -> list[T]:
        """The entries of a `tile_table` at the destinations, in reading order: the game's
        Move actions are picked so, made once per map."""
        return list(map(table.__getitem__, self._destination_indices()))

    def pick_one(self, table: Sequence[T], index: int) -> T:
        """pick(table)[index] (0 <= index < len(self)), without the others: a random player
        reads one destination of each search, and listing them all would cost it four times
        as much as splitting the arrivals' binary digits once."""
        if self._indices is not None:
            return table[self._indices[index]]
        digits = format(self._arrivals, "b")  # the highest bit first
        above = self.size - 1 - index  # destinations after this one: split from the nearer end
        if above < index:  # the digits that follow its 1 count its bit's index
            return table[len(digits.split("1", above + 1)[-1])]
        before = digits.rsplit("1", index + 1)[0]  # the digits that come before its 1
        return table[len(digits) - 1 - len(before)]

    def _destination_indices(self) -> list[int]:
        """The destinations' bit indices, ascending (reading order); kept, as searches are."""
        if self._indices is None:  # from the first destination's bit on: a shorter string
            arrivals = self._arrivals
            first = (arrivals & -arrivals).bit_length() - 1 if arrivals else 0
            self._indices = tuple(compress(count(first), bits_of(arrivals >> first)))
        return self._indices

    def __len__(self) -> int:
        return self.size

    def depends_on(self, pos: Pos) -> bool:
        """Whether the search asked if `pos` is free: a unit arriving at or leaving any other tile
        leaves this result exactly as it is."""
        return self.depends_on_any(self._grid.bits([pos]))

    def depends_on_any(self, tiles: int) -> bool:
        """depends_on() for a bitset of tiles (`tile_bits`), the start tile included."""
        return self.depends & tiles != 0

    def path(self, dest: Pos) -> tuple[Pos, ...]:
        """A shortest legal path to `dest`, start first and `dest` last: read back from the
        first layer that steps onto it, one state of the layer before at a time."""
        grid = self._grid
        i = grid.index.get(dest)
        if i is None or not self._arrivals >> i & 1:
            raise KeyError(dest)
        layers, asked_by_layer, _ = self._walked
        k, at_any_level = 1, (1 << i) * self._levels.each
        while not asked_by_layer[k - 1] & at_any_level:
            k += 1
        i, diagonals = self._step_onto(layers[k - 1], i)
        path = [dest, grid.positions[i]]
        climb_ends = 0 if self._climbs_freely else grid.cover
        width = self._levels.width
        for layer in reversed(layers[: k - 1]):
            # only a walk from cover may go on from cover
            allowed = climb_ends if climb_ends >> i & 1 else -1
            orthogonal, diagonal = grid.arrive_from[i]
            tiles = layer >> diagonals * width & allowed
            for i in orthogonal:
                if tiles >> i & 1:
                    break
            else:  # a diagonal step, from a state of one diagonal fewer
                diagonals -= 1
                tiles = layer >> diagonals * width & allowed
                for i in diagonal:
                    if tiles >> i & 1:
                        break
            path.append(grid.positions[i])
        return tuple(reversed(path))  # type: ignore[arg-type]

    def _step_onto(self, layer: int, i: int) -> tuple[int, int]:
        """A state (bit, diagonals) of `layer` one step from bit i: the last step of a walk."""
        orthogonal, diagonal = self._grid.arrive_from[i]
        width, last = self._levels.width, self._levels.count - 1
        for d in range(last + 1):
            tiles = layer >> d * width
            for j in orthogonal:
                if tiles >> j & 1:
                    return j, d
            if d < last:
                for j in diagonal:
                    if tiles >> j & 1:
                        return j, d
        raise AssertionError("an arrival no state of its layer steps onto")


def search(
    gm: GameMap,
    start: Pos,
    speed: int,
    climbs_freely: bool,
    occupied: Collection[Pos],
    max_diagonal: int | None = None,
) -> Reach:
    """Breadth-first search of one move over states (tile, diagonals used); `occupied` holds the
    tiles the caller counts as blocked by units.

    Diagonals are limited to half the speed unless `max_diagonal` says otherwise (how far a tile
    out of reach is). Searches are kept on the map by the units that matter to them.
    """
    return search_bits(gm, start, speed, climbs_freely, tile_bits(gm, occupied), max_diagonal)


def search_bits(gm: GameMap, start: Pos, speed: int, climbs_freely: bool, occupied: int,
                max_diagonal: int | None = None) -> Reach:
    """search() with the occupied tiles as a bitset (`tile_bits`)."""
    walk = walk_of(gm, speed, climbs_freely, max_diagonal)
    return kept_searches(gm).reach((start, *walk), occupied)


Walk = tuple[int, bool, int]  # speed, climbs_freely, max_diagonal: a search's rules of the walk


def walk_of(gm: GameMap, speed: int, climbs_freely: bool, max_diagonal: int | None = None
            ) -> Walk:
    """The walk of a search() so asked; diagonals are limited as search() says."""
    max_diagonal = speed // 2 if max_diagonal is None else max_diagonal
    # A walk never needs more diagonals than steps, nor than tiles (a shorter walk skips a loop).
    return speed, climbs_freely, min(max_diagonal, speed, gm.rows * gm.cols)


def kept_searches(gm: GameMap) -> KeptSearches:
    """The map's kept searches, for a caller that searches on nearly every action (Game): its
    `reach((start, *walk_of(...)), occupied)` is search_bits without the asking around."""
    return gm.memo(KeptSearches)


class KeptSearches:
    """The latest searches on a map, by what decides them (kept on the map): a bot's search
    tree meets the same units around the same tile again and again."""

    # Bounds the memory the searches kept may take, high enough that a game meeting the same
    # units around a tile again finds them (docs/BALANCE_LOG.md has the figures)
    LIMIT = 16384

    def __init__(self, gm: GameMap) -> None:
        self._grid = grid_of(gm)
        self._bit = self._grid.bit
        # Threads share a map (the client's bot thinks on a worker thread): a search kept is
        # added and the oldest dropped in one step under this lock; searches run outside it.
        self._lock = threading.Lock()
        self._found: OrderedDict[tuple[tuple[Pos, int, bool, int], int], Reach] = OrderedDict()
        # key -> the open-floor search, the tiles it asked (its start left out), its walked_on
        self._open_floor: OrderedDict[tuple[Pos, int, bool, int], tuple[Reach, int, int]] = (
            OrderedDict())

    def reach(self, key: tuple[Pos, int, bool, int], occupied: int) -> Reach:
        """The search of `key` (start, speed, climbs_freely, max_diagonal) among `occupied`.

        Only units on tiles the open-floor search asked about can change the answer (a walk
        among units is a walk on the open floor too); the unit's own tile never does. Units on
        tiles first asked at the last step only take those tiles out: the walks are the ones
        searched with the other units alone, so far more searches are found kept.
        """
        open_floor, asked, walked_on = self._open_floor.get(key) or self._walk_open_floor(key)
        blocked = occupied & asked
        if not blocked:
            return open_floor
        walked_on &= blocked
        reach = self._kept(self._found, (key, walked_on), open_floor) if walked_on else open_floor
        return reach if walked_on == blocked else reach.also_blocking(blocked)

    def _walk_open_floor(self, key: tuple[Pos, int, bool, int]) -> tuple[Reach, int, int]:
        reach = self._kept(self._found, (key, 0))
        found = (reach, reach.asked & ~self._bit[key[0]], reach.walked_on(key[1]))
        self._keep(self._open_floor, key, found)
        return found

    def _kept(self, found: OrderedDict[Any, Reach], at: tuple[Any, int],
              like: Reach | None = None) -> Reach:
        """The search `at` (key, blocked), made now if it is not kept; among units, it goes on
        from `like`'s (the open-floor search's) first layers, up to the first step onto a unit."""
        reach = found.get(at)
        if reach is not None:
            try:  # (not contextlib.suppress: three calls more on the hot path)  # noqa: SIM105
                found.move_to_end(at)
            except KeyError:  # another thread dropped it in between: the answer stands
                pass
            return reach
        key, blocked = at
        alike = like.steps_alike(blocked) if like is not None else 0
        reach = _search(self._grid, *key, blocked, like, alike)
        self._keep(found, at, reach)
        return reach

    def _keep(self, found: OrderedDict[Any, T], at: Any, value: T) -> None:
        """Keep a search's answer, the least recently used beyond LIMIT dropped. Two threads
        that made the same search at once keep either answer: they are equal."""
        with self._lock:
            found[at] = value
            if len(found) > self.LIMIT:
                found.popitem(last=False)


def _search(grid: _Grid, start: Pos, speed: int, climbs_freely: bool, max_diagonal: int,
            blocked: int, like: Reach | None = None, alike: int = 0) -> Reach:
    """The search itself, layer by layer. A state that may walk on is only worth keeping with
    fewer diagonals than any earlier state on its tile, or any state of its layer. A step that
    climbs onto cover ends its path (unless the class climbs freely): it makes its tile a
    destination but walks no further. The last step only asks which tiles it reaches (what
    it leaves behind is never walked on, nor read back by a path).

    `like`, a search of the same walk among other blocked tiles, lends its first `alike` layers
    (`steps_alike`): the search goes on from there.
    """
    levels = grid.levels(max_diagonal + 1)
    if like is None:
        origin = 1 << grid.index[start]
        layers, asked_by_layer, kept_by_layer = [origin], [], [levels.and_above(origin)]
    else:
        layers, asked_by_layer, kept_by_layer = like.first_steps(alike)
    front, kept = layers[-1], kept_by_layer[-1]
    asked = asked_by_layer[-1] if asked_by_layer else 0
    free = levels.open ^ (levels.open & levels.everywhere(blocked))  # no slow `*`, `~`
    for _ in range(speed - len(layers)):
        front, onto, kept = levels.walk_on(front, kept, free, climbs_freely)
        asked |= onto
        asked_by_layer.append(asked)
        if not front:  # nothing left to explore: a huge speed costs no more than the map
            break
        layers.append(front)
        kept_by_layer.append(kept)
    else:
        if speed > 0:
            asked_by_layer.append(asked | levels.steps(front))
    asked = levels.tiles(asked_by_layer[-1]) if asked_by_layer else 0
    walked = (tuple(layers), tuple(asked_by_layer), tuple(kept_by_layer))
    return Reach(grid, levels, start, climbs_freely, walked, asked, blocked)
