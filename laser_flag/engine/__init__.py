"""The rules of Laser Flag in pure Python: no pygame, no tkinter (RULES.md)."""

from .actions import Action, EndTurn, Fire, IllegalAction, Move
from .game import Game, SnapRisk
from .game_map import GameMap, Pos, UnitSpec
from .mapfile import MapError, load_map, parse_map, save_map
from .rolls import ToHit

__all__ = [
    "Action", "EndTurn", "Fire", "Game", "GameMap", "IllegalAction", "MapError", "Move", "Pos",
    "SnapRisk", "ToHit", "UnitSpec", "load_map", "parse_map", "save_map",
]
