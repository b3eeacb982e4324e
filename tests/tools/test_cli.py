"""The tools' shared command-line plumbing: one-line, bounded error messages."""

from __future__ import annotations

import argparse

import pytest

from laser_flag.tools.cli import MAX_MESSAGE, fail, one_line, positive


def test_one_line_joins_lines_and_cuts_a_long_message() -> None:
    assert one_line("bad map:\n  row 3\tcolumn 4") == "bad map: row 3 column 4"
    cut = one_line("x" * 900_080)
    assert len(cut) == MAX_MESSAGE and cut.endswith("…")
    assert one_line("y" * MAX_MESSAGE) == "y" * MAX_MESSAGE


def test_fail_prints_one_prefixed_line_and_gives_status_2(capsys) -> None:
    assert fail("laser-flag-x", "no\nsuch file") == 2
    assert capsys.readouterr().err == "laser-flag-x: error: no such file\n"


def test_positive_takes_a_count_and_names_what_it_refuses() -> None:
    assert positive("1") == 1 and positive("200") == 200
    for text in ("0", "-3", "2.5", "notanumber", ""):
        with pytest.raises(argparse.ArgumentTypeError, match="must be a positive integer"):
            positive(text)
