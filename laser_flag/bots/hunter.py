"""Hunter: a focused aggressive style: every unit on the easiest enemy, from tiles covered from it.

Each decision:
1. **Focus**: the enemy the squad can hit best this turn: the highest hit chance any unit that
   may fire has at it, from where it stands or, with 2 AP or more, from a tile one move away
   (then the enemy the most units can shoot at). An enemy whose laser is off counts as much
   as any: every hit scores. With no enemy in reach of a shot, the enemy nearest to the squad.
2. Then the first unit, in id order, with something to do:
   - **Recharge**: a unit whose laser is deactivated walks toward the nearest base its team
     may use, by the tiles armed enemies can hit it from least;
   - **Strike**: a unit that may fire at the focus with a hit chance of a third or better
     from where it stands or (with 2 AP or more) from a tile one move away takes, of those
     tiles, the one where the focus's chance to hit it is lowest (IN COVER against it,
     RULES §5), then its own chance the best, then where it stands: it moves there, or fires
     at the focus if it stands there;
   - **Fire** at another enemy, the best chance on offer to it, if at least a third;
   - **Close in**: a unit with a live laser and 2 AP or more walks toward the focus, to the
     reachable tile nearer to it where the focus's chance to hit it is lowest (as the
     rusher advances), keeping an AP for a snap shot; with no tile nearer (next to the
     focus, say) it fires at the focus whatever the chance, so no standoff lasts.
3. Otherwise it ends the turn.
"""

from __future__ import annotations

from fractions import Fraction

from laser_flag.engine import DEACTIVATED, Action, EndTurn, Fire, Game, Move, Pos, Unit

from .distances import UNREACHABLE
from .scripted import STRIKE_AP, THIRD, ScriptedBot


class HunterBot(ScriptedBot):
    """Picks the easiest enemy and brings every unit to bear on it from covered tiles."""

    name = "hunter"

    def choose(self, game: Game) -> Action:
        team = game.active_team
        ours = [u for u in game.units if u.team == team]
        reach = {u.id: self.firing_tiles(game, u) for u in ours}
        focus = self._focus(game, ours, reach)
        armed = self.armed_enemies(game, team)
        for unit in ours:
            action = (self._recharge(game, unit, armed) if unit.laser == DEACTIVATED
                      else self._act(game, unit, focus, reach[unit.id]))
            if action is not None:
                return action
        return EndTurn()

    def _focus(self, game: Game, ours: list[Unit], reach: dict[int, list[Pos]]) -> Unit | None:
        enemies = [e for e in game.units if e.team != game.active_team]
        if not enemies:
            return None
        self.rng.shuffle(enemies)

        def ease(enemy: Unit) -> tuple[Fraction, int]:
            """The best chance at the enemy, and how many of our units have one."""
            best = [max((self.chance(game, u, t, enemy) for t in reach[u.id]),
                        default=Fraction(0)) for u in ours]
            return max(best, default=Fraction(0)), sum(1 for c in best if c)

        eases = {e.id: ease(e) for e in enemies}
        focus = max(enemies, key=lambda e: eases[e.id])
        if eases[focus.id][0]:
            return focus
        def distance(enemy: Unit) -> int:
            steps = self.path_distance(game, enemy.pos)
            return min((steps.get(u.pos, UNREACHABLE) for u in ours), default=UNREACHABLE)

        return min(enemies, key=distance)

    def _act(self, game: Game, unit: Unit, focus: Unit | None, tiles: list[Pos]) -> Action | None:
        """Strike at the focus, else fire at another enemy, else close in on the focus."""
        if focus is None:
            return None
        good = [t for t in tiles if self.chance(game, unit, t, focus) >= THIRD]
        if good:
            def threat(to: Pos) -> Fraction:
                if focus.laser == DEACTIVATED:
                    return Fraction(0)
                return self.exposure(game, unit, to, [focus])
            best = min(good, key=lambda t: (threat(t), -self.chance(game, unit, t, focus),
                                            t != unit.pos))
            return Fire(unit.id, focus.id) if best == unit.pos else Move(unit.id, best)
        other = self.best_shot(game, [Fire(unit.id, t) for t in game.what_if.targets(unit)], THIRD)
        if other is not None:
            return other
        if unit.ap < STRIKE_AP or not game.what_if.can_move(unit):
            return None
        dist = self.path_distance(game, focus.pos)
        to = self.nearer(unit, sorted(game.what_if.reachable(unit)), dist,
                         lambda t: self.exposure(game, unit, t, [focus]))
        if to is not None:
            return Move(unit.id, to)
        # Nowhere nearer to go and no good shot: take the poor one rather than wait forever.
        return Fire(unit.id, focus.id) if focus.id in game.what_if.targets(unit) else None

    def _recharge(self, game: Game, unit: Unit, armed: list[Unit]) -> Move | None:
        if not game.what_if.can_move(unit):
            return None
        to = self.to_base(game, unit, sorted(game.what_if.reachable(unit)),
                          lambda t: self.exposure(game, unit, t, armed))
        return Move(unit.id, to) if to is not None else None
