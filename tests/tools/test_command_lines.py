"""The game's and the editor's command lines: a bad option is one short line and exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from laser_flag import app
from map_editor import app as editor_app


def one_error_line(capsys: pytest.CaptureFixture[str], prog: str) -> str:
    out, err = capsys.readouterr()
    assert "Traceback" not in err and err.count("\n") == 1, err
    assert err.startswith(prog) and len(err) <= 400
    return err


@pytest.mark.parametrize(("argv", "expected"), [
    (["--size", "100000x100000"], "size must be from 800x560 to 8192x8192"),
    (["--size", "1280x0"], "size must be from"),
    (["--size=-1280x860"], "size must be from"),
    (["--size", "big"], "size must look like 1280x860"),
    (["replay", "--size", "99999x99999", "a.json"], "size must be from"),
])
def test_a_window_size_out_of_range_is_refused(argv, expected, capsys):
    assert app.main(argv) == 2
    assert expected in one_error_line(capsys, "laser-flag")


def test_a_state_file_in_a_missing_folder_or_on_a_folder_is_refused(tmp_path, capsys):
    assert app.main(["--state-file", str(tmp_path / "no" / "state.json")]) == 2
    assert "no folder" in one_error_line(capsys, "laser-flag")
    assert app.main(["--state-file", str(tmp_path)]) == 2
    assert "is a folder" in one_error_line(capsys, "laser-flag")
    assert list(tmp_path.iterdir()) == []


def test_a_map_with_a_huge_error_is_refused_in_one_short_line(tmp_path: Path, capsys):
    path = tmp_path / "huge.json"
    tiles = [["level"] * 5 for _ in range(5)]
    units = [["1", "basic", 0, 0], ["2", "basic", 4, 4]]
    path.write_text(json.dumps({"tiles": tiles, "units": units,
                                "rules": {"grunt": {"armour" * 100_000: 1}}}))
    assert app.main(["--map", str(path)]) == 2
    assert "armour" in one_error_line(capsys, "laser-flag")


@pytest.mark.parametrize("argv", [["--bogus"], ["one.json", "two.json"], ["--size"]])
def test_the_editor_refuses_a_bad_option_in_one_line(argv, capsys):
    assert editor_app.main(argv) == 2
    assert one_error_line(capsys, "laser-flag-editor").startswith("laser-flag-editor: error: ")


def test_laser_flag_server_is_the_server_s_own_command_line(capsys):
    """`laser-flag server` is laser-flag-server, as `laser-flag host` is the host: its options,
    its help and its refusals."""
    assert app.main(["server", "--port", "many"]) == 2
    assert one_error_line(capsys, "laser-flag-server").startswith("laser-flag-server: error: ")
    with pytest.raises(SystemExit) as helped:
        app.main(["server", "--help"])
    assert helped.value.code == 0
    assert capsys.readouterr().out.startswith("usage: laser-flag-server ")
