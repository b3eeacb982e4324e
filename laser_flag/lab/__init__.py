"""The balance lab as a model layer: seeded bot-vs-bot games answering "is this map fair?".

No Tk and no pygame: the command line (`laser_flag.tools.balance`), the editor's Balance panel
and the game's chooser all drive it. `pairings` names who plays whom, `games` makes and plays
the seeded games, `stopping` decides when a run may stop, `executors` and `cluster` say where
games are played (this process, local processes, Dask), `run` runs a plan (blocking, or
`LabRun` in the background), `verdict` says what the games can tell, `report` turns the games
into rows and verdicts, `badge` stores a verdict in a map file, `measured` keeps what this
machine measured, `variants` makes the maps a sweep measures.
"""

from .games import Plan
from .pairings import STYLE_NAMES, STYLES, Pairing, parse_pairing
from .run import LabRun, Progress, Where, new_plan
from .verdict import FAIR, UNDECIDED

__all__ = ["FAIR", "STYLES", "STYLE_NAMES", "UNDECIDED", "LabRun", "Pairing", "Plan",
           "Progress", "Where", "new_plan", "parse_pairing"]
