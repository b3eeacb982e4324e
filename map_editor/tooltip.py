"""Tooltips that show after a short rest on a control and leave with the pointer.

A tip's window belongs to its control, so it goes when the control or its dialog goes; while it
is shown, the pointer is checked every WATCH_MS, because a Leave event can be lost (to a
dialog's grab, a window covering the control, the window being iconified).
"""

from __future__ import annotations

import tkinter as tk
from contextlib import suppress

DELAY_MS = 400  # a pointer passing over a control shows nothing
WATCH_MS = 150
OFFSET = 14  # px right of and below the pointer, so the tip never sits under it
WRAP_PX = 360
HIDING_EVENTS = ("<Leave>", "<ButtonPress>", "<KeyPress>", "<Unmap>", "<Destroy>")


class Tooltip:
    """One control's tip; `window` is the tip on screen, or None."""

    def __init__(self, widget: tk.Misc, text: str) -> None:
        self.widget = widget
        self.text = text
        self.window: tk.Toplevel | None = None
        self._timer: str | None = None  # the pending show, or the next pointer check
        widget.bind("<Enter>", self._enter, add="+")
        for event in HIDING_EVENTS:
            widget.bind(event, self.hide, add="+")

    def _enter(self, _event: object = None) -> None:
        self.hide()
        self._timer = self.widget.after(DELAY_MS, self._show)

    def _show(self) -> None:
        self._timer = None
        if not self.pointer_inside():
            return
        self.window = tip_window = tk.Toplevel(self.widget)
        tip_window.wm_overrideredirect(True)
        tk.Label(tip_window, text=self.text, justify="left", wraplength=WRAP_PX,
                 background="#ffffe0", foreground="#000000", relief="solid", borderwidth=1,
                 padx=6, pady=3).pack()
        tip_window.update_idletasks()
        x, y = self.widget.winfo_pointerxy()
        right = self.widget.winfo_screenwidth() - tip_window.winfo_reqwidth()
        bottom = self.widget.winfo_screenheight() - tip_window.winfo_reqheight()
        below = y + OFFSET if y + OFFSET <= bottom else y - OFFSET - tip_window.winfo_reqheight()
        tip_window.wm_geometry(f"+{max(0, min(x + OFFSET, right))}+{max(0, below)}")
        self._timer = self.widget.after(WATCH_MS, self._watch)

    def _watch(self) -> None:
        if self.pointer_inside():
            self._timer = self.widget.after(WATCH_MS, self._watch)
        else:
            self.hide()

    def pointer_inside(self) -> bool:
        """Whether the pointer is over the control (or one of its parts) on a shown window."""
        try:
            if not self.widget.winfo_viewable():
                return False
            under = self.widget.winfo_containing(*self.widget.winfo_pointerxy())
        except (tk.TclError, KeyError):  # the control is gone, or the pointer is over a
            return False  # window tkinter does not know (another program's, a Tk dialog's)
        name = str(self.widget)
        return under is not None and (str(under) == name or str(under).startswith(name + "."))

    def hide(self, _event: object = None) -> None:
        """Take the tip off the screen and forget a pending one."""
        with suppress(tk.TclError):  # the control is being destroyed: all goes with it
            if self._timer is not None:
                self.widget.after_cancel(self._timer)
            if self.window is not None:
                self.window.destroy()
        self._timer = self.window = None


def tip(widget: tk.Misc, text: str) -> Tooltip:
    """A tooltip saying what a control does and its key."""
    return Tooltip(widget, text)
