"""What Hard's search has learnt about the positions of one turn, so that no step buys it twice.

The search meets the same position again and again: unit A then B is B then A, one hit is
reached by different orders, and each deepening searches the levels before it once more. A
`Table` keeps each position met (`Node`, by `position_key`) with what was paid for there: its
value as a leaf, its inner candidates, each action's chance results (the positions they lead
to), and its value searched to each depth. A value is reused only for exactly the depth asked,
or, where no line of its search was cut short by the depth, for any depth at least as deep, so
a search with the table gives the values of the same search without it.

Values are priced on the scale of the decision's root (`Situation`'s root: where its enemies
stood, its round and score), so a table is kept for the next decision only while that scale is
the same (`scope`): in the same turn, our last action a move or a shot that missed.
"""

from __future__ import annotations

from laser_flag.engine import Action, Game

LIMIT = 10_000  # positions kept at most: ~8 KB each on Gridlock with its prices, ~80 MB at most


def position_key(game: Game) -> tuple:
    """Everything that decides a position's value and what can happen from it: the units,
    the scores, whose turn and which (the round follows from the turn), the winner."""
    return (tuple(game.units), game.active_team, game.turn, tuple(game.scores.items()),
            game.winner)


class Node:
    """One position of the turn and what the search has paid to learn about it."""

    __slots__ = ("edges", "game", "inner", "leaf", "settled", "values")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.leaf: float | None = None  # its value if the turn ended here
        self.inner: list[Action] | None = None  # the actions a deeper search tries, best first
        self.edges: dict[Action, list[tuple[float, Node]]] = {}  # an action's chance results
        self.values: dict[int, tuple[float, bool]] = {}  # depth -> value, whether a line was cut
        self.settled: tuple[int, float] | None = None  # (depth, value) of a search nothing cut

    def known(self, depth: int) -> float | None:
        """The value searched to `depth`, if this position has been: to that very depth, or to
        a shallower one where no line was cut (a deeper search would see nothing more)."""
        seen = self.values.get(depth)
        if seen is not None:
            return seen[0]
        if self.settled is not None and self.settled[0] <= depth:
            return self.settled[1]
        return None

    def learn(self, depth: int, value: float, cut: bool) -> None:
        self.values[depth] = (value, cut)
        if not cut and (self.settled is None or depth < self.settled[0]):
            self.settled = (depth, value)

    def was_cut(self, depth: int) -> bool:
        """Whether the search to `depth` (known) stopped some line at the depth limit."""
        seen = self.values.get(depth)
        return seen[1] if seen is not None else False


class Table:
    """The positions of one turn's search, at most `limit` of them (then new ones are met but
    not kept, and no new chance results are kept either)."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._nodes: dict[tuple, Node] = {}
        self._scope: tuple | None = None
        self._map: object = None

    def __len__(self) -> int:
        return len(self._nodes)

    @property
    def full(self) -> bool:
        return len(self._nodes) >= self.limit

    def open(self, root: Game) -> bool:
        """A decision from `root` begins. True: what the table holds was priced on the same
        scale and is kept; False: the table starts empty."""
        scope = self.scope(root)
        if scope == self._scope and root.map is self._map and not self.full:
            return True
        self.clear()
        self._scope, self._map = scope, root.map
        return False

    def clear(self) -> None:
        self._nodes.clear()
        self._scope = self._map = None

    @staticmethod
    def scope(root: Game) -> tuple:
        """What a root's prices depend on besides the position (see `Situation`): the game and
        turn, where the enemies stand, the score."""
        team = root.active_team
        return (root.seed, root.turn, team, tuple(root.scores.items()),
                tuple((u.id, u.pos) for u in root.units if u.team != team))

    def node(self, game: Game) -> Node:
        key = position_key(game)
        node = self._nodes.get(key)
        if node is None:
            node = Node(game)
            if not self.full:
                self._nodes[key] = node
        return node
