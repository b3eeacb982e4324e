"""What the player has picked on the board, and which action a click on a tile means.

Pure logic over the engine's queries, so the monkey test and the scene share it.
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import Action, Fire, Move
from ..engine.game import Game
from ..engine.game_map import Pos


class Selection:
    """The selected unit, its target and the hovered tile, with the engine's answers cached."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.unit: int | None = None
        self.target: int | None = None
        self.hover: Pos | None = None
        self.reachable: frozenset[Pos] = frozenset()
        self.visible: tuple[int, ...] = ()
        self.targets: tuple[int, ...] = ()
        self._risk: dict[Pos, tuple[tuple[Pos, ...], Any]] = {}

    @classmethod
    def of_plan(cls, game: Game, plan: Action | None) -> Selection:
        """A bot's planned action marked as a player's pick would be: its unit, path or target."""
        sel = cls(game)
        sel.select(getattr(plan, "unit_id", None))
        sel.hover = plan.to if isinstance(plan, Move) else None
        if isinstance(plan, Fire):
            sel.target = plan.target_id
        return sel

    def unit_at(self, pos: Pos) -> Any | None:
        return next((u for u in self.game.units if u.pos == pos), None)

    def refresh(self) -> None:
        """Re-ask the engine after the game changed; drop picks that no longer make sense."""
        game = self.game
        unit = game.unit(self.unit) if self.unit is not None else None
        if unit is None or unit.team != game.active_team or game.winner is not None:
            self.unit = self.target = None
        self._risk = {}
        if self.unit is None:
            self.reachable, self.visible, self.targets = frozenset(), (), ()
            return
        self.reachable = (
            frozenset(game.reachable(self.unit)) if game.can_move(self.unit) else frozenset()
        )
        self.visible = tuple(game.visible_enemies(self.unit))
        self.targets = tuple(game.targets(self.unit))
        if self.target not in self.visible:
            self.target = None

    def select(self, uid: int | None) -> None:
        if uid != self.unit:
            self.unit, self.target = uid, None
        self.refresh()

    def clear(self) -> None:
        """Esc: forget the target first, then the unit."""
        if self.target is not None:
            self.target = None
        else:
            self.select(None)

    def can_act(self, uid: int) -> bool:
        return self.game.can_move(uid) or self.game.can_fire(uid)

    def cycle(self, step: int = 1) -> None:
        """Tab: the next unit of the active team that can still move or fire."""
        ids = [u.id for u in self.game.units if u.team == self.game.active_team]
        ready = [uid for uid in ids if self.can_act(uid)] or ids
        if not ready:
            return
        if self.unit in ready:
            self.select(ready[(ready.index(self.unit) + step) % len(ready)])
        else:
            self.select(ready[0] if step > 0 else ready[-1])

    def select_nth(self, n: int) -> None:
        """Keys 1-9: the active team's n-th unit (from 0)."""
        ours = [u.id for u in self.game.units if u.team == self.game.active_team]
        if n < len(ours):
            self.select(ours[n])

    def step_cursor(self, step: tuple[int, int]) -> None:
        """Arrow keys walk a tile cursor (the hover) from the selected unit or the last hover."""
        unit = self.game.unit(self.unit) if self.unit is not None else None
        start = self.hover or (unit.pos if unit else (0, 0))
        pos = (start[0] + step[0], start[1] + step[1])
        if self.game.map.in_bounds(pos):
            self.hover = pos

    def fire_action(self) -> Fire | None:
        """Fire at the chosen target, when the engine says the shot is allowed now."""
        if self.unit is not None and self.target in self.targets:
            return Fire(self.unit, self.target)
        return None

    def click(self, pos: Pos) -> Action | None:
        """A left click on a tile: select, target, move, or fire at the target clicked again."""
        clicked = self.unit_at(pos)
        if clicked is not None and clicked.team == self.game.active_team:
            self.select(clicked.id)
        elif clicked is not None and clicked.id in self.visible:
            if clicked.id == self.target:
                return self.fire_action()
            self.target = clicked.id
        elif pos in self.reachable:
            return Move(self.unit, pos)
        else:
            self.select(None)
        return None

    def move_preview(self, pos: Pos | None = None) -> tuple[tuple[Pos, ...], Any] | None:
        """(path, SnapRisk) for moving the selected unit to `pos` (default: the hovered tile)."""
        pos = self.hover if pos is None else pos
        if self.unit is None or pos not in self.reachable:
            return None
        if pos not in self._risk:
            self._risk[pos] = (self.game.path(self.unit, pos), self.game.snap_risk(self.unit, pos))
        return self._risk[pos]
