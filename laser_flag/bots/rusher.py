"""Rusher: a plain scripted aggressive style, the kind a player who never plans would use.

Each decision, in this order:
1. **Fire** when some unit may fire at a visible enemy with a hit chance of at least
   `FIRE_THRESHOLD` (a third: with the default dice a needed roll of 8 or less, 15 of 36);
   the best chance of all such shots is taken.
2. **Recharge**: a unit whose laser is deactivated walks toward the nearest base its team may
   use (to the reachable tile fewest steps from one, if that is nearer than where it stands).
3. **Advance**: a unit with a live laser walks toward the enemy nearest to it by path. Of the
   reachable tiles nearer (in steps) to that enemy than where it stands, it takes the one where
   that enemy's chance to hit it is lowest (out of its sight, or IN COVER against it: RULES §5),
   the nearest to the enemy among those.
4. Otherwise it ends the turn (its units keep their snap shots).

Units act in id order within steps 2 and 3. It ignores snap-shot risk and threats on purpose:
it is the style a map must stay fair for, not a strong player. It is one point of the
population's rules (`style.py`): `RUSHER`.
"""

from __future__ import annotations

from .scripted import THIRD
from .style import Style, StyleBot

FIRE_THRESHOLD = THIRD  # the least hit chance the rusher fires at

RUSHER = Style(fire_at=FIRE_THRESHOLD, cover=1.0, take_cover=False, moves=None, press=True,
               focus=False, wary=False, recharge=True, leave_watched_base=False, patience=None)


class RusherBot(StyleBot):
    """Shoots at a third or better, else walks its units toward the enemy by covered tiles."""

    name = "rusher"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(RUSHER, seed)
