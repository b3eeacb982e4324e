"""`--state-file`: the game's state as JSON after every action, for programs that watch it. It
is replaced whole, never rewritten in place: a reader sees the last state or the one before,
never an empty or half-written file (a test reading it mid-write once failed that way)."""

from __future__ import annotations

import json

from laser_flag.engine import EndTurn
from laser_flag.engine.mapfile import parse_map
from laser_flag.play.session import Session

from .conftest import SMALL_MAP, end_turn, start_game


def test_each_state_replaces_the_file_whole(tmp_path):
    folder = tmp_path / "watched"  # of its own: the data folder may be in tmp_path too
    folder.mkdir()
    path = folder / "state.json"
    session = Session.start(parse_map(SMALL_MAP, "small.json"), seed=1, state_file=path)
    session.write_state()
    first = path.stat().st_ino
    session.game.apply(EndTurn())
    with open(path, encoding="utf-8") as reading:  # a reader that opened the file before
        session.write_state()
        assert json.loads(reading.read())["turn"] == 1  # still reads the whole earlier state
    assert path.stat().st_ino != first  # a new file renamed into place
    assert json.loads(path.read_text(encoding="utf-8"))["turn"] == 2
    assert [p.name for p in folder.iterdir()] == ["state.json"]  # no temporary file left


def test_a_state_file_that_cannot_be_written_is_said_once_and_play_goes_on(app, tmp_path,
                                                                          capsys):
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("a file where the state file's folder should be", encoding="utf-8")
    path = blocker / "state.json"
    scene = start_game(app, Session.start(parse_map(SMALL_MAP, "small.json"), seed=1,
                                          state_file=path))
    for _ in range(2):  # the first action wrote the state and failed; so does the second
        end_turn(app)
    assert scene.game.turn == 3 and app.top is scene
    assert capsys.readouterr().err == (f"laser-flag: the state file {path} cannot be written "
                                       "(Not a directory); the game goes on without it\n")
    blocker.unlink()
    blocker.mkdir()  # room again: the next action writes it, and a later failure is said again
    end_turn(app)
    assert json.loads(path.read_text(encoding="utf-8"))["turn"] == 4
