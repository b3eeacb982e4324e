"""Every catalogue complete and current: each of the template's sentences translated in every
language, with the plural forms its language has and the same {placeholders}, and each compiled
.mo saying what its .po says (make messages rebuilds both)."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from laser_flag import i18n

LOCALE = i18n.LOCALE_DIR
TEMPLATE = LOCALE / "laser_flag.pot"
ROOT = LOCALE.parents[1]
MAPPING = ROOT / "babel.cfg"  # what make messages extracts from which files
TRANSLATED = sorted(code for code in i18n.LANGUAGES if code != i18n.ENGLISH)
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / "laser_flag.po"


def read(path: Path):
    with path.open("rb") as file:
        return read_po(file)


def ids(message) -> tuple[str, ...]:
    """A message's msgid and its plural, as a tuple either way."""
    return tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)


def strings(message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, tuple | list) else \
        (message.string,)


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def test_there_is_a_template_with_sentences_in_it():
    assert len([m for m in read(TEMPLATE) if m.id]) > 500


def test_no_sentence_reads_as_a_percent_format():
    """The code fills sentences with braces alone; a sentence Babel takes for a %-format (a "%"
    before a letter, "% of") makes `pybabel compile` refuse a translation whose "%" is followed
    by another letter ("% des"), and so `make messages` fail."""
    flagged = [m.id for m in read(TEMPLATE) if m.id and "python-format" in m.flags]
    assert not flagged, f"{TEMPLATE}: write 'percent' or '{{share}}%' instead: {flagged}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_sentence_of_the_template_is_translated(code):
    template = {ids(m) for m in read(TEMPLATE) if m.id}
    catalogue = read(po_path(code))
    translated = {ids(m) for m in catalogue if m.id and all(strings(m)) and not m.fuzzy}
    missing = sorted(template - translated)
    assert not missing, f"{po_path(code)}: untranslated (make messages, then translate): " \
        f"{missing[:10]}"
    stale = sorted({ids(m) for m in catalogue if m.id} - template)
    assert not stale, f"{po_path(code)}: not in the template (make messages): {stale[:10]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_are_all_there_and_placeholders_match(code):
    catalogue = read(po_path(code))
    assert catalogue.plural_forms, f"{po_path(code)}: no Plural-Forms header"
    for message in catalogue:
        if not message.id:
            continue
        if message.pluralizable:
            assert len(strings(message)) == catalogue.num_plurals, message.id
        for text in strings(message):
            assert placeholders(text) == placeholders(ids(message)[-1]), \
                f"{po_path(code)}: {message.id!r} -> {text!r}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_says_what_the_po_says(code):
    compiled = i18n.catalogue(code)
    assert isinstance(compiled, gettext.GNUTranslations)
    catalogue = read(po_path(code))
    form = gettext.c2py(catalogue.plural_expr)  # which plural form a number takes
    for message in catalogue:
        if not message.id:
            continue
        if message.pluralizable:
            singular, plural = message.id
            for n in (1, 2, 5):
                assert compiled.ngettext(singular, plural, n) == message.string[form(n)], \
                    f"{code}: make messages (the .mo is older than the .po): {singular!r}"
        else:
            assert compiled.gettext(message.id) == message.string, \
                f"{code}: make messages (the .mo is older than the .po): {message.id!r}"


def marked_in_the_code() -> set[tuple[str, ...]]:
    """Every sentence the code marks (`_`, `N_`, `ngettext`, ...) and every bundled map's
    description, extracted as make messages extracts them (babel.cfg)."""
    with MAPPING.open(encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file, str(MAPPING))
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            ROOT, method_map, options_map, keywords=DEFAULT_KEYWORDS):
        found.add(tuple(message) if isinstance(message, tuple | list) else (message,))
    return {ids for ids in found if ids[0]}


def test_the_template_holds_every_sentence_the_code_marks():
    """A sentence marked (or a bundled map's description written) after the last make messages
    is in no catalogue: it would show in English whatever the language."""
    template = {ids(m) for m in read(TEMPLATE) if m.id}
    missing = sorted(marked_in_the_code() - template)
    assert not missing, f"{TEMPLATE}: missing (make messages, then translate): {missing[:10]}"


# What a fragment glued onto another sentence begins or ends with: " · fog of war",
# ", 8:12 left", "Game over: ". A heading may end with a colon ("Balance, {who}:").
FRAGMENT_ENDS = (" ", "\t", "\n", "·", ",", ";")
FRAGMENT_STARTS = (*FRAGMENT_ENDS, ":")


def test_no_sentence_is_a_fragment_glued_to_another():
    """Another language orders a sentence's parts otherwise: each sentence is one whole
    template with placeholders, never a piece that starts or ends at a separator."""
    fragments = sorted(
        text for message in read(TEMPLATE) if message.id for text in ids(message)
        if text.startswith(FRAGMENT_STARTS) or text.endswith(FRAGMENT_ENDS))
    assert not fragments, f"{TEMPLATE}: fragments (make each a whole sentence): {fragments}"
