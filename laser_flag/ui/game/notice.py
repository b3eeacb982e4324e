"""The panel's message belongs to the state that made it: a refusal, "Saved as ...", "Undone."
go as soon as an action is taken, the turn passes or the player picks another unit or target;
a refusal about a tile goes when the pointer leaves that tile."""

from __future__ import annotations

from collections.abc import Hashable

from ...play.turns import Turns
from .selection import Selection


class Notice:
    """Watches the turn driver's `message` and drops it once its state has changed."""

    def __init__(self) -> None:
        self.seen = ""  # the message as last seen
        self.context: Hashable = None  # the state it was said in
        self.tiled = False  # the message is about the hovered tile (a click's refusal)

    def about_tile(self) -> None:
        """The message about to be said is about the tile under the pointer."""
        self.tiled = True

    def follow(self, turns: Turns, sel: Selection) -> None:
        """Called every frame: the game's state and the player's picks now."""
        game, hover = turns.game, sel.hover
        state = (len(game.history), game.turn, sel.unit, sel.target)
        if turns.message != self.seen:  # a new message: it belongs to this state
            self.seen = turns.message
            self.context = (state, hover if self.tiled else None)
            self.tiled = False
        elif turns.message:
            tile = hover if self.context[1] is not None else None
            if (state, tile) != self.context:
                turns.message = self.seen = ""
