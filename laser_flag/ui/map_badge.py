"""What the chooser says about a map's balance badge (the lab's verdict stored in the map file,
laser_flag.lab.badge): a short word for the map's card and a sentence for its detail pane."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.game_map import GameMap
from ..lab import badge
from ..lab.report import FAIR, LEANS

RGB = tuple[int, int, int]
FAIR_TONE: RGB = (120, 205, 130)
LEANS_TONE: RGB = (250, 160, 80)
CHANGED_TONE: RGB = (205, 190, 120)
UNMEASURED_TONE: RGB = (150, 156, 170)  # widgets.DIM: nothing to say yet


@dataclass(frozen=True)
class BadgeView:
    word: str  # on the card, short: "fair", "leans team 1 · 64%", "not measured", "changed"
    detail: str  # in the detail pane, a sentence with the rate and interval when there are some
    tone: RGB


def badge_view(gm: GameMap) -> BadgeView:
    """The map's badge as it stands now: a badge measured for other terrain reads "changed"."""
    status = badge.status(gm)
    if status.verdict == FAIR:
        return BadgeView(FAIR, "Balance: fair. In bot-against-bot games team 1 won 40-60% "
                               "in every mirror pairing.", FAIR_TONE)
    team = next((t for t, word in LEANS.items() if word == status.verdict), None)
    if team is not None and status.leaning is not None:
        rate, (low, high) = status.leaning
        return BadgeView(
            f"{status.verdict} · {rate:.0%}",
            f"Balance: {status.verdict} ({gm.teams[team].name}), which won {rate:.0%} "
            f"[95%: {low:.0%}-{high:.0%}] of the decided bot-against-bot games.",
            LEANS_TONE,
        )
    if status.verdict == badge.CHANGED:
        return BadgeView("changed", "Balance: changed since measured. The map was edited after "
                                    "its balance was measured.", CHANGED_TONE)
    return BadgeView(badge.NOT_MEASURED, "Balance: not measured.", UNMEASURED_TONE)
