"""What follows from one game state, worked out when first asked and kept with it.

A state is a value; these are facts about it that never change while it is the same value, kept
because search bots and random play ask them after every action: the tiles units stand on as a
bitset, each unit's move search, the targets of the team to play with their tiles as LOS bits,
with fog each team's enemies in sight, the runs of actions each unit offers `legal()`, the
action last read from them (legal in this state), and whether the last victory check found both
teams armed. Applying an action starts from its state's facts and carries on those the action
leaves true (a search is kept until a unit arrives at or leaves a tile it asked about), so a
game played on asks each only when it changes.
What two states' facts both hold never changes (tuples, frozen units, searches, read-only
mappings): a fact worked out later for one state is put in place of the old, never into it.
Two threads asking at once work out the same answer; either is kept.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from . import fog as fog_of_war
from .index import MapIndex
from .movement import Reach
from .terms import Team
from .units import Unit

NOTHING_READ = object()  # no action is this one


class Targets(NamedTuple):
    """The units a team may fire at, and their tiles as LOS bits (`Visibility.tile_bits`)."""

    team: Team
    units: tuple[Unit, ...]
    tiles: int


# What a unit offers legal(), kept while the unit, its search and the targets are the same
# objects (all three are replaced when they change): the unit, its search (None if it may not
# move), the targets, and its actions as one run (legal.Part, None if it has none) with their
# number. An offer says what it was made from, so states that follow one another share the
# offers still good.
Offer = tuple[Unit, "Reach | None", "Targets | None", int, Any]


class Facts:
    """The facts of one state (see the module). `units` is the state's units by id, in id
    order; `seen` (with fog) each team's enemies in sight, None until asked."""

    __slots__ = ("index", "fog", "units", "occupied", "targets", "reach", "offers", "seen",
                 "armed", "read")

    def __init__(self, index: MapIndex, fog: bool, units: dict[int, Unit]) -> None:
        self.index, self.fog, self.units = index, fog, units
        self.occupied = tiles_of(index, units.values())
        self.targets: Targets | None = None  # kept until one of them moves or leaves
        self.reach: dict[int, Reach] = {}
        self.offers: tuple[Offer | None, ...] = (None,) * len(index.map.units)  # by unit id
        self.seen: Mapping[Team, frozenset[int]] | None = None
        self.armed = False  # the last victory check found both teams armed, under their limits
        self.read: object = NOTHING_READ  # the action last read by index from legal() here

    def carried(self) -> Facts:
        """A copy to change as an action is applied: the units are its own; the searches are
        this state's until a unit arrives or leaves (`forget_reach`), and copied when the draft is
        frozen if none did."""
        other = Facts.__new__(Facts)
        other.index = self.index
        other.fog = self.fog
        other.units = self.units.copy()
        other.occupied = self.occupied
        other.targets = self.targets
        other.reach = self.reach
        other.offers = self.offers  # each offer is checked before it is used
        other.seen = self.sight() if self.fog else None
        other.armed = self.armed
        other.read = NOTHING_READ
        return other

    def sight(self) -> Mapping[Team, frozenset[int]]:
        """With fog, each team's enemies in sight now (RULES §9)."""
        seen = self.seen
        if seen is None:
            seen = self.seen = fog_of_war.sight(self.index.visibility, self.units.values())
        return seen

    def known_to(self, team: str) -> list[Unit]:
        """The units `team` knows of on the board: with fog, its own and the enemies in sight."""
        if not self.fog:
            return list(self.units.values())
        seen = self.sight()[team]
        return [u for u in self.units.values() if u.team == team or u.id in seen]

    def search(self, uid: int) -> Reach:
        """The move search of a unit, kept until a unit arrives at or leaves a tile it asked
        about (the end of a turn changes no search: reach depends on where units stand only)."""
        reach = self.reach.get(uid)
        if reach is None:
            u = self.units[uid]
            index = self.index
            occupied = (tiles_of(index, self.known_to(u.team)) if self.fog
                        else self.occupied)
            reach = self.reach[uid] = index.searches.reach(
                index.search_keys[u.unit_class][u.pos], occupied)
        return reach

    def forget_reach(self, tiles: int) -> None:
        """Keep, in a dict of its own, the searches that a unit arriving at or leaving `tiles` (a
        bitset of `movement.tile_bits`) leaves as they are."""
        self.reach = {uid: reach for uid, reach in self.reach.items() if not reach.depends & tiles}

    def targets_of(self, team: Team) -> Targets:
        """The enemies of `team` on the board, kept while they stand where they are: the units
        of the team to play move far more often."""
        targets = self.targets
        if targets is None or targets.team is not team:
            units = tuple(e for e in self.units.values() if e.team != team)
            tiles = self.index.visibility.tile_bits([e.pos for e in units])
            targets = self.targets = Targets(team, units, tiles)
        return targets


def tiles_of(index: MapIndex, units: Iterable[Unit]) -> int:
    """The bitset of the tiles these units stand on."""
    bit = index.bit
    return sum(bit[u.pos] for u in units)  # one unit a tile: a sum is a union
