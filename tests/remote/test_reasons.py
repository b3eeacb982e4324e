"""What a host or server tells a player's client reads in English on the wire and in the
player's language on the client's screen, its values kept; a sentence the client does not
know shows as it came."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from laser_flag import i18n
from laser_flag.remote import protocol
from laser_flag.remote.reasons import (
    LONGEST,
    PROTOCOL_GUEST_OLDER,
    TOLD,
    WRONG_JOIN_CODE,
    shown,
    told,
)

VALUES = {"ours": "3", "theirs": "2", "rate": "20", "count": "4", "where": "10.0.0.7:4711",
          "why": "Connection refused: try later"}


PLACEHOLDERS = re.compile(r"\{(\w+)\}")


def said(template: str) -> str:
    return template.format(**{k: v for k, v in VALUES.items() if "{" + k + "}" in template})


@pytest.mark.parametrize("code", ["de", "zh_CN"])
@pytest.mark.parametrize("template", TOLD)
def test_every_sentence_a_client_is_told_reads_in_its_language_with_its_values(code, template):
    i18n.use_language(code)
    translated = i18n._(template)
    assert translated != template  # the catalogue has it
    assert shown(said(template)) == said(translated)


@pytest.mark.parametrize("template", TOLD)
def test_in_english_every_sentence_reads_as_it_came(template):
    assert shown(said(template)) == said(template)


def test_a_sentence_the_client_does_not_know_shows_as_it_came():
    i18n.use_language("de")
    for text in ("a newer host's reason", WRONG_JOIN_CODE + "!", "",
                 "wrong join code" + " " * LONGEST):
        assert shown(text) == text


def test_a_text_longer_than_any_sentence_told_is_shown_as_it_came():
    """Past LONGEST a text is not matched at all (a long near-match would make the patterns
    backtrack), and shown as it came."""
    i18n.use_language("de")
    hostile = "Cannot reach " + "(" * 5000 + " (" + ")" * 5000
    assert shown(hostile) == hostile


def test_the_wire_stays_english_whatever_the_language():
    """The host's refusal of another protocol is the English sentence, in any language."""
    i18n.use_language("zh_CN")
    hello = {"protocol": protocol.PROTOCOL - 1, "rules": 0}
    assert protocol.incompatibility(hello) == PROTOCOL_GUEST_OLDER.format(
        ours=protocol.PROTOCOL, theirs=protocol.PROTOCOL - 1)


def test_told_reads_a_message_then_a_reason():
    i18n.use_language("de")
    assert told({"type": "error", "message": WRONG_JOIN_CODE}) == "falscher Beitrittscode"
    assert told({"type": "bye", "reason": WRONG_JOIN_CODE}) == "falscher Beitrittscode"
    assert told({"type": "bye"}) == ""  # nothing said: nothing shown



@settings(max_examples=200, deadline=None)
@given(template=st.sampled_from(TOLD),
       value=st.text(alphabet=st.characters(categories=("L", "N"), include_characters=" .-_#"),
                     min_size=1, max_size=40))
def test_any_value_travels_into_the_translation(template, value):
    """Whatever the values in a told sentence (names, addresses, numbers, any script), the
    player reads the translation with those values."""
    i18n.use_language("zh_CN")
    names = set(PLACEHOLDERS.findall(template))
    english = template.format(**dict.fromkeys(names, value))
    assert shown(english) == i18n._(template).format(**dict.fromkeys(names, value))


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=LONGEST))
def test_a_text_no_sentence_begins_with_is_shown_as_it_came(text):
    """Every told sentence begins with a letter or a value on one line: a text that begins a
    new line is none of them, whatever follows."""
    i18n.use_language("de")
    assert shown("\n" + text) == "\n" + text
