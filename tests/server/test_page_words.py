"""The server page's words in the watcher's language (laser_flag.server.page_words): the
language a browser's Accept-Language asks for, every sentence the page shows marked for the
catalogues, and the page sent with its sentences translated and nothing able to end their
element early."""

from __future__ import annotations

import json
import re

import pytest

from laser_flag import i18n
from laser_flag.remote import reasons
from laser_flag.remote.reasons import WRONG_CODE
from laser_flag.server.page_words import (
    SENT,
    SENTENCES,
    TOLD_MARK,
    WORDS_MARK,
    language_for,
    page_in,
)
from laser_flag.server.web import PAGE


@pytest.mark.parametrize(("header", "language"), [
    ("de-AT,de;q=0.9,en;q=0.8", "de"),
    ("fr-FR, zh-TW;q=0.5", "zh_CN"),  # the first the game speaks, by weight
    ("en;q=1, de;q=0.5", "en"),
    ("de;q=0.2, zh;q=0.7", "zh_CN"),
    ("de;q=0, en", "en"),  # q=0: not wanted at all
    ("zh-Hans-CN", "zh_CN"),
    ("fr, *;q=0.1", "en"),
    ("de;q=oops", "en"),  # a weight that is no number counts as 0
    (";;,,", "en"),
    ("", "en"),
    (None, "en"),
])
def test_the_language_a_browser_asks_for(header, language):
    assert language_for(header) == language


def shown_sentences(page: str) -> set[str]:
    """Every sentence the page's markup and script say: the elements marked data-say, each
    T("...") and the words of the server's own values (STATE, POLICY, SEEN, VICTORY)."""
    said = set(re.findall(r"data-say>([^<]+)<", page))
    said |= set(re.findall(r'\bT\("([^"]+)"', page))
    for table in re.findall(r"const (?:STATE|POLICY|SEEN|VICTORY) = \{([^}]*)\}", page):
        said |= set(re.findall(r'"([^"]+)"', table))
    return {" ".join(s.split()) for s in said}


def test_every_sentence_the_page_shows_is_marked_for_the_catalogues():
    page = PAGE.read_text(encoding="utf-8")
    assert shown_sentences(page) == set(SENTENCES)
    assert WORDS_MARK in page and TOLD_MARK in page and '<html lang="en">' in page


def element(page: str, name: str) -> object:
    """The JSON the page carries in its script element of id `name`."""
    start = page.index(f'<script id="{name}" type="application/json">')
    data = page[start:].split(">", 1)[1].split("</script>", 1)[0]
    return json.loads(data)


def words_of(page: str) -> dict[str, str]:
    return element(page, "words")


@pytest.mark.parametrize("code", ["en", "de", "zh_CN"])
def test_the_page_is_sent_with_its_sentences_in_the_language(code):
    page = page_in(PAGE.read_text(encoding="utf-8"), code)
    words = words_of(page)
    assert list(words) == list(SENT)
    translated = i18n.catalogue(code)
    assert all(words[s] == translated.gettext(s) for s in SENT)
    assert f'<html lang="{code.replace("_", "-")}">' in page
    if code != "en":
        assert words["No public game now."] != "No public game now."
        assert words[WRONG_CODE] != WRONG_CODE  # a refusal the server may send the page


def test_the_page_is_sent_with_what_the_server_may_tell_it():
    """The page reads the server's sentences with values in them as the client does: the same
    templates, the same placeholders worded, the same longest text."""
    told = element(page_in(PAGE.read_text(encoding="utf-8"), "de"), "told")
    assert told == {"templates": list(reasons.TOLD), "worded": sorted(reasons.WORDED_VALUES),
                    "longest": reasons.LONGEST}
    assert set(told["templates"]) <= set(words_of(page_in(PAGE.read_text(encoding="utf-8"), "de")))


def test_no_translation_can_end_the_words_element_early(monkeypatch):
    class Hostile:
        def gettext(self, sentence: str) -> str:
            return sentence + "</script><script>alert(1)</script><!--"

    monkeypatch.setattr("laser_flag.server.page_words.catalogue", lambda code: Hostile())
    page = page_in(PAGE.read_text(encoding="utf-8"), "de")
    assert "alert(1)</script>" not in page
    assert words_of(page)["Code"] == "Code</script><script>alert(1)</script><!--"
