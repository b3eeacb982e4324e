"""The menu bar, built from one table so every entry's key is bound and shown the same way."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

from laser_flag.i18n import _

from . import commands
from .symmetry import FIRST_HALF, SECOND_HALF, SYMMETRIES

Entry = tuple[str, str, str, Callable[[], object]] | None  # label, shown key, Tk event, command


def _mirror_entries(mirror: Callable[[str, bool], object]) -> list[Entry]:
    entries: list[Entry] = []
    for symmetry in SYMMETRIES:
        for keep_first, kept, other in ((True, FIRST_HALF, SECOND_HALF),
                                        (False, SECOND_HALF, FIRST_HALF)):
            label = _("{capitalize}: copy {kept} half onto {other}").format(
                capitalize=_(symmetry).capitalize(), kept=_(kept[symmetry]),
                other=_(other[symmetry]))
            entries.append((label, "", "", lambda s=symmetry, k=keep_first: mirror(s, k)))
    return entries


def build_menus(root: tk.Tk, window) -> tk.Menu:  # window: EditorWindow (import cycle)
    """Attach the menu bar to `root` and bind each shortcut to the same command."""
    overlay = window.overlay
    table: dict[str, list[Entry]] = {
        _("File"): [
            (_("New..."), _("Ctrl+N"), "<Control-n>", window.new_map),
            (_("Open..."), _("Ctrl+O"), "<Control-o>", window.open_map),
            (_("Save"), _("Ctrl+S"), "<Control-s>", window.save),
            (_("Save As..."), _("Ctrl+Shift+S"), "<Control-S>", window.save_as),
            None,
            (_("Play-test"), "F5", "<F5>", window.play_test),
            None,
            (_("Quit"), _("Ctrl+Q"), "<Control-q>", window.close),
        ],
        _("Edit"): [
            (_("Undo"), _("Ctrl+Z"), "<Control-z>", lambda: window.run(commands.undo)),
            (_("Redo"), _("Ctrl+Y"), "<Control-y>", lambda: window.run(commands.redo)),
            None,
            (_("Delete selected unit"), _("Delete"), "<Delete>", window.delete_unit),
        ],
        _("Map"): [
            (_("Check map"), _("Ctrl+K"), "<Control-k>", window.check_map),
            (_("Properties..."), _("Ctrl+P"), "<Control-p>", window.edit_properties),
            (_("Balance..."), _("Ctrl+B"), "<Control-b>", window.open_balance),
            (_("Generate..."), _("Ctrl+G"), "<Control-g>", window.generate_map),
            None,
            *_mirror_entries(lambda which, keep: window.run(commands.mirror, which, keep)),
        ],
        _("View"): [  # one overlay at a time: each replaces the one shown
            (_("Sight from a tile (Sight tool)"), "L", "", window.use_sight_tool),
            (_("Exposure heatmap"), "H", "", lambda: window.view(overlay.toggle_exposure)),
            (_("Hit map (measured in the Balance panel)"), "", "",
             lambda: window.view(overlay.show_hit_map)),
            (_("No overlay"), _("Esc"), "", lambda: window.view(overlay.hide)),
            None,
            (_("Alternate colours"), "A", "", window.toggle_alternate),
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
