"""A click or key that does nothing says why: the refusal, and the words that are not the engine's.

Wherever the engine judges an action its `IllegalAction` reason is used as it is; these words
cover what is not an action yet (nothing picked, an enemy clicked with nothing selected).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_


@dataclass(frozen=True)
class Refused:
    """An action the engine refused, or a pick that cannot be made, and why."""

    reason: str


PICK_A_UNIT = N_("Pick a unit of yours first (click it, Tab, or 1-9).")
PICK_A_TARGET = N_("Pick a target first: click an enemy marked in yellow.")
NOT_YOURS = N_("That unit is not yours (its card is shown): pick one of yours to act.")
