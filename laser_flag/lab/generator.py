"""Random maps from a seed and a few knobs, valid by construction (no play: lab.fair_maps
measures them).

    data = build(7, Knobs(size=13, mode=CTF, symmetry=ROTATION))   # a map's JSON object

The same seed and knobs always give the same map (every draw comes from one
random.Random seeded with them). What `build` hands back always loads (mapfile), every
non-wall tile is reachable from every other one (so every base from its team's units, and
every unit from every enemy), no unit starts in sight of an enemy, and the map is its own
image under its symmetry with the teams swapped, tiles and units alike (in Assault the
bases alone break it: only team 2 has them). Team 1 starts at the bottom, team 2 at the top;
of the start tiles drawn, those from which the squad can walk least far toward the enemy
unseen are kept.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from laser_flag.bots.distances import walking_distance
from laser_flag.engine.game_map import (
    BASE_1,
    ELEVATED,
    FORMAT_VERSION,
    LEVEL,
    MAX_SIDE,
    ORTHOGONAL,
    WALL,
    Pos,
)
from laser_flag.engine.los import Visibility
from laser_flag.engine.ruleset import CLASSES
from laser_flag.engine.symmetry import ROTATE, TOP_BOTTOM, image_fn, swapped_tile
from laser_flag.i18n import N_, _, ngettext

CTF, ASSAULT, ELIMINATION = "ctf", "assault", "elimination"
MODES = (CTF, ASSAULT, ELIMINATION)
MODE_WORDS = {CTF: N_("Capture the Flag"), ASSAULT: N_("Assault"),
              ELIMINATION: N_("Elimination")}
MIRROR, ROTATION = "mirror", "rotation"
SYMMETRY_KINDS = {MIRROR: TOP_BOTTOM, ROTATION: ROTATE}
MIN_SIZE = 9  # below it a home band and a screen of walls leave no room to move
MAX_UNITS = 8
HOME_ROWS = 3  # each team starts on its last rows
ATTEMPTS = 200  # layouts drawn before giving up; the tests find every seed well inside it
START_TRIES = 60  # start tiles drawn per layout, the best kept, before a screening wall
SCREENS = 12  # screening walls added per layout before drawing a new one
KEY = "generated"  # the top-level key carrying the seed and knobs (MAP_FORMAT.md)
AUTHOR = "Laser Flag map generator"

ADJECTIVES = ("Amber", "Basalt", "Cobalt", "Copper", "Crimson", "Dusty", "Ember", "Frozen",
              "Gilded", "Hollow", "Iron", "Jade", "Lunar", "Misty", "Neon", "Obsidian", "Pale",
              "Quiet", "Rusty", "Silver", "Sunken", "Tangled", "Violet", "Windy")
NOUNS = ("Alley", "Arcade", "Bastion", "Causeway", "Citadel", "Courtyard", "Crossing",
         "Depot", "Foundry", "Gardens", "Harbour", "Junction", "Labyrinth", "Maze", "Outpost",
         "Plaza", "Quarry", "Ridge", "Ruins", "Terrace", "Vault", "Warehouse", "Yard")


class GeneratorError(ValueError):
    """Knobs that no map can satisfy; the message says which and why, in one line."""


@dataclass(frozen=True)
class Knobs:
    """What a generated map is like: `units` are each team's classes (the other team gets the
    same); `cover` and `walls` are shares of the board; `elevation` is the share of the cover
    raised in 2x2 blocks to stand on rather than scattered to hide behind; `bases` per team
    that has them (none in Elimination; only team 2 in Assault)."""

    size: int = 13
    mode: str = CTF
    units: tuple[str, ...] = ("basic", "scout", "sniper", "grunt")
    cover: float = 0.12
    walls: float = 0.14
    elevation: float = 0.3
    bases: int = 2
    symmetry: str = MIRROR

    def __post_init__(self) -> None:
        object.__setattr__(self, "units", tuple(self.units))
        problem = self.problem()
        if problem is not None:
            raise GeneratorError(problem)

    def problem(self) -> str | None:
        """Why no map has these knobs, or None."""
        if not MIN_SIZE <= self.size <= MAX_SIDE:
            return f"size {self.size}: must be {MIN_SIZE} to {MAX_SIDE}"
        if self.mode not in MODES:
            return f"mode {self.mode!r}: one of {', '.join(MODES)}"
        if self.symmetry not in SYMMETRY_KINDS:
            return f"symmetry {self.symmetry!r}: one of {', '.join(SYMMETRY_KINDS)}"
        if not 1 <= len(self.units) <= min(MAX_UNITS, self.size - 2):
            return (f"{len(self.units)} units a team: must be 1 to "
                    f"{min(MAX_UNITS, self.size - 2)} on a board of {self.size}")
        unknown = [u for u in self.units if u not in CLASSES]
        if unknown:
            return f"unknown class {unknown[0]!r}: one of {', '.join(CLASSES)}"
        for name, value, high in (("cover", self.cover, 0.3), ("walls", self.walls, 0.3),
                                  ("elevation", self.elevation, 1.0)):
            if not 0 <= value <= high:
                return f"{name} {value}: must be 0 to {high}"
        if not 1 <= self.bases <= 4:
            return f"bases {self.bases}: must be 1 to 4"
        return None

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "units": list(self.units)}

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> Knobs:
        """Knobs as `to_json` wrote them; GeneratorError when they are not."""
        try:
            return cls(**value)
        except TypeError as e:
            raise GeneratorError(f"knobs: {e}") from None


@dataclass
class _Board:
    """A layout being drawn: tiles, and the image function of its symmetry."""

    size: int
    image: Callable[[Pos], Pos]
    tiles: list[list[str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.tiles = [[LEVEL] * self.size for _ in range(self.size)]

    def inside(self, pos: Pos) -> bool:
        return 0 <= pos[0] < self.size and 0 <= pos[1] < self.size

    def kind(self, pos: Pos) -> str:
        return self.tiles[pos[0]][pos[1]]

    def is_wall(self, pos: Pos) -> bool:
        """A wall, or off the board (as GameMap.is_wall: walking_distance reads it)."""
        return not self.inside(pos) or self.kind(pos) == WALL

    def put(self, pos: Pos, kind: str) -> None:
        """`kind` on `pos` and its swapped image on the image tile: the symmetry holds."""
        image = self.image(pos)
        self.tiles[pos[0]][pos[1]] = kind
        self.tiles[image[0]][image[1]] = swapped_tile(kind)

    def positions(self) -> list[Pos]:
        return [(r, c) for r in range(self.size) for c in range(self.size)]

    def open_tiles(self) -> list[Pos]:
        return [p for p in self.positions() if self.kind(p) != WALL]

    def connected(self) -> bool:
        """Every non-wall tile reaches every other by orthogonal steps (which never cut a wall
        corner, so a unit can walk them all)."""
        tiles = self.open_tiles()
        if not tiles:
            return False
        seen, todo = {tiles[0]}, deque([tiles[0]])
        while todo:
            r, c = todo.popleft()
            for dr, dc in ORTHOGONAL:
                step = (r + dr, c + dc)
                if self.inside(step) and step not in seen and self.kind(step) != WALL:
                    seen.add(step)
                    todo.append(step)
        return len(seen) == len(tiles)


def build(seed: int, knobs: Knobs = Knobs(), candidate: int = 0) -> dict[str, Any]:
    """The map of `seed` (and `candidate`, a further draw from the same seed) as a JSON
    object; GeneratorError when no layout is found (the tests find one for every knob)."""
    rng = random.Random(f"laser-flag map {seed} {candidate}")
    for _attempt in range(ATTEMPTS):
        board = _Board(knobs.size, image_fn(SYMMETRY_KINDS[knobs.symmetry], knobs.size,
                                            knobs.size))
        _place_walls(board, rng, knobs.walls)
        _place_cover(board, rng, knobs.cover, knobs.elevation)
        bases = _place_bases(board, rng, knobs)
        starts = _place_starts(board, rng, len(knobs.units))
        if starts is not None:
            _assault_bases(board, knobs.mode, bases)
            return _map_data(seed, candidate, knobs, board, starts, name(rng))
    raise GeneratorError(f"seed {seed}: no layout keeps the squads out of sight of each other "
                         f"in {ATTEMPTS} tries: fewer units or a larger board")


def name(rng: random.Random) -> str:
    """A two-word name drawn from the map's own random generator, e.g. "Copper Causeway"."""
    return f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}"


