"""The rules of Laser Flag in pure Python: no pygame, no tkinter (RULES.md)."""

from .actions import Action, EndTurn, Fire, IllegalAction, Move
from .game import Game, SnapRisk, WhatIf, known_game
from .game_map import NEIGHBOURS, GameMap, Pos, UnitSpec, other_team
from .json_reader import ReadError, read_json
from .mapfile import MapError, load_map, parse_map, save_map
from .rolls import ToHit
from .team_view import TeamView, known_state, view
from .units import CHARGED, CHARGING, DEACTIVATED, Unit

__all__ = [
    "CHARGED", "CHARGING", "DEACTIVATED", "NEIGHBOURS", "Action", "EndTurn", "Fire", "Game",
    "GameMap", "IllegalAction", "MapError", "Move", "Pos", "ReadError", "SnapRisk", "TeamView",
    "ToHit", "Unit", "UnitSpec", "WhatIf", "known_game", "known_state", "load_map", "other_team",
    "parse_map", "read_json", "save_map", "view",
]
