"""Real X input for the window tests: xdotool for mouse and keys, a WM-style close request."""

from __future__ import annotations

import ctypes
import ctypes.util
import subprocess
import threading
import time
import tkinter as tk
from collections.abc import Callable

from map_editor.window import EditorWindow
from tests.waits import POLL_S, wait_until

CLIENT_MESSAGE = 33
WINDOW_TIMEOUT_S = 30  # a window may take long to come up on a busy machine


def pump(root: tk.Misc) -> None:
    """Let Tk handle the X events that have arrived (those xdotool queued, the title, ...)."""
    root.update()


def _pumping(root: tk.Misc | None) -> Callable[[], None]:
    """What to do between two polls: let Tk run (when there is a root), then yield the CPU."""

    def between() -> None:
        if root is not None:
            pump(root)
        time.sleep(POLL_S)

    return between


def wait_for(root: tk.Misc, condition: Callable[[], object], timeout: float = 20,
             what: str = "") -> None:
    """Pump Tk until `condition()` holds, so a slow, busy machine does not fail the test."""
    wait_until(condition, what or condition.__doc__ or repr(condition), timeout, _pumping(root))


def xdotool(*args: str) -> str:
    """Run an xdotool command that must succeed; its output."""
    done = subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=20,
                          check=True)
    return done.stdout


def search(*args: str) -> list[int]:
    """The windows `xdotool search` finds now: none (not an error) while one is not up yet."""
    done = subprocess.run(["xdotool", "search", *args], capture_output=True, text=True,
                          timeout=20, check=False)
    return [int(w) for w in done.stdout.split()]


def window_name(window: int) -> str:
    """A window's title, or "" when it has gone meanwhile."""
    done = subprocess.run(["xdotool", "getwindowname", str(window)], capture_output=True,
                          text=True, timeout=20, check=False)
    return done.stdout.strip()


def find_window(name: str, root: tk.Misc | None = None,
                timeout: float = WINDOW_TIMEOUT_S) -> int:
    """The first window whose title matches `name`, waiting until it is up; pumps `root`
    meanwhile, if given, since Tk sets its titles from its event loop."""
    return wait_until(lambda: search("--name", name), f"a window titled {name!r}", timeout,
                      _pumping(root))[0]


def key(root: tk.Misc, window: int, keys: str) -> None:
    xdotool("windowfocus", "--sync", str(window))
    xdotool("key", keys)
    pump(root)


def tile_on_screen(window: EditorWindow, pos: tuple[int, int]) -> tuple[int, int]:
    """Screen coordinates of a tile's centre on the editor's board."""
    x, y = window.board.tile_centre(pos)
    return window.board.winfo_rootx() + x, window.board.winfo_rooty() + y


def centre_of(widget: tk.Misc) -> tuple[int, int]:
    """Screen coordinates of a widget's centre."""
    return (widget.winfo_rootx() + widget.winfo_width() // 2,
            widget.winfo_rooty() + widget.winfo_height() // 2)


def row_on_screen(tree, iid: str) -> tuple[int, int]:
    """Screen coordinates of the middle of a Treeview row (it must be in view)."""
    x, y, width, height = tree.bbox(iid)
    return tree.winfo_rootx() + x + width // 2, tree.winfo_rooty() + y + height // 2


def pointer_to(xy: tuple[int, int]) -> None:
    """Move the pointer to `xy`, arriving there as a hand would, and wait until it is there.
    xdotool's --sync waits for the pointer to move, so a move to where it already stood (where
    the last test left it on the shared X server) waited until something else moved it, 15 s
    once; it is first moved a pixel away, so the window under it sees it arrive."""
    where = dict(line.split("=") for line in xdotool("getmouselocation", "--shell").split())
    if (int(where["X"]), int(where["Y"])) == tuple(xy):
        xdotool("mousemove", "--sync", str(xy[0] + (1 if xy[0] == 0 else -1)), str(xy[1]))
    xdotool("mousemove", "--sync", str(xy[0]), str(xy[1]))


def hover(root: tk.Misc, xy: tuple[int, int]) -> None:
    pointer_to(xy)
    pump(root)


def click(root: tk.Misc, xy: tuple[int, int]) -> None:
    pointer_to(xy)
    xdotool("click", "1")
    pump(root)


def drag(root: tk.Misc, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    """Press at start, move in steps to end, release: one mouse drag (X keeps them in order)."""
    pointer_to(start)
    xdotool("mousedown", "1")
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        pointer_to((x, y))
        pump(root)
    xdotool("mouseup", "1")
    pump(root)


class _ClientMessage(ctypes.Structure):
    """Xlib's XClientMessageEvent, padded to the size of an XEvent."""

    _fields_ = [
        ("type", ctypes.c_int),
        ("serial", ctypes.c_ulong),
        ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("window", ctypes.c_ulong),
        ("message_type", ctypes.c_ulong),
        ("format", ctypes.c_int),
        ("data", ctypes.c_long * 5),
        ("pad", ctypes.c_long * 12),
    ]


def wm_close(window: int) -> None:
    """Send WM_DELETE_WINDOW as a window manager does when its close button is clicked."""
    x11 = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11"))
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XInternAtom.restype = ctypes.c_ulong
    x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x11.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long,
                               ctypes.POINTER(_ClientMessage)]
    x11.XFlush.argtypes = x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = x11.XOpenDisplay(None)
    event = _ClientMessage(type=CLIENT_MESSAGE, window=window, format=32,
                           message_type=x11.XInternAtom(display, b"WM_PROTOCOLS", False))
    event.data[0] = x11.XInternAtom(display, b"WM_DELETE_WINDOW", False)
    x11.XSendEvent(display, window, False, 0, ctypes.byref(event))
    x11.XFlush(display)
    x11.XCloseDisplay(display)


def answer_dialog(title: str, keys: str, tries: int = 3) -> threading.Thread:
    """In the background: wait for a dialog titled `title` on screen, focus it and press
    `keys`, again while it stays up (keys can arrive before Tk binds them).

    A modal dialog runs its own event loop inside the test's call, so it must be
    answered from another thread; `thread.found` tells whether it appeared.
    """

    def showing() -> list[int]:
        return search("--onlyvisible", "--name", title)

    def run() -> None:
        try:
            window = wait_until(showing, f"the dialog {title!r}", WINDOW_TIMEOUT_S)[0]
        except AssertionError:
            return
        thread.found = True  # type: ignore[attr-defined]
        for _ in range(tries):
            xdotool("windowfocus", "--sync", str(window))
            xdotool("key", keys)
            try:
                wait_until(lambda: not showing(), f"the dialog {title!r} to close", 5)
                return
            except AssertionError:
                continue

    thread = threading.Thread(target=run, daemon=True)
    thread.found = False  # type: ignore[attr-defined]
    thread.start()
    return thread
