"""Chapter 7, the ways to win (RULES.md section 7), a board each: checkmate (and that a unit whose
laser is off can still be hit for a point), elimination, and the round limit. Reaching the
score limit is the first chapter's win."""

from __future__ import annotations

from ...engine.actions import EndTurn, Fire, Move
from ...i18n import N_
from ..lesson import (
    HIT,
    MISS,
    NEXT,
    Board,
    Chapter,
    Step,
    always,
    gone,
    scored,
    team_to_move,
    won,
)

LEFT, RIGHT, SCOUT, TRAINER = 0, 1, 2, 3  # on the checkmate board

CHECKMATE = Board("checkmate.json", (
    Step(N_("A game is won four ways: reaching the score limit (the first chapter), checkmate, "
            "elimination, or a round limit. Here, checkmate. First click your unit at (5, 1) and "
            "fire at the trainer. The dice are set for this lesson. This shot hits."),
         N_("Click your unit at (5, 1), then the trainer twice (or F) to fire."),
         scored("1", 1), Fire(LEFT, TRAINER), highlight=((5, 1), (1, 2)), dice=(HIT,)),
    Step(N_("Its laser is off, but it is still a target, and a hit still scores. Click your unit "
            "at (5, 5) and fire at it. The dice are set for this lesson. This shot hits."),
         N_("Click your unit at (5, 5), then the trainer twice (or F) to fire."),
         scored("1", 2), Fire(RIGHT, TRAINER), highlight=((5, 5), (1, 2)), dice=(HIT,)),
    Step(N_("Checkmate: a team loses when none of its lasers is charged or charging and every base "
            "it could recharge on is taken. The trainer's only laser is off: click your Scout and "
            "put it on the trainer's base."),
         N_("Click your Scout, then the trainer's base (0, 6)."),
         won, Move(SCOUT, (0, 6)), highlight=((2, 5), (0, 6))),
    Step(N_("Checkmate, and a win with 2 points of 5. Press Enter (or the Next board button) for "
            "the next board: elimination."),
         N_("Press Enter for the next board."),
         always, signal=NEXT),
))

SNIPER, NEAR, FAR = 0, 1, 2  # on the elimination board
ELIMINATION = Board("elimination.json", (
    Step(N_("On this board there are no bases: a hit unit cannot recharge, so it leaves the board. "
            "A team with no unit left loses: elimination. Click your Sniper and fire at the "
            "trainer's unit on the left. "
            "The dice are set for this lesson. It hits, and the other one's snap shot misses."),
         N_("Click your Sniper, then the ringed unit twice (or F) to fire."),
         gone(NEAR), Fire(SNIPER, NEAR), highlight=((0, 1),), dice=(HIT, MISS)),
    Step(N_("One left. A Sniper may fire again: fire at it. The dice are set for this lesson. This "
            "shot hits."),
         N_("Fire at the trainer's last unit: click it twice (or F)."),
         won, Fire(SNIPER, FAR), highlight=((0, 5),), dice=(HIT,)),
    Step(N_("Elimination, and a win. Press Enter (or the Next board button) for the next board: "
            "the round limit."),
         N_("Press Enter for the next board."),
         always, signal=NEXT),
))

YOU, RIVAL = 0, 1  # on the round limit board
ROUNDS = Board("rounds.json", (
    Step(N_("This board has a round limit of 1 (the panel shows 'Round 1 of 1'): when the trainer "
            "ends round 1, the higher score wins, whatever the score limit. Get ahead: click your "
            "unit and fire. The dice are set for this lesson. This shot hits."),
         N_("Click your unit, then the trainer twice (or F) to fire."),
         scored("1", 1), Fire(YOU, RIVAL), highlight=((0, 4),), dice=(HIT,)),
    Step(N_("1-0. End the turn: the trainer walks to its base to recharge, but the round ends with "
            "its turn."),
         N_("Press E to end the turn."),
         team_to_move("2"), EndTurn(), replies=(Move(RIVAL, (0, 6)), EndTurn())),
))

WINNING = Chapter(
    "winning", N_("The ways to win"),
    N_("Score limit, checkmate, elimination, round limit; a unit with its laser off still scores."),
    (CHECKMATE, ELIMINATION, ROUNDS),
    N_("The round limit ended it 1-0 for you. Four ways to win: the score limit, checkmate (no "
       "laser left to recharge), elimination (no unit left) and, on some maps, the round limit."),
)
