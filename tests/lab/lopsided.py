"""A map no style can call fair: Duel with four units against one (team 2 keeps its Plain)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

MAPS = Path(__file__).resolve().parents[2] / "maps"


def lopsided_data() -> dict[str, Any]:
    data = json.loads((MAPS / "duel.json").read_text(encoding="utf-8"))
    data.pop("balance", None)
    team1 = [u for u in data["units"] if u[0] == "1"]
    team2 = [u for u in data["units"] if u[0] == "2" and u[1] == "basic"]
    return {**data, "name": "Four against one", "units": team1 + team2}


def lopsided(path: Path) -> Path:
    path.write_text(json.dumps(lopsided_data()), encoding="utf-8")
    return path