def _first_half(board: _Board) -> list[Pos]:
    """Tiles that come before their image, and those that are their own image: drawing on
    these and putting the image keeps the symmetry."""
    return [p for p in board.positions() if p <= board.image(p)]


def _home(board: _Board) -> list[Pos]:
    """Team 1's home band: its last rows (team 2's is its image)."""
    return [(r, c) for r in range(board.size - HOME_ROWS, board.size) for c in range(board.size)]


def _place_walls(board: _Board, rng: random.Random, share: float) -> None:
    """Short wall pieces (1-3 tiles, straight) until `share` of the board is wall; a piece
    that would cut the open tiles apart is taken back."""
    target = round(share * board.size * board.size)
    homes = {q for p in _home(board) for q in (p, board.image(p))}
    spots = [p for p in _first_half(board) if p not in homes]
    for _try in range(target * 4):
        if sum(row.count(WALL) for row in board.tiles) >= target:
            return
        _try_wall(board, _piece(rng, rng.choice(spots)))


def _piece(rng: random.Random, at: Pos) -> list[Pos]:
    dr, dc = rng.choice(ORTHOGONAL)
    return [(at[0] + dr * i, at[1] + dc * i) for i in range(rng.randint(1, 3))]


def _try_wall(board: _Board, cells: Iterable[Pos]) -> bool:
    """Wall on `cells` (and their images) unless it would cut the board apart; a base stays."""
    before = {p: board.kind(p) for c in cells if board.inside(c) for p in (c, board.image(c))
              if board.kind(c) in (LEVEL, ELEVATED)}
    for pos in before:
        board.put(pos, WALL)
    if board.connected():
        return True
    for pos, kind in before.items():
        board.tiles[pos[0]][pos[1]] = kind
    return False


