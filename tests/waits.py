"""Waiting for a condition with a timeout, never for a fixed time: a busy machine is only slower."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")
POLL_S = 0.05


def wait_until(predicate: Callable[[], T], what: str, timeout: float = 10.0,
               between: Callable[[], object] = lambda: time.sleep(POLL_S)) -> T:
    """The first truthy value of `predicate()`, polled with `between()` (e.g. pumping a Tk
    root) in between; AssertionError naming `what` once `timeout` seconds have passed."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        between()


class PipeReader:
    """Reads a child's pipe (or a pseudo-terminal) in the background, so a test can wait for
    some text to appear."""

    def __init__(self, pipe: io.BufferedReader) -> None:
        self._chunks: list[bytes] = []
        self._thread = threading.Thread(target=self._read, args=(pipe,), daemon=True)
        self._thread.start()

    def _read(self, pipe: io.BufferedReader) -> None:
        try:
            while chunk := pipe.read1(4096):
                self._chunks.append(chunk)
        except OSError:  # a pseudo-terminal's main side: EIO once the child has closed its side
            pass

    def text(self) -> str:
        """Everything read so far."""
        return b"".join(self._chunks).decode(errors="replace")

    def finish(self, timeout: float = 30.0) -> str:
        """Everything, once the pipe is closed (the child has ended)."""
        self._thread.join(timeout)
        return self.text()
