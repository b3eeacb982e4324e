"""The bundled application's one program: each executable in the folder runs the command it is
named after, so `laser-flag`, `laser-flag-editor`, `laser-flag-balance` and `laser-flag-rolls`
share one copy of Python and the game (release/laser-flag.spec builds them from this file)."""

from __future__ import annotations

import multiprocessing
import sys
from pathlib import Path


def command_main(name: str):
    """The entry point of the command `name` (an executable's name, without .exe); each is
    imported only when run, so the game starts without the editor's Tk or the lab."""
    if name == "laser-flag-editor":
        from map_editor.app import main
    elif name == "laser-flag-balance":
        from laser_flag.tools.balance import main
    elif name == "laser-flag-rolls":
        from laser_flag.tools.rolls import main
    else:
        from laser_flag.app import main
    return main


if __name__ == "__main__":
    # A lab worker started with the spawn method is this program again, told so by its
    # arguments: it runs its task and exits here, before any command reads them.
    multiprocessing.freeze_support()
    sys.exit(command_main(Path(sys.executable).stem)())
