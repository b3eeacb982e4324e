"""What the player has picked on the board, and which action a click on a tile means.

Pure logic over the engine's queries, so the monkey test and the scene share it.
"""

from __future__ import annotations

from typing import Any

from ...board.forecast import (
    Arrival,
    Chance,
    arrival,
    firing_positions,
    shots_of,
    why_not_there,
)
from ...engine.actions import Action, Fire, Move
from ...engine.game import NO_LOS, Game
from ...engine.game_map import Pos
from ...engine.rolls import ToHit
from ...i18n import _
from ...play.refusals import NOT_YOURS, PICK_A_TARGET, PICK_A_UNIT, Refused


class Selection:
    """The selected unit, its target, the hovered tile, the enemy last clicked to inspect it and
    the enemy whose firing positions are pinned (V), with the engine's answers cached."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.unit: int | None = None
        self.target: int | None = None
        self.hover: Pos | None = None
        self.inspected: int | None = None
        self.pinned: int | None = None  # the enemy whose firing positions stay shown (V)
        self.reachable: frozenset[Pos] = frozenset()
        self.visible: tuple[int, ...] = ()
        self.targets: tuple[int, ...] = ()
        self._asked: dict[tuple, Any] = {}  # the engine's answers for these picks

    @classmethod
    def of_plan(cls, game: Game, plan: Action | None) -> Selection:
        """A bot's planned action marked as a player's pick would be: its unit, path or target."""
        sel = cls(game)
        sel.select(getattr(plan, "unit_id", None))
        known = sel.unit is not None  # a unit hidden from the viewer shows no plan
        sel.hover = plan.to if isinstance(plan, Move) and known else None
        if isinstance(plan, Fire):
            sel.target = plan.target_id
        return sel

    def renewed(self, game: Game) -> Selection:
        """A fresh selection of `game` (after an undo) keeping this unit if it can still act."""
        sel = Selection(game)
        if self.unit is not None and sel.can_act(self.unit):
            sel.select(self.unit)
        return sel

    def follow(self, game: Game) -> None:
        """Ask `game` from now on: under fog the board as the team knows it is made anew after
        every action."""
        if game is not self.game:
            self.game = game
            self.refresh()

    def unit_at(self, pos: Pos) -> Any | None:
        return next((u for u in self.game.units if u.pos == pos), None)

    def refresh(self) -> None:
        """Re-ask the engine after the game changed; drop picks that no longer make sense."""
        game = self.game
        unit = game.unit(self.unit) if self.unit is not None else None
        if unit is None or unit.team != game.active_team or game.winner is not None:
            self.unit = self.target = None
        self._asked = {}
        if self.pinned is not None and game.unit(self.pinned) is None:
            self.pinned = None
        if self.unit is None:
            self.reachable, self.visible, self.targets = frozenset(), (), ()
            return
        what_if = game.what_if
        self.reachable = frozenset(what_if.reachable(unit) if what_if.can_move(unit) else ())
        self.visible = tuple(what_if.visible_enemies(unit))
        self.targets = tuple(what_if.targets(unit))
        if self.target not in self.visible:
            self.target = None

    def select(self, uid: int | None) -> None:
        if uid != self.unit:
            self.unit, self.target, self.pinned = uid, None, None
        self.refresh()

    def clear(self) -> None:
        """Esc: forget the pinned view first, then the target, then the unit."""
        if self.pinned is not None:
            self.pinned = None
        elif self.target is not None:
            self.target = None
        else:
            self.select(None)

    def can_act(self, uid: int) -> bool:
        unit, what_if = self.game.unit(uid), self.game.what_if
        return what_if.can_move(unit) or what_if.can_fire(unit)

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

    def fire(self) -> Fire | Refused:
        """F or the Fire button: the shot, or why there is none (the engine's reason if any)."""
        if self.unit is None or self.target is None:
            return Refused(PICK_A_UNIT if self.unit is None else PICK_A_TARGET)
        action = Fire(self.unit, self.target)
        reason = self.game.why_not(action)
        return action if reason is None else Refused(reason)

    def click(self, pos: Pos) -> Action | Refused | None:
        """A left click on a tile: select, inspect, target, move, or fire at the target clicked
        again; a click that cannot do what it means keeps the picks and says why."""
        clicked = self.unit_at(pos)
        if clicked is not None and clicked.team == self.game.active_team:
            self.select(clicked.id)
            return None
        self.inspected = clicked.id if clicked is not None else None
        if self.unit is None:
            return None if clicked is None else Refused(NOT_YOURS)
        if clicked is not None:
            return self.aim(clicked.id)
        if pos in self.reachable:
            return Move(self.unit, pos)
        return Refused(self.game.why_not(Move(self.unit, pos)) or PICK_A_UNIT)

    def aim(self, enemy: int) -> Fire | Refused | None:
        """An enemy clicked with a unit selected: target it, or fire if it is the target; one
        out of sight pins where it could be fired at from."""
        if enemy not in self.visible:
            self.pinned = enemy
            return Refused(NO_LOS)
        if enemy == self.target:
            return self.fire()
        self.target = enemy
        return None

    def pin_next(self) -> None:
        """V: pin the firing positions against the next enemy (the target first), then none."""
        enemies = [u.id for u in self.game.units if u.team != self.game.active_team]
        if self.unit is None or not enemies:
            return
        first = self.target if self.target in enemies else enemies[0]
        order = [first, *(e for e in enemies if e != first)]
        at = order.index(self.pinned) + 1 if self.pinned in order else 0
        self.pinned = order[at] if at < len(order) else None

    def hovered_enemy(self) -> int | None:
        hovered = self.unit_at(self.hover) if self.hover is not None else None
        return hovered.id if hovered is not None and hovered.team != self.game.active_team else None

    def enemy_shown(self) -> int | None:
        """The enemy whose card shows: the one hovered (unless it is the target), else the one
        last clicked while nothing of ours was selected."""
        hovered = self.hovered_enemy()
        if hovered is not None:
            return None if hovered == self.target else hovered
        clicked = self.game.unit(self.inspected) if self.inspected is not None else None
        if self.unit is None and clicked is not None and clicked.team != self.game.active_team:
            return clicked.id  # still on the board, and still an enemy after a turn ended
        return None

    # ----- the engine's answers for the board's numbers, kept until the picks change ------

    def _ask(self, key: tuple, answer) -> Any:
        if key not in self._asked:
            self._asked[key] = answer()
        return self._asked[key]

    def chances(self) -> tuple[Chance, ...]:
        """The shots the selected unit could take now, each with its chance."""
        if self.unit is None:
            return ()
        return self._ask(("shots",), lambda: shots_of(self.game, self.game.unit(self.unit)))

    def preview(self, pos: Pos | None = None) -> Arrival | None:
        """What moving the selected unit to `pos` (default: the hovered tile) would bring."""
        pos = self.hover if pos is None else pos
        if self.unit is None or pos not in self.reachable:
            return None
        return self._ask(("move", pos), lambda: arrival(self.game, self.unit, pos))

    def positions_against(self) -> tuple[int, dict[Pos, ToHit]] | None:
        """(enemy, {tile: odds}): where the selected unit could fire at the enemy hovered (but
        not the target, about to be clicked again to fire), or the one pinned, from (its own
        tile included)."""
        hovered = self.hovered_enemy()
        enemy = hovered if hovered not in (None, self.target) else self.pinned
        if self.unit is None or enemy is None:
            return None
        found = self._ask((_("fire from"), enemy), lambda: firing_positions(
            self.game, self.unit, enemy, self.reachable))
        return enemy, found

    def why_not_here(self) -> str | None:
        """Why the selected unit cannot go to the hovered empty tile, at once; None when it can
        or nothing asks (no unit selected, a unit under the cursor)."""
        pos = self.hover
        if self.unit is None or pos is None or pos in self.reachable or self.unit_at(pos):
            return None
        return self._ask(("why", pos), lambda: why_not_there(self.game, self.unit, pos))
