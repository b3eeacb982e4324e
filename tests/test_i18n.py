"""The language the game speaks: the setting's, else the system's locale, else English."""

from __future__ import annotations

import pytest

from laser_flag import i18n
from laser_flag.engine.game_map import possessive
from laser_flag.engine.ruleset import class_label
from laser_flag.play.odds_text import modifiers_text
from laser_flag.settings_file import language_setting, write_values


@pytest.fixture
def speaking():
    """Switch languages in a test (conftest's english_after sets English again after it)."""
    return i18n.use_language


@pytest.mark.parametrize(("environ", "code"), [
    ({}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "de_AT.UTF-8", "LC_ALL": "zh_CN.UTF-8"}, "zh_CN"),
    ({"LANGUAGE": "fr:de", "LANG": "zh_CN.UTF-8"}, "de"),  # the first it has, by preference
    ({"LC_MESSAGES": "zh_TW"}, "zh_CN"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANGUAGE": "", "LANG": "fr_FR.UTF-8"}, "en"),  # set but empty: the next one counts
])
def test_the_system_language_comes_from_the_locale_variables(environ, code):
    assert i18n.system_language(environ) == code


def test_a_setting_names_a_language_or_follows_the_system():
    assert i18n.resolve("de", {"LANG": "zh_CN.UTF-8"}) == "de"
    assert i18n.resolve(i18n.SYSTEM, {"LANG": "zh_CN.UTF-8"}) == "zh_CN"
    assert i18n.resolve("klingon", {}) == "en"


def test_english_until_a_language_is_chosen_and_then_at_once(speaking):
    assert i18n._("The game is over.") == "The game is over."
    assert speaking("de") == "de"
    assert i18n.active_language() == "de"
    assert i18n._("The game is over.") == "Das Spiel ist vorbei."
    assert class_label("scout") == "Späher"
    speaking("zh_CN")
    assert i18n._("The game is over.") == "游戏已结束。"
    speaking(i18n.ENGLISH)
    assert class_label("scout") == "Scout"


def test_formatted_sentences_translate_the_template_then_fill_it(speaking):
    assert possessive("Bob") == "Bob's" and possessive("Raiders") == "Raiders'"
    speaking("de")
    assert possessive("Bob") == "Bobs" and possessive("Hans") == "Hans'"
    speaking("zh_CN")
    assert possessive("红队") == "红队的"


def test_a_missing_catalogue_leaves_english(speaking, monkeypatch, tmp_path):
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert speaking("de") == "en"
    assert i18n._("The game is over.") == "The game is over."


def test_an_empty_text_stays_empty_in_every_language(speaking):
    """gettext answers "" with the catalogue's header; a screen drawing an empty label must
    not show that."""
    for code in i18n.LANGUAGES:
        speaking(code)
        assert i18n._("") == ""


def test_the_editor_reads_the_games_language_setting(tmp_path):
    """settings.json is shared: the editor speaks what the game's Settings chose."""
    path = tmp_path / "settings.json"
    assert language_setting(path) == i18n.SYSTEM  # no file yet
    write_values(path, {"language": "zh_CN", "muted": True})
    assert language_setting(path) == "zh_CN"
    path.write_text("{not json", encoding="utf-8")
    assert language_setting(path) == i18n.SYSTEM  # a bad file: the system's, never an error


def test_a_shots_named_modifiers_and_a_laser_are_told_in_the_language_spoken(speaking):
    """The engine names a shot's modifiers in English (they are data); the log translates."""
    modifiers = (("Grunt to-hit", 7), ("shooter elevated", -1), ("target in cover", 2))
    assert modifiers_text(modifiers) == "Grunt to-hit 7, -1 shooter elevated, +2 target in cover"
    speaking("de")
    assert modifiers_text(modifiers) == \
        "Grenadier Trefferwert 7, -1 Schütze erhöht, +2 Ziel in Deckung"