def _place_cover(board: _Board, rng: random.Random, share: float, elevation: float) -> None:
    """Cover on `share` of the open tiles: `elevation` of it in 2x2 blocks, the rest single."""
    target = round(share * len(board.open_tiles()))
    raised = round(target * elevation)
    spots = _first_half(board)
    for _try in range(target * 4):
        placed = sum(row.count(ELEVATED) for row in board.tiles)
        if placed >= target:
            return
        r, c = rng.choice(spots)
        block = [(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)] if placed < raised else [(r, c)]
        for pos in block:
            if board.inside(pos) and board.kind(pos) == LEVEL:
                board.put(pos, ELEVATED)


def _place_bases(board: _Board, rng: random.Random, knobs: Knobs) -> list[Pos]:
    """Team 1's bases in its home band (team 2's their images), none in Elimination."""
    if knobs.mode == ELIMINATION:
        return []
    spots = [p for p in _home(board) if board.kind(p) == LEVEL and board.image(p) != p]
    bases = rng.sample(spots, min(knobs.bases, len(spots)))
    for pos in bases:
        board.put(pos, BASE_1)
    return bases


def _assault_bases(board: _Board, mode: str, bases: list[Pos]) -> None:
    """In Assault only team 2 keeps its bases: team 1's become floor again."""
    if mode == ASSAULT:
        for r, c in bases:
            board.tiles[r][c] = LEVEL


