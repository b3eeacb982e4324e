"""The one rule for the characters of a text: readers refuse what no screen can show, naming
the place; screens replace it in text that reached them some other way."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

from laser_flag import saves
from laser_flag.engine import Game, load_map
from laser_flag.engine.mapfile import MapError, parse_map
from laser_flag.engine.shown_text import MAX_MARKS, REPLACEMENT, showable, why_unshowable

MAPS = Path(__file__).resolve().parents[2] / "maps"
REFUSED = [
    ("\x00", "U+0000, a control character"),
    ("\x1b", "U+001B, a control character"),
    ("\x7f", "U+007F, a control character"),
    ("\x85", "U+0085, a control character"),
    ("\n", "U+000A, a control character"),
    ("\ud800", "U+D800, a lone surrogate"),
    ("\udfff", "U+DFFF, a lone surrogate"),
]
# Drawn, if only as a box: formats, right to left, private use, unassigned, marks, astral.
KEPT = ["\u202eevil", "\u05d0\u05d1", "\u0627\u0644", "\ue000", "\U000e0080", "e\u0301",
        "a\u200db", "\ufeffx", "\U0001f600", "\u2028", "名前"]


@pytest.mark.parametrize(("char", "named"), REFUSED)
def test_a_control_or_a_lone_surrogate_is_named_with_its_place(char, named):
    assert why_unshowable(f"ab{char}c") == f"character 3 is {named}, which cannot be shown"


@pytest.mark.parametrize("text", KEPT)
def test_every_drawable_character_is_kept_as_it_is(text):
    assert why_unshowable(text) is None
    assert showable(text) == unicodedata.normalize("NFC", text)


def test_a_text_of_several_lines_keeps_its_line_breaks_and_tabs_only():
    assert why_unshowable("one\ntwo\tthree", lines=True) is None
    assert why_unshowable("one\x00", lines=True) is not None
    assert why_unshowable("one\rtwo", lines=True) is not None


def test_a_screen_replaces_what_it_cannot_show():
    assert showable("a\x00b\ud800c\nd") == f"a{REPLACEMENT}b{REPLACEMENT}c{REPLACEMENT}d"
    assert showable("plain ascii") == "plain ascii"


def test_a_pile_of_combining_marks_is_cut_to_the_most_one_letter_carries():
    shown = showable("Z" + "\u0300\u0301\u0302\u0303" * 10 + "a")
    assert shown == "Z\u0300\u0301a"
    assert len(shown) == 1 + MAX_MARKS + 1
    assert showable("e\u0301") == "\u00e9"  # composed first: one letter, no mark left over


def duel() -> dict:
    return json.loads((MAPS / "duel.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("key", "value", "place"), [
    ("name", "Du\x00el", "name"),
    ("author", "Ann\nBen", "author"),
    ("description", "ok\x00", "description"),
    ("team_names", {"1": "Red\ud800", "2": "Blue"}, 'team_names["1"]'),
])
def test_the_map_reader_refuses_naming_the_file_and_the_place(key, value, place):
    data = {**duel(), key: value}
    with pytest.raises(MapError) as refused:
        parse_map(data, "mine.json")
    assert str(refused.value).startswith(f"mine.json: {place}: character ")
    assert "cannot be shown" in str(refused.value)


def test_a_description_may_run_over_several_lines():
    gm = parse_map({**duel(), "description": "Two lanes.\n\tMind the middle."}, "mine.json")
    assert gm.description.endswith("middle.")


def test_a_save_with_a_player_named_with_a_nul_is_refused_at_the_place(tmp_path):
    game = Game(load_map(MAPS / "duel.json"), seed=2)
    honest = saves.write_save(tmp_path / "s.json", game, {"names": {"1": "Ann", "2": "Ben"}})
    path = tmp_path / "nul.json"
    path.write_bytes(honest.read_bytes().replace(b'"Ben"', b'"B\\u0000en"'))
    before = path.read_bytes()
    with pytest.raises(saves.SaveError) as refused:
        saves.read_save_data(path)
    assert str(refused.value).startswith(f"{path}: teams.names.2: character 2 is U+0000")
    assert path.read_bytes() == before  # a refused save is never modified


def test_a_game_is_never_saved_with_a_name_no_screen_could_show(tmp_path):
    game = Game(load_map(MAPS / "duel.json"), seed=2)
    with pytest.raises(saves.UnsavableGame, match="U[+]0000"):
        saves.write_save(tmp_path / "s.json", game, {"names": {"1": "Ann", "2": "B\x00en"}})
    assert not (tmp_path / "s.json").exists()
