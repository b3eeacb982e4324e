"""The legal actions of a state (`legal`), as a read-only sequence that makes an action only when
it is read.

legal() is asked after nearly every action of a random game or a search, and most askers
read a few entries (random play: the length and one index). A unit's moves are its move search's
destinations picked from a per-map table of Move objects, and its shots the enemies it sees, so
the sequence keeps those and their counts (popcounts) and lists them only when it is iterated,
compared or printed. It equals the list it stands for, entry for entry and in the same order,
and nothing it holds changes: the game may go on while it is read.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from typing import Protocol

from .actions import Action, EndTurn, Fire, Move
from .facts import Facts, Offer
from .los import Visibility
from .movement import Reach
from .state import GameState
from .units import CHARGED, Unit


class Part(Protocol):
    """The actions of one unit of one kind (or EndTurn), a run of the whole sequence."""

    def action(self, index: int) -> Action: ...

    def actions(self) -> list[Action]: ...


class Moves:
    """A unit's Move actions: its search's destinations, in reading order, picked from a table."""

    __slots__ = ("_reach", "_table")

    def __init__(self, reach: Reach, table: Sequence[Move | None]) -> None:
        self._reach, self._table = reach, table

    def action(self, index: int) -> Action:
        return self._reach.pick_one(self._table, index)  # type: ignore[return-value]

    def actions(self) -> list[Action]:
        return self._reach.pick(self._table)  # type: ignore[arg-type]


class Fires:
    """A unit's Fire actions at the enemies it sees, by target id (the Fire objects made once)."""

    __slots__ = ("_shooter", "_enemies", "_vis", "_table")

    def __init__(self, shooter: Unit, enemies: tuple[Unit, ...], vis: Visibility,
                 table: Mapping[tuple[int, int], Fire]) -> None:
        self._shooter, self._enemies, self._vis, self._table = shooter, enemies, vis, table

    def action(self, index: int) -> Action:
        return self.actions()[index]

    def actions(self) -> list[Action]:
        me, seen = self._shooter.id, self._vis.visible_from(self._shooter.pos)
        return [self._table[me, e.id] for e in self._enemies if e.pos in seen]


class MovesThenFires:
    """The actions of a unit that may both move and fire: its moves, then its shots."""

    __slots__ = ("_moves", "_count", "_fires")

    def __init__(self, moves: Moves, count: int, fires: Fires) -> None:
        self._moves, self._count, self._fires = moves, count, fires

    def action(self, index: int) -> Action:
        if index < self._count:
            return self._moves.action(index)
        return self._fires.action(index - self._count)

    def actions(self) -> list[Action]:
        return self._moves.actions() + self._fires.actions()


class _EndTurnOnly:
    """The last run: EndTurn alone."""

    def __init__(self) -> None:
        self._end_turn = EndTurn()  # a frozen value: equal to any other

    def action(self, index: int) -> Action:
        return self._end_turn

    def actions(self) -> list[Action]:
        return [self._end_turn]


END_TURN = _EndTurnOnly()


class LegalActions(Sequence[Action]):
    """Runs of actions (`parts`), run k ending before index `ends[k]`; empty runs left out.
    An action read by index is noted in the facts of the state they were listed for
    (`Facts.read`): it is legal there, so applying it need not be checked again."""

    __slots__ = ("_ends", "_parts", "_listed", "_facts")

    def __init__(self, ends: list[int], parts: list[Part], facts: Facts | None = None) -> None:
        self._ends, self._parts, self._facts = ends, parts, facts
        self._listed: list[Action] | None = None

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def __getitem__(self, index: int | slice) -> Action | list[Action]:  # type: ignore[override]
        if type(index) is not int:  # a slice (or a bad index: the list's own error)
            return self._list()[index]  # type: ignore[index]
        size = self._ends[-1] if self._ends else 0
        if not -size <= index < size:
            raise IndexError("legal actions index out of range")
        index %= size
        k = bisect_right(self._ends, index)
        action = self._parts[k].action(index - (self._ends[k - 1] if k else 0))
        self._facts.read = action  # type: ignore[union-attr]  # (NONE has no index to read)
        return action

    def _list(self) -> list[Action]:
        if self._listed is None:
            self._listed = [a for part in self._parts for a in part.actions()]
        return self._listed

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())

    def __contains__(self, action: object) -> bool:
        return action in self._list()

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of the same actions (the list it stands for included)."""
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and self._list() == list(other)

    __hash__ = None  # type: ignore[assignment]  # equal to lists, which are unhashable

    def __repr__(self) -> str:
        return repr(self._list())  # the list's own: replays and the order pin print it


NONE = LegalActions([], [])  # a game that is over



def legal(state: GameState) -> LegalActions:
    """Every legal action in `state`, in a fixed order: per unit of the team to play (by id),
    its moves then its shots; EndTurn last. Bots break ties by this order: it is pinned."""
    if state.winner is not None:
        return NONE
    facts = state.facts
    units, reaches, offers, targets = facts.units, facts.reach, facts.offers, facts.targets
    made: list[Offer | None] | None = None  # the offers, once one of them is made again
    ends: list[int] = []
    parts: list[Part] = []
    size = 0
    for uid in state.index.team_ids[state.active_team]:
        u = units.get(uid)
        if u is None or u.ap < 1:  # out of the game, or done for this turn
            continue
        offer = offers[uid]
        if (offer is None or offer[0] is not u or offer[1] is not reaches.get(uid)
                or offer[2] is not targets):
            if made is None:
                made = list(offers)
            offer = made[uid] = _offer(state, u)
            targets = facts.targets  # (worked out by the first offer that needs them)
        if offer[3]:  # (a unit with AP left may have nowhere to go and no one to fire at)
            size += offer[3]
            ends.append(size)
            parts.append(offer[4])
    if made is not None:  # (a tuple in place of the old: earlier states may share that one)
        facts.offers = tuple(made)
    ends.append(size + 1)
    parts.append(END_TURN)
    return LegalActions(ends, parts, facts)


def _offer(state: GameState, u: Unit) -> Offer:
    """The actions a unit with AP left offers now, as one run: its moves, then its shots."""
    facts, index = state.facts, state.index
    reach = moves = None
    if not u.fired or index.rules[u.unit_class].moves_after_firing:
        reach = facts.search(u.id)
        if reach.size:
            moves = Moves(reach, index.move_tables[u.id])
    if u.laser is CHARGED:
        vis, targets = index.visibility, facts.targets_of(u.team)
        seen = vis.seen_bits(u.pos) & targets.tiles  # most units see no enemy
        if seen:  # one unit a tile
            fires = Fires(u, targets.units, vis, index.fire_table)
            if moves is None:
                return u, reach, targets, seen.bit_count(), fires
            return (u, reach, targets, reach.size + seen.bit_count(),  # type: ignore[union-attr]
                    MovesThenFires(moves, reach.size, fires))  # type: ignore[union-attr]
    return u, reach, facts.targets, reach.size if moves else 0, moves