def _place_starts(board: _Board, rng: random.Random, count: int) -> list[Pos] | None:
    """`count` start tiles for team 1 in its home band, none seeing the image of any (team
    2's units): of START_TRIES draws, the one with the shortest hidden way (`_hidden_way`); a
    screening wall goes up in front of the band when no draw works."""
    for _screen in range(SCREENS):
        spots = [p for p in _home(board) if board.kind(p) in (LEVEL, ELEVATED)]
        sight = Visibility(board.tiles)
        draws = [starts for starts in (_draw_starts(board, sight, rng, spots, count)
                                       for _ in range(START_TRIES)) if starts is not None]
        if draws:
            return min(draws, key=lambda starts: _hidden_way(board, sight, starts))
        row = rng.randrange(board.size - HOME_ROWS - 2, board.size - HOME_ROWS)
        _try_wall(board, _piece(rng, (row, rng.randrange(board.size))))
    return None


def _draw_starts(board: _Board, sight: Visibility, rng: random.Random, spots: list[Pos],
                 count: int) -> list[Pos] | None:
    """Start tiles drawn one by one, each kept only if it and the ones before it see no
    enemy's start tile; None when the spots run out first."""
    chosen: list[Pos] = []
    for pos in rng.sample(spots, len(spots)):
        trial = [*chosen, pos]
        enemies = [board.image(p) for p in trial]
        if pos in enemies or any(sight.sees(pos, e) for e in enemies) or any(
                sight.sees(p, board.image(pos)) for p in chosen):
            continue
        chosen = trial
        if len(chosen) == count:
            return chosen
    return None


def _hidden_way(board: _Board, sight: Visibility, starts: list[Pos]) -> int:
    """The steps team 1's units could walk nearer to team 2's starts without entering their
    sight, summed over the units (team 2's way to team 1 is its image). Kept short, because
    an advance walks unseen while it can: the longer that way, the later team 1 meets team
    2's watch and the fewer AP it has left to fire (docs/BALANCE_LOG.md has the figures)."""
    enemies = [board.image(p) for p in starts]
    unseen = {p for p in board.open_tiles() if not any(sight.sees(p, e) for e in enemies)}
    to_enemy = walking_distance(board, enemies, corners=False)  # as moves walk
    return sum(to_enemy[s] - min(to_enemy[p] for p in walking_distance(
        board, [s], corners=False, within=unseen)) for s in starts)


def score_limit(knobs: Knobs) -> int:
    """Points to win: every enemy unit hit once in Elimination (the last hit also eliminates);
    two more than the squad where lasers recharge, so a game is more than one volley."""
    return len(knobs.units) if knobs.mode == ELIMINATION else len(knobs.units) + 2


TURN_LIMIT = 30  # rounds; then the higher score wins


def description(seed: int, knobs: Knobs) -> str:
    """What a generated map is, in the language it is made in, as a designer writes their own
    map's description: the map stays the same in every language, its description is the
    maker's."""
    return ngettext("{mode} on a board of {size} by {size} tiles, {count} unit a side, made from "
                    "seed {seed}.",
                    "{mode} on a board of {size} by {size} tiles, {count} units a side, made from "
                    "seed {seed}.", len(knobs.units)).format(
        mode=_(MODE_WORDS[knobs.mode]), size=knobs.size, count=len(knobs.units), seed=seed)


def _map_data(seed: int, candidate: int, knobs: Knobs, board: _Board, starts: list[Pos],
              title: str) -> dict[str, Any]:
    units = [["1", cls, *pos] for cls, pos in zip(knobs.units, starts, strict=True)]
    units += [["2", cls, *board.image(pos)] for cls, pos in zip(knobs.units, starts, strict=True)]
    limit = score_limit(knobs)
    return {
        "format": FORMAT_VERSION,
        "name": title,
        "author": AUTHOR,
        "description": description(seed, knobs),
        "score_limit": {"1": limit, "2": limit},
        "turn_limit": TURN_LIMIT,
        "tiles": board.tiles,
        "units": units,
        KEY: {"seed": seed, "candidate": candidate, "knobs": knobs.to_json()},
    }
