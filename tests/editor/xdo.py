"""Real X input for the window tests: xdotool for mouse and keys, a WM-style close request."""

from __future__ import annotations

import ctypes
import ctypes.util
import subprocess
import threading
import time
import tkinter as tk
from collections.abc import Callable

CLIENT_MESSAGE = 33


def pump(root: tk.Misc, seconds: float = 0.15) -> None:
    """Let Tk handle the X events that xdotool queued."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        root.update()
        time.sleep(0.01)


def wait_for(root: tk.Misc, condition: Callable[[], object], timeout: float = 10) -> None:
    """Pump Tk until `condition()` holds, so a slow, busy machine does not fail the test."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {condition.__doc__ or condition}")
        pump(root, 0.05)


def xdotool(*args: str) -> str:
    done = subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=20,
                          check=True)
    return done.stdout


def find_window(name: str, timeout: float = 10) -> int:
    """The id of the first window whose title contains `name`, waiting until it exists."""
    out = subprocess.run(["timeout", str(timeout), "xdotool", "search", "--sync", "--name", name],
                         capture_output=True, text=True, check=True).stdout
    return int(out.split()[0])


def key(root: tk.Misc, window: int, keys: str) -> None:
    xdotool("windowfocus", "--sync", str(window))
    xdotool("key", keys)
    pump(root)


def click(root: tk.Misc, xy: tuple[int, int]) -> None:
    xdotool("mousemove", "--sync", str(xy[0]), str(xy[1]), "click", "1")
    pump(root)


def drag(root: tk.Misc, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    """Press at start, move in steps to end, release: one mouse drag."""
    xdotool("mousemove", "--sync", str(start[0]), str(start[1]), "mousedown", "1")
    pump(root)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        xdotool("mousemove", "--sync", str(x), str(y))
        pump(root, 0.05)
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


def answer_dialog(title: str, keys: str) -> threading.Thread:
    """In the background: wait for a dialog titled `title`, focus it and press `keys`.

    A modal dialog runs its own event loop inside the test's call, so it must be
    answered from another thread; `thread.found` tells whether it appeared.
    """

    def run() -> None:
        try:
            window = find_window(title)
        except subprocess.CalledProcessError:
            return
        thread.found = True  # type: ignore[attr-defined]
        time.sleep(0.3)
        xdotool("windowfocus", "--sync", str(window))
        xdotool("key", keys)

    thread = threading.Thread(target=run, daemon=True)
    thread.found = False  # type: ignore[attr-defined]
    thread.start()
    return thread
