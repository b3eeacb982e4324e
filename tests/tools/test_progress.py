"""The lab's progress bar: live on a terminal, counting the games kept against a total that
shrinks as pairings stop and the maps settled; never a carriage return in a file or pipe."""

from __future__ import annotations

import fcntl
import io
import os
import re
import struct
import subprocess
import sys
import termios
from collections.abc import Callable

from laser_flag.lab.games import Plan
from laser_flag.lab.stopping import Ledger
from laser_flag.tools.progress import ProgressBar
from tests.lab.test_stopping import DUEL, game
from tests.waits import PipeReader, wait_until


def lopsided_first(plan: Plan, bar: Callable[[Ledger], None]) -> Ledger:
    """Team 1 wins the first map's first 16 games, the bar told after each: that map leans
    at its first look and stops there."""
    ledger = Ledger(plan)
    for i in range(16):
        ledger.add(game((0, 0, i), "1"))
        bar(ledger)
    return ledger


def on_terminal(plan: Plan) -> str:
    """What a terminal 80 columns wide shows of the bar while `lopsided_first` plays."""
    main, side = os.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # 80 columns
    with os.fdopen(main, "rb") as screen:
        with os.fdopen(side, "w") as terminal:
            reader = PipeReader(screen)
            with ProgressBar(plan.total, err=terminal) as bar:
                lopsided_first(plan, bar)
            wait_until(lambda: reader.text().endswith("\n"), "the closing line on the terminal")
        return reader.finish()  # the terminal closed: the reader stops


def test_to_a_file_or_pipe_only_the_closing_line_is_written():
    err = io.StringIO()
    plan = Plan((DUEL, DUEL), (("a", "a"),), 400, sequential=True)
    with ProgressBar(plan.total, err=err) as bar:
        assert lopsided_first(plan, bar).done == 16
    text = err.getvalue()
    assert "\r" not in text and text.startswith("16 games in ") and text.count("\n") == 1


def test_on_a_terminal_the_total_shrinks_as_a_map_settles():
    shown = on_terminal(Plan((DUEL, DUEL), (("a", "a"),), 400, sequential=True))
    assert "| 0/800 games [" in shown  # drawn at once: every game the run may play
    assert re.search(r"\| 15/800 games \[[^\r]*, 0/2 maps settled\]\r", shown)  # in place
    assert re.search(r"\| 16/416 games \[[^\r]*, 1/2 maps settled\]\r", shown)  # map 1 stopped
    assert re.search(r"\r +\r16 games in \d+\.\d s\r\n$", shown)  # cleared, then the count


def test_a_run_that_plays_every_game_counts_them_without_maps_settled():
    shown = on_terminal(Plan((DUEL,), (("a", "a"),), 1000))
    assert "| 0/1,000 games [" in shown and "| 16/1,000 games [" in shown  # no stopping
    assert "maps settled" not in shown and "game/s]\r" in shown
    assert re.search(r"\r +\r16 games in \d+\.\d s\r\n$", shown)


def test_the_balance_command_writes_no_bar_into_a_log(tmp_path):
    log = tmp_path / "log"
    with log.open("w") as err:
        done = subprocess.run([sys.executable, "-m", "laser_flag.tools.balance", "duel",
                               "--games", "3", "--bots", "rusher,rusher"], stdout=subprocess.PIPE,
                              stderr=err, text=True, timeout=300)
    assert done.returncode == 0
    assert "Duel" in done.stdout or "duel.json" in done.stdout
    assert log.read_text().startswith("3 games in ") and "\r" not in log.read_text()
