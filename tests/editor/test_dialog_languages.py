"""The editor's dialogs in German and Chinese, in the real Tk window under Xvfb: every label,
button, check box and tab of the Properties and Generate dialogs reads as the language's
catalogue says, none left in English (a word drawn from a raw key, such as a field's name, is
in no catalogue and would show as the key)."""

from __future__ import annotations

import re
import tkinter as tk
from tkinter import ttk

import pytest
from babel.messages.pofile import read_po

from laser_flag import i18n
from map_editor.balance_panel import CHOICES, COLUMNS
from map_editor.generate_dialog import GenerateDialog
from map_editor.info_panel import NO_UNIT
from map_editor.properties_dialog import PropertiesDialog
from map_editor.window import APP_NAME

from .test_fog_property import _all
from .xdo import wait_for

pytestmark = pytest.mark.slow  # a real Tk window on an X server

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
WORDED = (ttk.Label, ttk.Button, ttk.Checkbutton, ttk.Radiobutton, ttk.LabelFrame, tk.Label,
          tk.Checkbutton)


def catalogue_words(code: str) -> list[re.Pattern[str]]:
    """Every translation of the language's catalogue (each plural form too) as a pattern a
    shown text must match whole: a {placeholder} stands for any value. One with no word
    besides its placeholders ("{a}: {b}") would match anything and is left out."""
    path = i18n.LOCALE_DIR / code / "LC_MESSAGES" / "laser_flag.po"
    with path.open("rb") as file:
        messages = [m for m in read_po(file) if m.id]
    texts = {text for m in messages
             for text in (m.string if isinstance(m.string, tuple | list) else (m.string,))}
    return [re.compile(".+".join(re.escape(part) for part in PLACEHOLDER.split(text)), re.S)
            for text in texts if any(c.isalpha() for c in PLACEHOLDER.sub("", text))]


def untranslated(dialog: tk.Misc, code: str) -> list[str]:
    """The words the dialog shows that no translation of the language gives."""
    patterns = catalogue_words(code)
    return sorted(t for t in shown_words(dialog) if not any(p.fullmatch(t) for p in patterns))


def shown_words(dialog: tk.Misc) -> set[str]:
    """The words the dialog's widgets and notebook tabs show (numbers and symbols left out)."""
    texts = {str(w.cget("text")) for w in _all(dialog) if isinstance(w, WORDED)}
    for notebook in (w for w in _all(dialog) if isinstance(w, ttk.Notebook)):
        texts |= {notebook.tab(tab, "text") for tab in notebook.tabs()}
    return {t for t in texts if any(c.isalpha() for c in t)}


@pytest.mark.parametrize("code", ["de", "zh_CN"])
def test_every_word_of_the_properties_dialog_is_translated(editor, code):
    i18n.use_language(code)
    dialog = PropertiesDialog(editor.root, editor.doc.data, lambda _values: None)
    wait_for(editor.root, dialog.winfo_viewable, what="the properties dialog")
    assert untranslated(dialog, code) == []


@pytest.mark.parametrize("code", ["de", "zh_CN"])
def test_every_word_of_the_generate_dialog_is_translated(editor, code):
    i18n.use_language(code)
    editor.generate_map()
    dialog = next(w for w in editor.root.winfo_children() if isinstance(w, GenerateDialog))
    wait_for(editor.root, dialog.winfo_viewable, what="the Generate dialog")
    assert untranslated(dialog, code) == []


@pytest.mark.parametrize("code", ["de", "zh_CN"])
def test_the_words_made_at_import_follow_the_language_chosen_after(editor, code):
    """The editor's constants (the window's title, the unit box, the Balance panel's columns
    and hit map) are translated where they are shown, so a language chosen after the editor's
    modules were imported still reaches them."""
    i18n.use_language(code)
    editor.refresh()
    title = editor.root.title()
    assert title.endswith(i18n._(APP_NAME)) and not title.endswith(APP_NAME)
    assert editor.info.unit_label.cget("text") == i18n._(NO_UNIT) != NO_UNIT
    editor.open_balance()
    panel = editor.balance
    wait_for(editor.root, panel.winfo_viewable, what="the Balance panel")
    headings = [panel.table.heading(key, "text") for key in panel.table["columns"]]
    assert headings == [i18n._(english) for english, __ in COLUMNS.values()]
    assert headings != [english for english, __ in COLUMNS.values()]
    pairings = {f"{one}-{two}" for one, two in CHOICES}  # the bots' own names
    assert set(untranslated(panel, code)) == pairings
