"""Turtle: a cautious scripted style that holds cover and watch and fires only at good chances.

Each decision, in this order:
1. **Fire** the best shot on offer if its hit chance reaches `GOOD_CHANCE` (a half: a Plain's
   shot at a unit not in cover). After a standoff the bar drops: once the game has been quiet
   for `2 * PATIENCE` rounds (no point scored by either side) to a third, as the rusher
   fires, and after `3 * PATIENCE` rounds to any chance at all.
2. **Recharge**: a unit whose laser is deactivated walks toward the nearest base its team may
   use, by the tiles armed enemies can hit it from least.
3. **Take cover**: a unit that has not acted this turn and that an armed enemy can hit where
   it stands moves once to the reachable tile that is least exposed (the best chance any armed
   enemy has against it there) among those from which it still sees an enemy, if that is less
   exposed than where it stands (then the nearest to the enemy; ties at random).
4. **Advance**: a unit that has not acted this turn and neither sees an enemy nor is seen by
   one moves once toward the enemy nearest to it, to the least exposed tile nearer to it
   (as the rusher advances). Once the game has been quiet for `PATIENCE` rounds every unit
   that has not acted creeps so, in contact or not, so two turtles cannot wait forever.
5. Otherwise it ends the turn: a unit that moved once keeps 2 AP, two snap shots.

How long the game has been quiet the bot counts itself, from the scores it sees at each of its
decisions (a turtle that starts on a game already under way counts from then). It is one point
of the population's rules (`style.py`): `TURTLE`.
"""

from __future__ import annotations

from fractions import Fraction

from .style import Style, StyleBot

GOOD_CHANCE = Fraction(1, 2)  # the least hit chance the turtle fires at, until a standoff
PATIENCE = 3  # quiet rounds after which every unit creeps toward the enemy

TURTLE = Style(fire_at=GOOD_CHANCE, cover=1.0, take_cover=True, moves=1, press=False,
               focus=False, wary=True, recharge=True, leave_watched_base=False,
               patience=PATIENCE)


class TurtleBot(StyleBot):
    """Holds covered tiles on watch, fires at a half or better, creeps on after a standoff."""

    name = "turtle"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(TURTLE, seed)
