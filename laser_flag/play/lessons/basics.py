"""Chapter 1, the basics: select and move, climb, take cover, aim and fire, snap shots, hold H,
recharge at a base, end the turn and win on score. One Plain unit a side."""

from __future__ import annotations

from ...engine.actions import EndTurn, Fire, Move
from ...i18n import N_
from ..lesson import (
    HIT,
    MISS,
    WATCH,
    Board,
    Chapter,
    Step,
    always,
    elevated,
    laser,
    team_to_move,
    unit_at,
    won,
)

YOU, TRAINER = 0, 1  # the unit ids: one unit a side

STEPS: tuple[Step, ...] = (
    Step(N_("Click your unit (ringed, bottom left) to select it, then click the ringed tile to "
            "walk there. A move costs 1 of your 3 action points (AP)."),
         N_("Select your unit, then click the ringed tile (5, 3)."),
         unit_at(YOU, (5, 3)), Move(YOU, (5, 3)), highlight=((5, 1), (5, 3))),
    Step(N_("Climb onto the crate: it is cover, a low block. Stepping onto it ends the move, and a "
            "unit standing on it is elevated (easier to hit, and it shoots a little better)."),
         N_("Click the crate (3, 3) to climb onto it."),
         elevated(YOU), Move(YOU, (3, 3)), highlight=((3, 3),)),
    Step(N_("Take cover beside the wall: a wall next to you shields you from shots from that side "
            "(a shooter there needs 1 more to hit). The trainer will come from the east."),
         N_("Click the ringed tile (2, 5), beside the wall."),
         unit_at(YOU, (2, 5)), Move(YOU, (2, 5)), highlight=((2, 5),)),
    Step(N_("All 3 AP are spent. Press E (or the End turn button) to end your turn; the trainer "
            "moves next."),
         N_("Press E to end the turn."),
         team_to_move("2"), EndTurn(), replies=(Move(TRAINER, (5, 7)), EndTurn())),
    Step(N_("The trainer stepped out. Click your unit, then the trainer to aim: the panel shows "
            "the roll you need on two dice and why. Click the trainer again (or press F) to "
            "fire. The dice are set for this lesson. This shot hits."),
         N_("Click your unit, then the trainer to aim, then the trainer again (or F) to fire."),
         laser(TRAINER, "deactivated"), Fire(YOU, TRAINER), highlight=((5, 7),), dice=(HIT,)),
    Step(N_("A hit scores 1 point and switches the trainer's laser off. Firing used your AP: end "
            "the turn and watch the trainer walk to its base to recharge."),
         N_("Press E to end the turn."),
         team_to_move("2"), EndTurn(), replies=(Move(TRAINER, (2, 10)), EndTurn())),
    Step(N_("The trainer kept its unused AP as snap shots: it fires at a unit that ends a move in "
            "its sight. Hold H to shade the tiles it watches."),
         N_("Hold H to see the tiles the trainer watches."),
         always, signal=WATCH),
    Step(N_("Click your unit and move to the ringed tile, in the trainer's sight, and watch its "
            "snap shot. The dice are set for this lesson. It hits you."),
         N_("Click your unit, then the ringed tile (4, 6), in the trainer's sight."),
         laser(YOU, "deactivated"), Move(YOU, (4, 6)), highlight=((4, 6),), dice=(HIT,)),
    Step(N_("Your laser is off. Walk onto your base (ringed) to recharge it: it starts charging "
            "there and is charged when your turn ends."),
         N_("Click your base (6, 4) to recharge."),
         laser(YOU, "charging"), Move(YOU, (6, 4)), highlight=((6, 4),)),
    Step(N_("End the turn: your laser charges, and the trainer waits on its base."),
         N_("Press E to end the turn."),
         team_to_move("2"), EndTurn(), replies=(EndTurn(),)),
    Step(N_("Your laser is charged. Click your unit and step out to the ringed tile: the trainer "
            "snap-shoots again. The dice are set for this lesson. It misses."),
         N_("Click your unit, then the ringed tile (4, 5)."),
         unit_at(YOU, (4, 5)), Move(YOU, (4, 5)), highlight=((4, 5),), dice=(MISS,)),
    Step(N_("One more point wins. Aim at the trainer on its base and fire. The dice are set for "
            "this lesson. This shot hits."),
         N_("Click the trainer to aim, then click it again (or F) to fire."),
         won, Fire(YOU, TRAINER), highlight=((2, 10),), dice=(HIT,)),
)

BASICS = Chapter(
    "basics", N_("The basics"),
    N_("Move, climb, take cover, aim and fire, snap shots, recharge, and win on points."),
    (Board("lesson.json", STEPS),),
    N_("You won 2-1, and you know the game now."),
)
