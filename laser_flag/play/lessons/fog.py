"""Chapter 6, fog of war (RULES.md section 9): hidden enemies, coming into view, the last-seen
ring, and the hand-off between two players sharing the screen."""

from __future__ import annotations

from ...engine.actions import EndTurn, Fire, Move
from ...i18n import N_
from ..lesson import (
    HIT,
    MISS,
    Board,
    Chapter,
    Step,
    laser,
    team_to_move,
    unit_at,
    won,
)

YOU, TRAINER = 0, 1

FOG = Chapter(
    "fog", N_("Fog of war"),
    N_("See only what your units see; the hand-off between two players."),
    (Board("fog.json", (
        Step(N_("Fog of war: you see all the terrain, but an enemy only while one of your units "
                "sees it. The dimmed tiles are those none of your units sees: the trainer is "
                "somewhere in the dark. Click your unit and walk to the ringed tile to look "
                "around. Seen, it snap-shoots. The dice are set for this lesson. It misses."),
             N_("Click your unit, then the ringed tile (2, 3)."),
             unit_at(YOU, (2, 3)), Move(YOU, (2, 3)), highlight=((6, 1), (2, 3)),
             dice=(MISS,)),
        Step(N_("There it is. Fire at it. The dice are set for this lesson. This shot hits."),
             N_("Click the trainer to aim, then click it again (or F) to fire."),
             laser(TRAINER, "deactivated"), Fire(YOU, TRAINER), highlight=((3, 7),),
             dice=(HIT,)),
        Step(N_("End the turn. Two players share one screen, so the board is covered between "
                "turns: 'Pass to Trainer'. Press Ready (Enter), then Enter again; when the trainer "
                "is done, the cover comes back for you, with what happened while you waited."),
             N_("Press E to end the turn."),
             team_to_move("2"), EndTurn(), replies=(Move(TRAINER, (6, 7)), EndTurn())),
        Step(N_("The trainer walked off out of your sight to recharge. The faint ring marks where "
                "you saw it last, and in which round. Click your unit and walk to the ringed tile "
                "to look into the yard: charged again on its base, it snap-shoots. The dice are "
                "set for this lesson. It misses."),
             N_("Click your unit, then the ringed tile (2, 7)."),
             unit_at(YOU, (2, 7)), Move(YOU, (2, 7)), highlight=((2, 7),), dice=(MISS,)),
        Step(N_("Fire at the trainer on its base. The dice are set for this lesson. This shot hits "
                "and wins."),
             N_("Click the trainer to aim, then click it again (or F) to fire."),
             won, Fire(YOU, TRAINER), highlight=((6, 7),), dice=(HIT,)),
    ), fog=True),),
    N_("Under fog you plan with what you see: look before you walk, and remember where the enemy "
       "was last seen. Between two players the cover keeps each side's view its own."),
)
