"""The menu bar, built from one table so every entry's key is bound and shown the same way."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

from . import commands
from .symmetry import FIRST_HALF, SECOND_HALF, SYMMETRIES

Entry = tuple[str, str, str, Callable[[], object]] | None  # label, shown key, Tk event, command


def _mirror_entries(mirror: Callable[[str, bool], object]) -> list[Entry]:
    entries: list[Entry] = []
    for symmetry in SYMMETRIES:
        for keep_first, kept, other in ((True, FIRST_HALF, SECOND_HALF),
                                        (False, SECOND_HALF, FIRST_HALF)):
            label = f"{symmetry.capitalize()}: copy {kept[symmetry]} half onto {other[symmetry]}"
            entries.append((label, "", "", lambda s=symmetry, k=keep_first: mirror(s, k)))
    return entries


def build_menus(root: tk.Tk, window) -> tk.Menu:  # window: EditorWindow (import cycle)
    """Attach the menu bar to `root` and bind each shortcut to the same command."""
    overlay = window.overlay
    table: dict[str, list[Entry]] = {
        "File": [
            ("New...", "Ctrl+N", "<Control-n>", window.new_map),
            ("Open...", "Ctrl+O", "<Control-o>", window.open_map),
            ("Save", "Ctrl+S", "<Control-s>", window.save),
            ("Save As...", "Ctrl+Shift+S", "<Control-S>", window.save_as),
            None,
            ("Play-test", "F5", "<F5>", window.play_test),
            None,
            ("Quit", "Ctrl+Q", "<Control-q>", window.close),
        ],
        "Edit": [
            ("Undo", "Ctrl+Z", "<Control-z>", lambda: window.run(commands.undo)),
            ("Redo", "Ctrl+Y", "<Control-y>", lambda: window.run(commands.redo)),
            None,
            ("Delete selected unit", "Delete", "<Delete>", window.delete_unit),
        ],
        "Map": [
            ("Check map", "Ctrl+K", "<Control-k>", window.check_map),
            ("Properties...", "Ctrl+P", "<Control-p>", window.edit_properties),
            ("Balance...", "Ctrl+B", "<Control-b>", window.open_balance),
            None,
            *_mirror_entries(lambda which, keep: window.run(commands.mirror, which, keep)),
        ],
        "View": [  # one overlay at a time: each replaces the one shown
            ("Sight from a tile (Sight tool)", "L", "", window.use_sight_tool),
            ("Exposure heatmap", "H", "", lambda: window.view(overlay.toggle_exposure)),
            ("Hit map (measured in the Balance panel)", "", "",
             lambda: window.view(overlay.show_hit_map)),
            ("No overlay", "Esc", "", lambda: window.view(overlay.hide)),
            None,
            ("Alternate colours", "A", "", window.toggle_alternate),
        ],
    }
    bar = tk.Menu(root)
    for title, entries in table.items():
        menu = tk.Menu(bar, tearoff=False)
        for entry in entries:
            if entry is None:
                menu.add_separator()
                continue
            label, key, event, command = entry
            menu.add_command(label=label, accelerator=key, command=command)
            if event:
                root.bind(event, lambda _e, c=command: (c(), "break")[1])
        bar.add_cascade(label=title, menu=menu)
    root.configure(menu=bar)
    return bar
