"""Child processes that take Ctrl-C as a user's terminal delivers it."""

from __future__ import annotations

import os
import signal


def as_in_a_terminal() -> None:
    """A `preexec_fn`: SIGINT back to its default in the child. A shell starts a background job
    (a CI step, `make test &`) with SIGINT ignored, children inherit that, and Python then never
    raises KeyboardInterrupt: a test sending Ctrl-C would wait forever."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def as_a_terminals_foreground_job() -> None:
    """A `preexec_fn`: `as_in_a_terminal`, in a process group of its own, which then stands for
    the terminal's foreground job: `os.killpg(pid, SIGINT)` is Ctrl-C typed at it."""
    os.setpgrp()
    as_in_a_terminal()
