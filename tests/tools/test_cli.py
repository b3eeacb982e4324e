"""The tools' shared command-line plumbing: one-line, bounded error messages."""

from __future__ import annotations

from laser_flag.tools.cli import MAX_MESSAGE, fail, one_line


def test_one_line_joins_lines_and_cuts_a_long_message() -> None:
    assert one_line("bad map:\n  row 3\tcolumn 4") == "bad map: row 3 column 4"
    cut = one_line("x" * 900_080)
    assert len(cut) == MAX_MESSAGE and cut.endswith("…")
    assert one_line("y" * MAX_MESSAGE) == "y" * MAX_MESSAGE


def test_fail_prints_one_prefixed_line_and_gives_status_2(capsys) -> None:
    assert fail("laser-flag-x", "no\nsuch file") == 2
    assert capsys.readouterr().err == "laser-flag-x: error: no such file\n"
