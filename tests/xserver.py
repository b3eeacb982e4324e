"""A private Xvfb server for the real-window tests, on a display number it picks itself."""

from __future__ import annotations

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
