"""The balance lab as a model layer: seeded bot-vs-bot games answering "is this map fair?".

No Tk and no pygame: the command line (`laser_flag.tools.balance`) and the editor's Balance
panel both drive it. `pairings` names who plays whom, `games` makes and plays the seeded
games, `run` runs a plan (blocking, or `LabRun` in the background), `report` turns the games
into rows, verdicts and hit maps, `badge` stores a verdict in a map file.
"""

from .games import Plan
from .pairings import STYLES, Pairing, parse_pairing
from .report import FAIR
from .run import LabRun, Progress

__all__ = ["FAIR", "STYLES", "LabRun", "Pairing", "Plan", "Progress", "parse_pairing"]
