"""The lab's progress bar: live on a terminal, and never a carriage return in a file or pipe."""

from __future__ import annotations

import fcntl
import io
import os
import re
import struct
import subprocess
import sys
import termios

from laser_flag.tools.progress import progress
from tests.waits import PipeReader, wait_until


def test_to_a_file_or_pipe_only_the_closing_line_is_written():
    err = io.StringIO()
    assert list(progress(range(5), 5, err=err)) == [0, 1, 2, 3, 4]
    text = err.getvalue()
    assert "\r" not in text and text.startswith("5 games in ") and text.count("\n") == 1


def test_on_a_terminal_the_bar_counts_up_in_place():
    main, side = os.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # 80 columns
    with os.fdopen(main, "rb") as screen:
        with os.fdopen(side, "w") as terminal:
            assert list(progress("abc", 3, err=terminal)) == ["a", "b", "c"]
            reader = PipeReader(screen)
            wait_until(lambda: reader.text().endswith("\n"), "the closing line on the terminal")
        shown = reader.finish()  # the terminal closed: the reader stops
    assert "| 0/3 [" in shown and "game/s]\r" in shown  # drawn in place
    assert re.search(r"\r +\r3 games in \d+\.\d s\r\n$", shown)  # cleared, then the count


def test_the_balance_command_writes_no_bar_into_a_log(tmp_path):
    log = tmp_path / "log"
    with log.open("w") as err:
        done = subprocess.run([sys.executable, "-m", "laser_flag.tools.balance", "duel",
                               "--games", "3", "--bots", "rusher,rusher"], stdout=subprocess.PIPE,
                              stderr=err, text=True, timeout=300)
    assert done.returncode == 0
    assert "Duel" in done.stdout or "duel.json" in done.stdout
    assert log.read_text().startswith("3 games in ") and "\r" not in log.read_text()
