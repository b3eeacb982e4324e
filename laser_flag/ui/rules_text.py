"""The rulebook in a page: what the Rules screen says in words (RULES.md, shortened)."""

from __future__ import annotations

RULES_PAGE: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "Goal",
        (
            "Tag enemy units with your laser: every hit scores a point. Reach your score limit, "
            "eliminate the other team, or leave it with no laser that can recharge.",
        ),
    ),
    (
        "A turn",
        (
            "Each unit has 3 AP a turn. Use your units in any order, switch freely, then End Turn.",
            "Move (1 AP): walk up to the class's speed; at most half the steps diagonal; no walls, "
            "no other units, no cutting wall corners. Stepping onto cover ends the move "
            "(Scouts climb freely).",
            "Fire: needs a charged laser and 1 AP. Plain, Scout and Grunt spend all their AP; "
            "a Sniper spends 1 AP and may fire again, but not move after firing.",
        ),
    ),
    (
        "Line of sight",
        (
            "Tiles see each other if any line between their 9 sight points (centre, corners, edge "
            "middles) touches no wall. Units, cover and bases never block sight. No range limit.",
        ),
    ),
    (
        "Hitting",
        (
            "Roll 2D6; hit on a total at least: the shooter's to-hit, + cover defense if the "
            "target has cover (a wall, or cover when it stands on the ground) on a side facing "
            "the shooter, + elevated defense/attack for a unit on cover, + the snap-shot penalty.",
            "A hit scores 1 and deactivates the target's laser. Without any usable base the target "
            "is disqualified instead.",
        ),
    ),
    (
        "Bases and recharging",
        (
            "A deactivated unit that ends a move on its team's base (or a universal one) starts "
            "charging; charging lasers are charged at the end of the turn.",
        ),
    ),
    (
        "Snap shots",
        (
            "At the end of your turn, each unit that did not fire and has a charged laser keeps "
            "its unused AP (up to its class's maximum) as snap shots. When an enemy ends a move "
            "or fires in their sight, they snap-shoot one at a time until one hits.",
        ),
    ),
    (
        "Fog of war (an option)",
        (
            "Switched on in the chooser (or by the map): a team sees all terrain, the scores and "
            "its own units, and an enemy only while one of its units has line of sight to it. "
            "Hidden enemies show as a faint ring where they were last seen, with the round; "
            "tiles no unit of yours sees are dimmed (D).",
            "Moves are planned with what you see: walking into a hidden enemy stops the unit on "
            "the tile before it. A unit that fires, snap shots included, is revealed. Each "
            "player is told only what their team saw; two players pass the screen between turns.",
        ),
    ),
    (
        "Victory",
        (
            "Score limit, elimination, or checkmate (no charged or charging laser and every usable "
            "base occupied). Some maps have a turn limit: then the higher score wins.",
        ),
    ),
)
