"""A private Xvfb server for the real-window tests, on a display number it picks itself."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import select
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

TOOLS = ("Xvfb", "xdotool")


def missing_tools() -> list[str]:
    """The programs the window tests need that are not installed."""
    return [tool for tool in TOOLS if shutil.which(tool) is None]


@contextmanager
def private_display(screen: str = "1400x1000x24", timeout: float = 20) -> Iterator[str]:
    """DISPLAY of a fresh Xvfb, ready for clients. `-displayfd` lets the server take a free
    number itself, so test runs started at the same moment never fight over one. `-noreset`:
    by default the server resets when its last client leaves (a test's xdotool call), and a
    client that connects during that reset is dropped; SDL then falls back to drawing offscreen
    and the client runs with no window at all."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", screen, "-nolisten", "tcp",
         "-noreset"],
        pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    try:
        yield f":{_reported_number(read_end, timeout)}"
    finally:
        os.close(read_end)
        server.terminate()
        server.wait(timeout=10)


def _reported_number(fd: int, timeout: float) -> int:
    """The display number Xvfb writes (with a newline) once it accepts clients."""
    text = b""
    deadline = time.monotonic() + timeout
    while not text.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            raise RuntimeError(f"Xvfb reported no display within {timeout:g} s")
        chunk = os.read(fd, 64)
        if not chunk:
            raise RuntimeError("Xvfb exited before it reported a display")
        text += chunk
    return int(text)


def close_window(display: str, window: str) -> None:
    """Ask `window` to close as a window manager's close button does: a WM_DELETE_WINDOW
    message (the tests' Xvfb runs no window manager, and xdotool sends no such message).
    Through Xlib with ctypes: libX11 is there wherever Xvfb and xdotool are."""
    x11 = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11") or "libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XInternAtom.restype = ctypes.c_ulong
    x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x11.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long,
                               ctypes.c_void_p]
    x11.XFlush.argtypes = x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    connection = x11.XOpenDisplay(display.encode())
    if not connection:
        raise OSError(f"cannot open display {display}")
    try:
        message = _ClientMessage(
            type=_CLIENT_MESSAGE, window=int(window),
            message_type=x11.XInternAtom(connection, b"WM_PROTOCOLS", 0), format=32)
        message.data[0] = x11.XInternAtom(connection, b"WM_DELETE_WINDOW", 0)
        event = _Event(xclient=message)
        x11.XSendEvent(connection, int(window), 0, 0, ctypes.byref(event))
        x11.XFlush(connection)
    finally:
        x11.XCloseDisplay(connection)


_CLIENT_MESSAGE = 33  # X.h


class _ClientMessage(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong),
                ("message_type", ctypes.c_ulong), ("format", ctypes.c_int),
                ("data", ctypes.c_long * 5)]


class _Event(ctypes.Union):
    _fields_ = [("xclient", _ClientMessage), ("pad", ctypes.c_long * 24)]
