"""Win rates with their 95% Wilson score intervals: how sure a count of games lets us be."""

from __future__ import annotations

import math
from typing import Any

Z_95 = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson(wins: int, n: int, z: float = Z_95) -> tuple[float, float] | None:
    """The Wilson score interval of a win rate; None without games."""
    if n == 0:
        return None
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(max(0.0, centre - half), 6), round(min(1.0, centre + half), 6)


def rate(wins: int, losses: int) -> dict[str, Any]:
    """The win rate among decided games and its interval (both None without any)."""
    decided = wins + losses
    interval = wilson(wins, decided)
    return {"win_rate": round(wins / decided, 6) if decided else None,
            "interval": list(interval) if interval else None}  # a list, as JSON reads it back


def difference(wins_a: int, n_a: int, wins_b: int, n_b: int,
               z: float = Z_95) -> tuple[float, float] | None:
    """Newcombe's 95% interval of rate a minus rate b, from each rate's Wilson interval; None
    when either has no games. It excludes 0 when the games can tell the two rates apart."""
    a, b = wilson(wins_a, n_a, z), wilson(wins_b, n_b, z)
    if a is None or b is None:
        return None
    p_a, p_b = wins_a / n_a, wins_b / n_b
    below = math.sqrt((p_a - a[0]) ** 2 + (b[1] - p_b) ** 2)
    above = math.sqrt((a[1] - p_a) ** 2 + (p_b - b[0]) ** 2)
    return p_a - p_b - below, p_a - p_b + above
