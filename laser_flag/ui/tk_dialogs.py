"""Small tkinter dialogs (open a map, save a game elsewhere) that fail softly when Tk is missing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..i18n import _


def _with_tk(ask: Callable[[Any], Any]) -> Any:
    """Run `ask(root)` with a hidden Tk root; None when there is no Tk or no display for it."""
    try:
        import tkinter
    except ImportError:
        return None
    try:
        root = tkinter.Tk()
    except tkinter.TclError:
        return None
    try:
        root.withdraw()
        return ask(root)
    except tkinter.TclError:
        return None
    finally:
        root.destroy()


def ask_map_file(initial_dir: str) -> str | None:
    """A map file chosen in a file dialog, or None."""

    def ask(root: Any) -> str:
        from tkinter import filedialog

        return filedialog.askopenfilename(
            parent=root,
            title=_("Open a Laser Flag map"),
            initialdir=initial_dir,
            filetypes=[(_("Laser Flag maps"), _("*.json *.txt")), (_("All files"), "*")],
        )

    path = _with_tk(ask)
    return path or None


def ask_save_file(initial_dir: str, initial_name: str) -> str | None:
    """A file to save a game to, chosen in a file dialog (it asks before replacing one), or
    None."""

    def ask(root: Any) -> str:
        from tkinter import filedialog

        return filedialog.asksaveasfilename(
            parent=root,
            title=_("Save the game elsewhere"),
            initialdir=initial_dir,
            initialfile=initial_name,
            defaultextension=".json",
            filetypes=[(_("Laser Flag saves"), "*.json"), (_("All files"), "*")],
        )

    path = _with_tk(ask)
    return path or None
