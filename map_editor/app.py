"""Start the editor: `laser-flag-editor [MAP]` and `python -m map_editor [MAP]`."""

from __future__ import annotations

import argparse
import os
import sys
import tkinter as tk

from laser_flag.i18n import _, use_language
from laser_flag.resources import find_map
from laser_flag.settings_file import language_setting
from laser_flag.sight_files import use_data_folder
from laser_flag.tools.cli import OneLineParser, UsageError, argument_type, fail

from .document import MapDocument
from .storage import new_map_data

DEFAULT_SIZE = 21
PROG = "laser-flag-editor"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The options; UsageError (one line) for a bad one."""
    parser = OneLineParser(prog=PROG, description=_("Design, check and save Laser Flag maps."))
    parser.add_argument("file", nargs="?", type=argument_type(find_map), metavar="MAP",
                        help="a map to open: a file (.json or .txt), or a map's name as the game "
                        "takes it")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Open the editor window on FILE (or a new map) and run until it is closed; 2 with one
    line on stderr for a bad option."""
    try:
        args = parse_args(argv)
    except UsageError as err:
        return fail(PROG, err)
    use_data_folder()  # maps' LOS answers: read from and kept in the data folder
    # The game's choice, read as the editor opens and before its windows' modules load: their
    # labels are translated as they are made, and stay so until the editor is opened again.
    use_language(language_setting())
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # pygame only draws off-screen here
    from .window import EditorWindow  # after the environment: it imports pygame

    try:
        root = tk.Tk(className="laser-flag-editor")
    except tk.TclError as e:
        print(f"laser-flag-editor: cannot open a window: {e}", file=sys.stderr)
        return 2
    window = EditorWindow(root, MapDocument(new_map_data(DEFAULT_SIZE, DEFAULT_SIZE)))
    if args.file and not window.open_path(args.file):
        root.destroy()
        return 1
    root.mainloop()
    return 0
