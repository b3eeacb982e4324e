"""Tooltips that show after a short rest on a control and leave with the pointer: tkinter-tooltip's
ToolTip at the editor's delay, wrap and placement, with what it misses added (each addition says
which case the package alone gets wrong).

The package hides a tip on the control's <Leave> and <ButtonPress>. Under X (where the window
tests run) Tk sends that Leave also when a dialog grabs the pointer, when a window opens over the
control and when the control or a window it is in is withdrawn or unmapped, so those cases need
nothing here.
"""

from __future__ import annotations

import tkinter as tk
from contextlib import suppress

from tktooltip import ToolTip
from tktooltip.tooltip import Binding

DELAY_S = 0.4  # a pointer passing over a control shows nothing
OFFSET = 14  # px right of and below the pointer, so the tip never sits under it
WRAP_PX = 360


class Tip(ToolTip):
    """One control's tip: a window of the control's own, withdrawn while the tip is not shown."""

    def __init__(self, widget: tk.Widget, text: str) -> None:
        super().__init__(
            widget, msg=text, delay=DELAY_S, x_offset=OFFSET, y_offset=OFFSET,
            # The package makes the tip a child of the application's root, so a tip on screen
            # when its control or the control's dialog is destroyed stays there: the control
            # owns it here, and Tk destroys it with the control.
            parent_kwargs={"master": widget, **ToolTip.DEFAULT_PARENT_KWARGS},
            width=WRAP_PX, justify="left", background="#ffffe0", foreground="#000000",
            padx=6, pady=3)

    def _init_bindings(self) -> list[Binding]:
        # The package leaves the tip up while a key is typed into the control.
        return [*super()._init_bindings(), Binding(self.widget, "<KeyPress>", self.on_leave)]

    def _update_tooltip_coords(self, event: tk.Event) -> None:
        # The package puts the tip at the pointer plus the offsets even where that runs off the
        # screen (a control near its right or bottom edge): here the tip stays whole on screen,
        # above the pointer where there is no room below it.
        width, height = self.winfo_reqwidth(), self.winfo_reqheight()
        x = min(event.x_root + self.x_offset, self.winfo_screenwidth() - width)
        y = event.y_root + self.y_offset
        if y + height > self.winfo_screenheight():
            y = event.y_root - self.y_offset - height
        self.geometry(f"+{max(0, x)}+{max(0, y)}")

    def destroy(self) -> None:
        """Destroy the tip, and the show it has pending (its control's destruction calls this)."""
        # The package schedules its _show on the tip without keeping the id: one still pending
        # when the tip goes would run a command tkinter has deleted with the tip, and Tk prints
        # an "invalid command name" error for it.
        with suppress(tk.TclError):
            mine = set(self._tclCommands or ())
            for timer in self.tk.splitlist(self.tk.call("after", "info")):
                if self.tk.splitlist(self.tk.call("after", "info", timer))[0] in mine:
                    self.after_cancel(timer)
        super().destroy()
        # The package's tip keeps its text in a Tcl variable, unset when the StringVar is
        # collected; the tip itself goes only with a garbage collection (its message widget
        # points back at it), which may run in the Balance panel's lab thread, and a Tcl call
        # from there waits for Tk's thread (stuck if that thread is joining the lab's). Let
        # the variable go now, here on Tk's thread.
        del self.msg_var


def tip(widget: tk.Widget, text: str) -> Tip:
    """A tooltip saying what a control does and its key."""
    return Tip(widget, text)
