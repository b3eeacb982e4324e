"""The Rules screen's pages that teach: each rule in a few short paragraphs (the same words as
docs/RULES.md's "The rules in short", which a test holds them to) and a small board that shows
it, described here as plain data and drawn by the game's own renderer (rules_pictures.py).

A modifier is said as what the shooter needs ("needs 1 more to hit"), never as a sign.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n import N_

# Picture kinds: what rules_pictures.py draws over the board.
REACH, SIGHT, CHANCE, COVER_ARC, HEIGHT, SNAP, RECHARGE, CHECKMATE, FOG = (
    "reach", "sight", "chance", "cover arc", "height", "snap", "recharge", "checkmate", "fog")


@dataclass(frozen=True)
class Picture:
    """A small board: its tiles as text rows (. floor, C cover, W wall, 1 2 U bases), its units
    as (team, class, row, column, laser), what is shown over it (`kind`) about which unit
    (`unit`, an index into `units`) and which tile (`tile`), and a caption under it."""

    rows: tuple[str, ...]
    units: tuple[tuple[str, str, int, int, str], ...]
    kind: str
    caption: str
    unit: int = 0
    tile: tuple[int, int] | None = None


@dataclass(frozen=True)
class RulePage:
    title: str
    paragraphs: tuple[str, ...]
    picture: Picture


C, D, G = "charged", "deactivated", "charging"

PAGES: tuple[RulePage, ...] = (
    RulePage(N_("A turn"), (
        N_("Two teams take turns; team 1 moves first. Every unit has 3 action points (AP) a turn. "
           "Use your units in any order, switching freely, then end the turn."),
        N_("A move costs 1 AP. Firing needs a charged laser: a Plain, a Scout or a Grunt spends "
           "all its AP left; a Sniper spends 1 and may fire again, but not move after firing."),
        N_("Every hit scores a point. Reach your score limit to win."),
    ), Picture((
        ". . . . . . 2",
        ". . . . . . .",
        ". . . W . . .",
        ". . . . . . .",
        "1 . . . . . .",
    ), (("1", "basic", 3, 1, C), ("1", "sniper", 4, 0, C), ("2", "scout", 0, 5, C),
        ("2", "grunt", 1, 6, C)),
        REACH, N_("A Plain's reach for one move: 1 of its 3 AP."))),
    RulePage(N_("Moving"), (
        N_("A move walks up to the class's speed (a Plain or a Grunt 4, a Scout 5, a Sniper 3) in "
           "steps to any of the 8 neighbours, at most half of them diagonal."),
        N_("Walls and units block the way, and a diagonal step may not cut a wall's corner."),
        N_("Stepping up onto cover ends the move, except for a Scout, which climbs freely."),
    ), Picture((
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . W W . . . .",
        ". . . . . . . C .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . 2",
    ), (("1", "basic", 5, 4, C), ("2", "basic", 0, 8, C)),
        REACH, N_("A Plain's reach: the wall's corner cut off, the crate a stop."))),
    RulePage(N_("Line of sight"), (
        N_("A unit sees a tile when some straight line from one of the 9 points of its tile (the "
           "centre, the corners, the middles of the edges) to one of the other tile's touches no "
           "wall, not even a corner."),
        N_("Units, cover and bases never block sight. There is no range limit, and sight goes both "
           "ways."),
    ), Picture((
        ". . . . . . .",
        ". W . . . W .",
        ". . . . . . .",
        ". . . W . . .",
        ". . . . . . .",
    ), (("1", "basic", 4, 3, C), ("2", "basic", 0, 3, C), ("2", "basic", 0, 6, C)),
        SIGHT, N_("What the Plain sees, lit; the enemy behind the wall is out of sight."))),
    RulePage(N_("Hitting"), (
        N_("Roll two dice: a shot hits on a total at least the needed roll. A Plain needs 7, a "
           "Scout 8, a Sniper 6 and a Grunt 7."),
        N_("Cover, height and snap shots change it: each makes the shooter need more or less. The "
           "board shows the chance over each target before you fire."),
        N_("A hit scores 1 point and switches the target's laser off. A unit whose laser is off "
           "can still be hit, and the hit still scores."),
    ), Picture((
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
    ), (("1", "basic", 4, 1, C), ("2", "basic", 0, 3, C), ("2", "scout", 1, 4, D)),
        CHANCE, N_("A Plain needs 7: 21 of the 36 rolls of two dice."))),
    RulePage(N_("Cover"), (
        N_("A wall next to a unit is cover on that side; so is a cover block, while the unit "
           "stands on the ground."),
        N_("A unit is in cover against a shooter on a side facing it: north, south, west or east "
           "of it, counted strictly (a shooter to the north-east faces two sides)."),
        N_("Against a unit in cover the shooter needs 1 more to hit (2 more against a Grunt)."),
    ), Picture((
        ". . . . . . .",
        ". . . . . . .",
        ". . . W . . .",
        ". . . . C . .",
        ". . . . . . .",
        ". . . . . . .",
    ), (("2", "basic", 3, 3, C), ("1", "basic", 5, 0, C)),
        COVER_ARC, N_("What a Plain shooting from each tile needs: orange, the target is in "
                      "cover."))),
    RulePage(N_("Height"), (
        N_("A unit standing on cover is elevated. It shoots better: it needs 1 less to hit (a "
           "Grunt 2 less)."),
        N_("It is also easier to hit: a shooter needs 1 less against it (2 less against a Grunt)."),
        N_("Cover blocks beside an elevated unit give it no cover; walls still do."),
    ), Picture((
        ". . . . .",
        ". C . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
    ), (("1", "basic", 1, 1, C), ("2", "basic", 4, 4, C)),
        HEIGHT, N_("Up on the crate: it needs 6, and 6 is all its enemy needs."))),
    RulePage(N_("Snap shots"), (
        N_("At the end of its turn, each unit that did not fire keeps its AP left as snap shots, "
           "up to its class's maximum (2; a Grunt 3)."),
        N_("When an enemy whose laser is on ends a move or fires in their sight, the watchers "
           "shoot one at a time, in a random order, until one hits. A snap shot needs 1 more (a "
           "Grunt's 2 more)."),
        N_("The tiles a move passes through do not count: only where it ends."),
    ), Picture((
        ". . . . . . .",
        ". . . . . . .",
        ". . W . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ), (("1", "basic", 4, 1, C), ("2", "basic", 0, 1, C), ("2", "grunt", 1, 6, C)),
        SNAP, N_("The move to the lit tile: two watchers, each one's chance, and the risk."),
        tile=(2, 4))),
    RulePage(N_("Recharging"), (
        N_("A unit whose laser is off recharges by ending a move on its team's base (or a "
           "universal one): it starts charging there, and is charged when the turn ends."),
        N_("A charging laser cannot fire. A unit hit when its team has no base it could use leaves "
           "the board instead."),
    ), Picture((
        ". . . . . .",
        ". . . . . .",
        ". . . . . .",
        ". . . . . .",
        "1 . . . . U",
    ), (("1", "basic", 2, 3, D), ("1", "basic", 4, 0, G), ("1", "scout", 0, 0, C),
        ("2", "basic", 0, 5, C)),
        RECHARGE, N_("Off, it walks to a base; another charges on its own; a Scout is charged."),
        tile=(4, 5))),
    RulePage(N_("Winning"), (
        N_("Reach your score limit, or leave the other team with no unit (elimination), or "
           "checkmate it: none of its lasers charged or charging, and every base it could use "
           "taken."),
        N_("Some maps have a round limit: when it is reached, the higher score wins. Equal scores "
           "are a draw."),
    ), Picture((
        ". . . . 2",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        "1 . . . .",
    ), (("1", "basic", 0, 4, C), ("1", "basic", 4, 1, C), ("2", "basic", 1, 1, D)),
        CHECKMATE, N_("Checkmate: its only laser off, its only base taken."))),
    RulePage(N_("Fog of war (an option)"), (
        N_("Switched on in the chooser (or by the map): a team sees all the terrain, the scores "
           "and its own units, and an enemy only while one of its units has line of sight to it."),
        N_("Hidden enemies show as a faint ring where they were last seen, with the round; tiles "
           "no unit of yours sees are dimmed (D). Moves are planned with what you see: walking "
           "into a hidden enemy stops the unit on the tile before it."),
        N_("A unit that fires, snap shots included, is revealed. Each player is told only what "
           "their team saw; two players pass the screen between turns."),
    ), Picture((
        ". . . . . . .",
        ". . . W . . .",
        ". . . W . . .",
        ". . . W . . .",
        ". . . . . . .",
    ), (("1", "basic", 2, 1, C), ("2", "basic", 2, 5, C)),
        FOG, N_("As the left team sees it: the dark is out of its sight."), tile=(0, 4))),
)
