"""Chapters 2 to 4: one class each, the Scout, the Sniper and the Grunt, with the numbers that
set it apart (RULES.md section 2), each taught by doing it once."""

from __future__ import annotations

from ...engine.actions import EndTurn, Fire, Move
from ...i18n import N_
from ..lesson import (
    HIT,
    MISS,
    Board,
    Chapter,
    Step,
    elevated,
    laser,
    team_to_move,
    unit_at,
    won,
)

YOU, TRAINER = 0, 1  # the unit ids of each of these boards: one unit a side

SCOUT = Chapter(
    "scout", N_("The Scout"),
    N_("Speed 5, climbs cover without stopping, and the weakest shot."),
    (Board("scout.json", (
        Step(N_("This is a Scout: it walks 5 squares a move, the most of any class (a Plain walks "
                "4). Select it and walk to the ringed tile, 5 squares away."),
             N_("Select your Scout, then click the ringed tile (6, 6)."),
             unit_at(YOU, (6, 6)), Move(YOU, (6, 6)), highlight=((6, 1), (6, 6))),
        Step(N_("A Scout climbs freely: stepping onto cover does not end its move. Walk through "
                "the crate in the wall's gap and up onto the crate beyond it, in one move; any "
                "other class would stop on the first crate. The trainer sees you arrive and "
                "snap-shoots. The dice are set for this lesson. It misses."),
             N_("Click the ringed crate (2, 3): the path goes over the crate in the gap."),
             unit_at(YOU, (2, 3)), Move(YOU, (2, 3)), highlight=((3, 3), (2, 3)),
             dice=(MISS,)),
        Step(N_("Fire at the trainer. A Scout is the weakest shot (it needs 8 to hit where a Plain "
                "needs 7), but standing on cover it needs 1 less. The dice are set for this "
                "lesson. This shot hits, and one point wins here."),
             N_("Click the trainer to aim, then click it again (or F) to fire."),
             won, Fire(YOU, TRAINER), highlight=((1, 7),), dice=(HIT,)),
    )),),
    N_("The Scout: the fastest, over cover and on, but the weakest shot. Use it to reach, not to "
       "duel."),
)

SNIPER = Chapter(
    "sniper", N_("The Sniper"),
    N_("The best shot, firing for 1 AP, again and again; but no move after firing."),
    (Board("sniper.json", (
        Step(N_("This is a Sniper: the best shot (it needs 6 to hit) and a shot costs it only 1 "
                "AP, where other classes spend all they have left. Select it and fire at the "
                "trainer. The dice are set for this lesson. This shot misses, and so does the "
                "trainer's snap shot back."),
             N_("Click your Sniper, then the trainer twice (or F) to fire."),
             lambda game: game.unit(YOU).ap == 2, Fire(YOU, TRAINER), highlight=((3, 6),),
             dice=(MISS, MISS)),
        Step(N_("The miss cost 1 AP: your Sniper has 2 left. Fire again. The dice are set for this "
                "lesson. This one hits."),
             N_("Fire at the trainer again: click it (or press F)."),
             laser(TRAINER, "deactivated"), Fire(YOU, TRAINER), highlight=((3, 6),),
             dice=(HIT,)),
        Step(N_("A Sniper that has fired cannot move this turn: hover a tile and the board says "
                "so. End the turn; the trainer walks to its base to recharge."),
             N_("Press E to end the turn."),
             team_to_move("2"), EndTurn(), replies=(Move(TRAINER, (0, 8)), EndTurn())),
        Step(N_("The trainer is charged again, and watching. Click your Sniper and walk to the "
                "ringed tile (a Sniper walks only 3 squares): it snap-shoots as you arrive. The "
                "dice are set for this lesson. It misses."),
             N_("Click your Sniper, then the ringed tile (5, 3)."),
             unit_at(YOU, (5, 3)), Move(YOU, (5, 3)), highlight=((5, 3),), dice=(MISS,)),
        Step(N_("Moving first and then firing is fine; only firing first stops a Sniper. Fire at "
                "the trainer on its base. The dice are set for this lesson. This shot hits and "
                "wins."),
             N_("Click the trainer to aim, then click it again (or F) to fire."),
             won, Fire(YOU, TRAINER), highlight=((0, 8),), dice=(HIT,)),
    )),),
    N_("The Sniper: several shots a turn for 1 AP each, but it stays where it fired from. Move "
       "first, then shoot."),
)

GRUNT = Chapter(
    "grunt", N_("The Grunt"),
    N_("Twice the cover, twice the height, 3 snap shots with a bigger penalty."),
    (Board("grunt.json", (
        Step(N_("This is a Grunt. The wall on its west (the bars beside it) is cover: a shooter to "
                "the west needs 2 more to hit a Grunt (1 more for other classes). A Grunt also "
                "keeps up to 3 AP as snap shots (others 2). End the turn without moving, and "
                "watch. The dice are set for this lesson."),
             N_("Press E to end the turn without moving."),
             team_to_move("2"), EndTurn(),
             replies=(Move(TRAINER, (3, 0)), Fire(TRAINER, YOU), EndTurn()),
             reply_dice=(MISS, MISS, HIT)),
        Step(N_("Your Grunt snap-shot as the trainer arrived and again after it fired: a Grunt's "
                "snap shot needs 2 more (9), a Plain's 1 more. The trainer needed 9 too: your "
                "cover counted 2. The second snap shot hit. Now click your Grunt and climb onto "
                "the crate (ringed): up there a Grunt needs 2 less to hit, and is 2 easier to "
                "hit."),
             N_("Click your Grunt, then the crate (3, 5)."),
             elevated(YOU), Move(YOU, (3, 5)), highlight=((3, 5),)),
        Step(N_("Fire at the trainer. Its laser is off, but it can still be hit, and a hit still "
                "scores. The dice are set for this lesson. This shot hits and wins."),
             N_("Click the trainer to aim, then click it again (or F) to fire."),
             won, Fire(YOU, TRAINER), highlight=((3, 0),), dice=(HIT,)),
    )),),
    N_("The Grunt: the best in cover and on it, the most snap shots, the worst snap-shot aim."),
)
