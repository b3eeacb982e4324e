"""The rulebook's named values: teams, laser states and victory reasons (RULES.md §2, §5, §7).

Each is a StrEnum: a member is the very string it names ("1", "charged", "score"), so JSON
files and saves hold plain strings as before, and a member compares equal to its string.
"""

from __future__ import annotations

from enum import StrEnum

from ..i18n import N_, _


class Term(StrEnum):
    """A named value shown as the plain string it is, in reprs and messages alike: a unit's
    repr says team='1', and a message never shows <Team.ONE: '1'> to a player."""

    __repr__ = str.__repr__


class Team(Term):
    ONE = "1"
    TWO = "2"


class Laser(Term):
    """A unit's laser (RULES §5): a hit deactivates it; a base starts it charging."""

    CHARGED = "charged"
    CHARGING = "charging"
    DEACTIVATED = "deactivated"


# A laser's state as players read it ("Its laser is charging."): translated by laser_word.
LASER_WORDS = {Laser.CHARGED: N_("charged"), Laser.CHARGING: N_("charging"),
               Laser.DEACTIVATED: N_("deactivated")}


def laser_word(laser: str) -> str:
    """A laser's state in the language spoken."""
    return _(LASER_WORDS[Laser(laser)])


class Victory(Term):
    """Why a game ended (RULES §7), in the order the conditions are checked."""

    SCORE = "score"
    ELIMINATION = "elimination"
    CHECKMATE = "checkmate"
    TURN_LIMIT = "turn_limit"


TEAMS = (Team.ONE, Team.TWO)
DRAW = "draw"  # the winner of a game that neither team won
Winner = str  # a Team, or DRAW


def winner_of(text: str) -> Winner:
    """The winner a string names ("1", "2" or "draw"); ValueError for anything else."""
    return DRAW if text == DRAW else Team(text)


def other_team(team: str) -> Team:
    return Team.TWO if team == Team.ONE else Team.ONE
