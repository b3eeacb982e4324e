"""Placeholder so the registry imports; replaced by the real planner below."""

from __future__ import annotations

from .greedy import GreedyBot


class PlannerBot(GreedyBot):
    name = "planner"
