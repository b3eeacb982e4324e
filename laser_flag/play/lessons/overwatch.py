"""Chapter 5, overwatch done well: see where the enemy watches, arrive where it does not, keep
AP for snap shots over the ground the enemy must cross, and let them fire (RULES.md section 6)."""

from __future__ import annotations

from ...engine.actions import EndTurn, Move
from ...i18n import N_
from ..lesson import (
    HIT,
    MISS,
    WATCH,
    Board,
    Chapter,
    Step,
    always,
    team_to_move,
    unit_at,
)

LEFT, RIGHT, TRAINER = 0, 1, 2

OVERWATCH = Chapter(
    "overwatch", N_("Overwatch done well"),
    N_("Arrive out of sight, keep AP for snap shots, watch the ground the enemy must cross."),
    (Board("overwatch.json", (
        Step(N_("The trainer starts on watch: it kept snap shots, and fires at any unit of yours "
                "that ends a move in its sight. Hold H to shade the tiles it watches."),
             N_("Hold H to see the tiles the trainer watches."),
             always, signal=WATCH),
        Step(N_("Click your unit at (6, 1) and walk it to the ringed tile, out of the trainer's "
                "sight: the board says 'safe' there before you click. It sees the gap in the "
                "wall, that the trainer must pass to reach you."),
             N_("Click your unit (6, 1), then the ringed tile (4, 1)."),
             unit_at(LEFT, (4, 1)), Move(LEFT, (4, 1)), highlight=((6, 1), (4, 1))),
        Step(N_("Now click your other unit, at (5, 0), and walk it to its ringed tile: two "
                "watchers on the same ground."),
             N_("Click your unit (5, 0), then the ringed tile (6, 2)."),
             unit_at(RIGHT, (6, 2)), Move(RIGHT, (6, 2)), highlight=((5, 0), (6, 2))),
        Step(N_("End the turn: each unit keeps the 2 AP it has left as 2 snap shots. Then watch "
                "the trainer: a move is only seen where it ends, and your watchers fire one at a "
                "time until one hits. The dice are set for this lesson."),
             N_("Press E to end the turn."),
             team_to_move("2"), EndTurn(),
             replies=(Move(TRAINER, (1, 7)), Move(TRAINER, (3, 5))),
             reply_dice=(MISS, HIT)),
    )),),
    N_("The trainer walked past the gap in your sight without a shot fired: only where a move ends "
       "counts. Where it ended in sight, your watchers fired one at a time until one hit, and that "
       "point won. Watch the ground the enemy must cross, from where it cannot see you."),
)
